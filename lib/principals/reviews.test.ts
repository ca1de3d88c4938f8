import { describe, expect, it } from 'vitest';
import type { ArReview } from './principal-store';
import type { RegisterArRow } from './reconcile';
import { reviewSchedule } from './reviews';

const row = (arFrn: string, effective: string, bucket: 'current' | 'previous' = 'current'): RegisterArRow => ({
  arFrn,
  name: `AR ${arFrn}`,
  bucket,
  subType: 'Full',
  effective,
  termination: bucket === 'previous' ? '2024-01-01' : null,
  tiedAgent: false,
  eeaTiedAgent: false,
});
const review = (arFrn: string, state: 'prepared' | 'approved', approvedAt: string | null): ArReview => ({
  id: `r-${arFrn}-${state}`,
  principalFrn: '700100',
  arFrn,
  arName: `AR ${arFrn}`,
  assessment: 'satisfactory',
  notes: 'ok',
  evidenceSha256: 'x',
  preparedBy: 'ann@example.com',
  preparedAt: '2026-01-01T10:00:00.000Z',
  state,
  approvedBy: approvedAt ? 'bob@example.com' : null,
  approvedAt,
});

describe('annual review schedule', () => {
  it('is due a year from appointment, or from the last approved review; a prepared review does not count until approved', () => {
    const schedule = reviewSchedule(
      [row('100001', '2025-06-01'), row('100002', '2020-02-29'), row('100003', '2019-01-01'), row('100004', '2010-01-01', 'previous')],
      [review('100003', 'approved', '2025-11-20T09:00:00.000Z'), review('100002', 'prepared', null)],
      '2026-02-05',
    );
    expect(schedule.map((d) => [d.arFrn, d.nextReviewDate, d.overdue, d.pendingReviewId])).toEqual([
      ['100002', '2021-02-28', true, 'r-100002-prepared'],
      ['100001', '2026-06-01', false, null],
      ['100003', '2026-11-20', false, null],
    ]);
  });
});
