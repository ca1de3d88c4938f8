/** "about 2 min 30 s", "45 s", "under a second": a duration for people. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 1) return 'under a second';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return s % 60 ? `${minutes} min ${s % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

export interface CycleCostEstimate {
  entities: number;
  requests: number;
  /** Requests a second at the background share of the budget. */
  rate: number;
  seconds: number;
}

/** A cycle's duration when it gets the whole background share: requests ÷ rate. */
export function cycleCost(entities: number, requests: number, rate: number): CycleCostEstimate {
  return { entities, requests, rate, seconds: requests / Math.max(rate, 0.001) };
}
