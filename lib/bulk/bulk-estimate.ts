import type { BulkInputRow } from './bulk-input';

/**
 * What a bulk check will cost before it starts: register requests and time.
 *
 * Requests per row that needs the register (invalid rows and duplicates need none):
 * - a reference row: 1 (the record), plus 1 per chosen section of a firm (at least: a long list
 *   takes one request per page, so a firm with 45 pages of representatives costs 45 for that one);
 * - a name row: 1 search and 1 record, plus up to 3 (the leading candidates' other names) when the
 *   name is not clearly a firm's current name, plus the sections of a matched firm.
 *
 * Time: bulk work runs at background priority, which may use the budget less the interactive
 * reserve: `share` requests every `windowSeconds`. N requests take at least
 * floor((N − 1) / share) × windowSeconds (bench/budget-bound.ts), plus the wait for answers; rows
 * already in the cache cost nothing and go faster.
 */

export interface BulkBudget {
  /** Requests per window bulk work may use (the budget less the interactive reserve). */
  share: number;
  windowSeconds: number;
}

export interface BulkEstimate {
  rows: number;
  toCheck: number;
  invalid: number;
  duplicates: number;
  names: number;
  /** Requests if every name is a clear current-name match and every list fits on one page. */
  minRequests: number;
  /** Requests if every name needs its candidates' other names (sections still at one page each). */
  maxRequests: number;
  minSeconds: number;
  maxSeconds: number;
  budget: BulkBudget;
}

export function boundSeconds(requests: number, budget: BulkBudget): number {
  if (requests <= 1) return 0;
  return Math.floor((requests - 1) / Math.max(1, budget.share)) * budget.windowSeconds;
}

export function estimateBulk(rows: BulkInputRow[], sectionCount: number, budget: BulkBudget): BulkEstimate {
  let minRequests = 0;
  let maxRequests = 0;
  let names = 0;
  let toCheck = 0;
  for (const r of rows) {
    if (r.kind === 'invalid' || r.duplicateOf !== undefined) continue;
    toCheck += 1;
    const sections = r.kind === 'firm' || (r.kind === 'name' && r.entity === 'firm') ? sectionCount : 0;
    if (r.kind === 'name') {
      names += 1;
      minRequests += 2 + sections;
      maxRequests += 2 + (r.entity === 'firm' ? 3 : 0) + sections;
    } else {
      minRequests += 1 + sections;
      maxRequests += 1 + sections;
    }
  }
  return {
    rows: rows.length,
    toCheck,
    invalid: rows.filter((r) => r.kind === 'invalid').length,
    duplicates: rows.filter((r) => r.duplicateOf !== undefined).length,
    names,
    minRequests,
    maxRequests,
    minSeconds: boundSeconds(minRequests, budget),
    maxSeconds: boundSeconds(maxRequests, budget),
    budget,
  };
}

/** "about 4 min", "45 s", "1 h 5 min". */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
