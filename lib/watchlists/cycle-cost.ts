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
  /** Records never checked whose lists the portal has not seen: counted at one request a list until their first check says more. */
  unknownRecords: number;
  /** Requests a second at the background share of the budget. */
  rate: number;
  seconds: number;
}

/** A cycle's duration when it gets the whole background share: requests ÷ rate. */
export function cycleCost(entities: number, requests: number, rate: number, unknownRecords = 0): CycleCostEstimate {
  return { entities, requests, unknownRecords, rate, seconds: requests / Math.max(rate, 0.001) };
}

/** "about 127 register requests", with what is not known said plainly ("at least …" when some records' size is unknown). */
export function requestsText(requests: number, unknownRecords: number, entities: number): string {
  const n = requests.toLocaleString('en-GB');
  if (unknownRecords === 0) return `about ${n} register requests`;
  const who = unknownRecords === entities ? (entities === 1 ? 'the record' : 'these records') : `${unknownRecords.toLocaleString('en-GB')} of the records`;
  return `at least ${n} register requests (the size of ${who} is unknown until the first check: a long list of permissions, people or representatives takes one request per page)`;
}
