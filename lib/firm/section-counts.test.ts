import { describe, expect, it } from 'vitest';
import type { RegisterResult } from '@/lib/register/result';
import { countFromFirstPage } from './section-counts';

const provenance = { path: '/Firm/1/X', upstream: 'sandbox' as const, source: 'live' as const, retrievedAt: '2026-11-22T10:00:00.000Z', ageSeconds: 0, stale: false };
const ok = (data: number[], page: Partial<RegisterResult<number[]> & { kind: 'ok' }>['page']): RegisterResult<number[]> => ({
  kind: 'ok',
  data,
  page: { page: 1, hasNext: false, ...page },
  provenance,
});
const rows = (d: number[]) => d.length;

describe('countFromFirstPage', () => {
  it('takes the register’s total when it gives one (AR and CF: both buckets together)', () => {
    expect(countFromFirstPage(ok([1, 2], { page: 1, totalCount: 1544, hasNext: true }), rows)).toBe(1544);
  });
  it('counts the rows when the first page is the only one', () => {
    expect(countFromFirstPage(ok([1, 2, 3], { page: 1, hasNext: false }), rows)).toBe(3);
  });
  it('does not guess when more pages follow and there is no total', () => {
    expect(countFromFirstPage(ok([1, 2, 3], { page: 1, hasNext: true }), rows)).toBeUndefined();
  });
  it('reads "not found" as none (the register’s way of saying a firm has no disciplinary history)', () => {
    expect(countFromFirstPage({ kind: 'not-found', message: 'Disciplinary history information not found', provenance }, rows)).toBe(0);
  });
  it('gives no count when the register is busy or failing', () => {
    expect(
      countFromFirstPage({ kind: 'rate-limited', message: 'busy', retryAt: '2026-11-22T10:00:05.000Z', retryAfterSeconds: 5, fromUpstream: false, provenance: null }, rows),
    ).toBeUndefined();
    expect(countFromFirstPage({ kind: 'upstream-error', message: 'down', provenance: null }, rows)).toBeUndefined();
  });
});
