import { describe, expect, it } from 'vitest';
import type { ArReview } from './principal-store';
import type { RegisterArRow } from './reconcile';
import { daysBetween, remindersOf } from './review-reminders';
import { reviewSchedule } from './reviews';

const row = (arFrn: string, effective: string | null): RegisterArRow => ({
  arFrn,
  name: `AR ${arFrn}`,
  bucket: 'current',
  subType: 'Full',
  effective,
  termination: null,
  tiedAgent: false,
  eeaTiedAgent: false,
});
const prepared: ArReview = {
  id: 'r-1',
  principalFrn: '700100',
  arFrn: '100005',
  arName: 'AR 100005',
  assessment: 'concerns',
  notes: 'solvency to watch',
  evidenceSha256: 'e',
  preparedBy: 'ann@example.com',
  preparedAt: '2026-11-20T10:00:00.000Z',
  state: 'prepared',
  approvedBy: null,
  approvedAt: null,
};

describe('review reminders', () => {
  it('counts whole London days, across a leap day', () => {
    expect(daysBetween('2026-11-05', '2026-11-25')).toBe(20);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-12-05', '2026-11-25')).toBe(-10);
  });

  it('lists the reviews overdue or due within 30 days from the schedule, most overdue first, naming who prepared one awaiting approval', () => {
    const today = '2026-11-25';
    const reviews = [prepared];
    const due = reviewSchedule(
      [
        row('100001', '2025-11-05'), // due 5 Nov 2026: 20 days overdue
        row('100002', '2025-12-05'), // due 5 Dec 2026: in 10 days
        row('100003', '2026-01-24'), // due 24 Jan 2027: in 60 days, not listed
        row('100004', '2025-12-25'), // due 25 Dec 2026: in 30 days, listed (the window's last day)
        row('100005', '2024-10-01'), // due 1 Oct 2025: 420 days overdue, prepared by Ann
        row('100006', '2025-11-25'), // due today: not overdue yet, due in 0 days
        row('100007', null), // no appointment date: overdue, days unknown
      ],
      reviews,
      today,
    );
    expect(remindersOf(due, reviews, today).map((r) => [r.arFrn, r.nextReviewDate, r.overdue, r.daysOverdue, r.dueInDays, r.pending?.preparedBy ?? null])).toEqual([
      ['100007', null, true, null, null, null],
      ['100005', '2025-10-01', true, 420, null, 'ann@example.com'],
      ['100001', '2026-11-05', true, 20, null, null],
      ['100006', '2026-11-25', false, null, 0, null],
      ['100002', '2026-12-05', false, null, 10, null],
      ['100004', '2026-12-25', false, null, 30, null],
    ]);
  });
});
