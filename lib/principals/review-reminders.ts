import type { Db } from '@/lib/db/schema';
import { allPrincipalFrns, getPrincipal, latestReading, listReviews, type ArReview } from './principal-store';
import { reviewSchedule, type DueReview } from './reviews';

/**
 * Reminders of the annual reviews that are overdue or due soon, per principal: what the daily
 * e-mail digest lists (lib/notify) and what the workspace's summary counts. The next review date
 * and "overdue" are `reviewSchedule`'s (reviews.ts), never worked out again here; this only picks
 * the ARs due within the window, counts the days and names who prepared a review awaiting approval.
 */

/** The id of the workspace's table of reviews due (`/principals/[frn]#due-reviews`): what the digest and the page's summary link to. */
export const DUE_REVIEWS_ANCHOR = 'due-reviews';

/** Reviews due within this many days of today (London) are listed beside the overdue ones. */
export const REMINDER_WINDOW_DAYS = 30;

export interface ReviewReminder {
  arFrn: string;
  arName: string;
  /** ISO day, or null when the register gives the AR no appointment date (then it counts as overdue). */
  nextReviewDate: string | null;
  overdue: boolean;
  /** Days since the review fell due (overdue with a date), else null. */
  daysOverdue: number | null;
  /** Days until the review falls due (0: due today), when not overdue; else null. */
  dueInDays: number | null;
  /** A prepared review waiting for a second person's approval: who prepared it and when. */
  pending: { reviewId: string; preparedBy: string; preparedAt: string } | null;
}

export interface PrincipalReminders {
  frn: string;
  name: string | null;
  overdue: number;
  dueSoon: number;
  /** Most overdue first (no date first, then the earliest date), then by FRN. */
  reminders: ReviewReminder[];
}

function dayNumber(isoDay: string): number {
  const [y, m, d] = isoDay.slice(0, 10).split('-').map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** Whole days from `from` to `to` (ISO days). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * From a principal's schedule (`reviewSchedule`'s answer for `today`), the reviews overdue or due
 * within `windowDays`, with the preparer of any review awaiting approval.
 */
export function remindersOf(due: readonly DueReview[], reviews: readonly ArReview[], today: string, windowDays = REMINDER_WINDOW_DAYS): ReviewReminder[] {
  const byId = new Map(reviews.map((r) => [r.id, r]));
  const out: ReviewReminder[] = [];
  for (const d of due) {
    const dueIn = d.nextReviewDate === null ? null : daysBetween(today, d.nextReviewDate);
    if (!d.overdue && (dueIn === null || dueIn > windowDays)) continue;
    const prepared = d.pendingReviewId ? byId.get(d.pendingReviewId) : undefined;
    out.push({
      arFrn: d.arFrn,
      arName: d.arName,
      nextReviewDate: d.nextReviewDate,
      overdue: d.overdue,
      daysOverdue: d.overdue && dueIn !== null ? -dueIn : null,
      dueInDays: d.overdue ? null : dueIn,
      pending: prepared ? { reviewId: prepared.id, preparedBy: prepared.preparedBy, preparedAt: prepared.preparedAt } : null,
    });
  }
  return out.sort((a, b) => (a.nextReviewDate ?? '').localeCompare(b.nextReviewDate ?? '') || a.arFrn.localeCompare(b.arFrn));
}

/**
 * Every principal's reminders for `today` (a London date, yyyy-mm-dd), from its last reading and
 * its reviews: principals with none are left out; the principal with the most overdue review first.
 */
export async function reviewReminders(db: Db, today: string, windowDays = REMINDER_WINDOW_DAYS): Promise<PrincipalReminders[]> {
  const out: PrincipalReminders[] = [];
  for (const frn of await allPrincipalFrns(db)) {
    const [principal, reading, reviews] = await Promise.all([getPrincipal(db, frn), latestReading(db, frn), listReviews(db, frn)]);
    if (!principal || !reading) continue;
    const reminders = remindersOf(reviewSchedule(reading.rows, reviews, today), reviews, today, windowDays);
    if (reminders.length === 0) continue;
    const overdue = reminders.filter((r) => r.overdue).length;
    out.push({ frn, name: principal.name, overdue, dueSoon: reminders.length - overdue, reminders });
  }
  const first = (p: PrincipalReminders) => p.reminders[0].nextReviewDate ?? '';
  return out.sort((a, b) => first(a).localeCompare(first(b)) || (a.name ?? a.frn).localeCompare(b.name ?? b.frn) || a.frn.localeCompare(b.frn));
}
