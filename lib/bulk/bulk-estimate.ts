import { MAX_NAME_LOOKUPS } from '@/lib/matching/find-match';
import { MAX_QUERIES } from '@/lib/matching/register-queries';
import { STANDING_CALLS } from '@/lib/standing/read-standing';
import type { EntityKind } from '@/lib/db/schema';
import type { BulkInputRow } from './bulk-input';

/**
 * What a bulk check will cost before it starts: register requests and time.
 *
 * Requests per row that needs the register (invalid rows and duplicates need none):
 * - a reference row: 1 (the record) and what its standing reads (lib/standing/read-standing.ts:
 *   a firm's requirements and disciplinary history, 2; a person's disciplinary history and
 *   controlled functions, 2; a fund's name from the register's search, 1), plus 1 per chosen
 *   section of a firm (at least: a long list takes one request per page, so a firm with 45 pages
 *   of representatives costs 45 for that one). A name given beside the reference may add the
 *   firm's names (1) and, when it fits none of them, the matcher's searches for it (as a name row).
 * - a name row: the matcher's searches, 1 when the name is written any way the register knows and
 *   at most `MAX_QUERIES` (4), with at most `MAX_NAME_LOOKUPS` (2) firms' other names, then the
 *   matched record and its standing as above (a fund found by name needs no search for its name).
 *
 * Time: bulk work runs at background priority, which may use the budget less the interactive
 * reserve: `share` requests every `windowSeconds`. N requests take at least
 * floor((N − 1) / share) × windowSeconds (bench/budget-bound.ts), plus the wait for answers; rows
 * already in the cache cost nothing and go faster.
 */

/** The record and its standing. */
function recordCost(kind: EntityKind, byName: boolean): number {
  return 1 + STANDING_CALLS[kind] + (kind === 'fund' && !byName ? 1 : 0);
}

/** The most a name costs the matcher. */
const MATCHER_MAX = MAX_QUERIES + MAX_NAME_LOOKUPS;

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
  /** Requests if every name is found by its first search and every list fits on one page. */
  minRequests: number;
  /** Requests if every name needs every fallback search and other-names lookup (sections still at one page each). */
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
      const kind = r.entity ?? 'firm';
      names += 1;
      minRequests += 1 + recordCost(kind, true) + sections;
      maxRequests += MATCHER_MAX + recordCost(kind, true) + sections;
    } else {
      minRequests += recordCost(r.kind, false) + sections;
      maxRequests += recordCost(r.kind, false) + sections + (r.name ? 1 + MATCHER_MAX : 0);
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
