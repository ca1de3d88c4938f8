import { describe, expect, it } from 'vitest';
import { BUCKET_SIZE, pageInfo } from '@/lib/register/paging';
import type { RegisterResult } from '@/lib/register/result';
import { findLastPage } from './last-page';

type Page = { current: number; previous: number };

/** A two-bucket list as the register pages it: up to 10 of each bucket per page, the pages following the larger. */
function bucketedList(current: number, previous: number) {
  const asked: number[] = [];
  const fetchPage = async (page: number): Promise<RegisterResult<Page>> => {
    asked.push(page);
    const take = (size: number) => Math.max(0, Math.min(BUCKET_SIZE, size - (page - 1) * BUCKET_SIZE));
    const data = { current: take(current), previous: take(previous) };
    const info = pageInfo(
      { page: String(page), per_page: '10', total_count: String(current + previous) },
      page,
      { kind: 'buckets', rows: (d: Page) => [d.current, d.previous] },
      data,
    );
    return {
      kind: 'ok',
      data,
      page: info,
      provenance: { path: `/AR?pgnp=${page}`, upstream: 'sandbox', source: 'live', retrievedAt: '2026-11-28T10:00:00Z' },
    } as RegisterResult<Page>;
  };
  return { fetchPage, asked };
}

const rows = (d: Page) => d.current + d.previous;

describe('findLastPage', () => {
  it('finds 700100’s last page of appointed representatives (714 current, 830 previous: 83 pages) in a few reads', async () => {
    const list = bucketedList(714, 830);
    const last = await findLastPage(list.fetchPage, { buckets: true, rows });
    expect(last.page).toBe(83);
    expect(last.result.kind === 'ok' && last.result.data).toEqual({ current: 0, previous: 10 });
    // Page 1, then a binary search between 78 (1,544 / 20) and 155 (1,544 / 10).
    expect(list.asked[0]).toBe(1);
    expect(last.probes).toBeLessThanOrEqual(9);
    expect(list.asked.every((p) => p === 1 || (p >= 78 && p <= 155))).toBe(true);
  });

  it('stops as soon as a page reveals the count (a bucket ends part-way through a page)', async () => {
    // 95 current and 31 previous: the pages follow the current bucket, 10 pages, the last holding 5.
    const list = bucketedList(95, 31);
    const last = await findLastPage(list.fetchPage, { buckets: true, rows });
    expect(last.page).toBe(10);
    expect(last.result.kind === 'ok' && last.result.data).toEqual({ current: 5, previous: 0 });
  });

  it('answers page 1 for a one-page list, and the counted last page of a plain list', async () => {
    const small = bucketedList(3, 4);
    expect((await findLastPage(small.fetchPage, { buckets: true, rows })).page).toBe(1);
    expect(small.asked).toEqual([1]);

    const asked: number[] = [];
    const plain = async (page: number): Promise<RegisterResult<number>> => {
      asked.push(page);
      const info = pageInfo({ page: String(page), per_page: '20', total_count: '95' }, page, { kind: 'list', items: (d: number) => d, trustLinks: false }, page < 5 ? 20 : 15);
      return {
        kind: 'ok',
        data: page < 5 ? 20 : 15,
        page: info,
        provenance: { path: '/x', upstream: 'sandbox', source: 'live', retrievedAt: '2026-11-28T10:00:00Z' },
      } as RegisterResult<number>;
    };
    const last = await findLastPage(plain, { rows: (d) => d });
    expect(last.page).toBe(5);
    expect(asked).toEqual([1, 5]);
  });

  it('passes a register failure on the first page through', async () => {
    const failing = async (): Promise<RegisterResult<Page>> => ({ kind: 'upstream-error', message: 'The register failed.' }) as RegisterResult<Page>;
    const last = await findLastPage(failing, { buckets: true, rows });
    expect(last).toMatchObject({ page: 1, result: { kind: 'upstream-error' } });
  });
});
