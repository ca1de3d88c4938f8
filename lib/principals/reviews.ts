import type { ArReview } from './principal-store';
import type { RegisterArRow } from './reconcile';

/**
 * When each current AR's annual review is due (SUP 12: at least once a year): a year from its last
 * approved review, or from its appointment when it has none. A review prepared but not yet
 * approved does not count until a second person approves it.
 */

export interface DueReview {
  arFrn: string;
  arName: string;
  appointed: string | null;
  lastApprovedAt: string | null;
  /** ISO day. */
  nextReviewDate: string | null;
  overdue: boolean;
  /** A prepared review awaiting its approval. */
  pendingReviewId: string | null;
}

function aYearAfter(isoDay: string): string {
  const [y, m, d] = isoDay.slice(0, 10).split('-').map(Number);
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  // 29 February moves to 28 February (Date would roll over to 1 March).
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/** The schedule for the current ARs of a reading, overdue first, then by date and FRN. */
export function reviewSchedule(current: readonly RegisterArRow[], reviews: readonly ArReview[], today: string): DueReview[] {
  const byAr = new Map<string, ArReview[]>();
  for (const r of reviews) byAr.set(r.arFrn, [...(byAr.get(r.arFrn) ?? []), r]);
  const seen = new Set<string>();
  const out: DueReview[] = [];
  for (const row of current) {
    if (row.bucket !== 'current' || seen.has(row.arFrn)) continue;
    seen.add(row.arFrn);
    const own = byAr.get(row.arFrn) ?? [];
    const lastApprovedAt =
      own
        .filter((r) => r.state === 'approved' && r.approvedAt)
        .map((r) => r.approvedAt!)
        .sort()
        .pop() ?? null;
    const base = lastApprovedAt ?? row.effective;
    const nextReviewDate = base ? aYearAfter(base) : null;
    out.push({
      arFrn: row.arFrn,
      arName: row.name,
      appointed: row.effective,
      lastApprovedAt,
      nextReviewDate,
      overdue: nextReviewDate === null || nextReviewDate < today,
      pendingReviewId: own.find((r) => r.state === 'prepared')?.id ?? null,
    });
  }
  return out.sort((a, b) => Number(b.overdue) - Number(a.overdue) || (a.nextReviewDate ?? '').localeCompare(b.nextReviewDate ?? '') || a.arFrn.localeCompare(b.arFrn));
}
