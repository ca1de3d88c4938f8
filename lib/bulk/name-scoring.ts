import type { EntityKind } from '@/lib/db/schema';
import { nameScore } from '@/lib/reconcile/name-match';
import type { SearchResult } from '@/lib/register/model';

/**
 * How a name row is matched to a register entry.
 *
 * Candidates are the register search's hits for the name (in the row's register: firms,
 * individuals or funds) that have a reference number (unauthorised and clone entries have none and
 * can never be a match). Each gets a score from 0 to 100:
 *
 * - **Name similarity**, up to 100: the Dice coefficient of the two names' word sets after
 *   normalisation (lib/reconcile/name-match.ts: case, accents, punctuation, "&"/"and" and legal
 *   forms such as Limited/Ltd folded), against the candidate's current name.
 * - **Current versus previous name**: when a firm's current name is not a clear match, its other
 *   names (trading and previous, from the register's Names list) are compared too, and the best of
 *   them counts at 90% (`PREVIOUS_NAME_WEIGHT`): the firm was found, but under a name it no longer
 *   uses, which a person should notice.
 * - **Postcode**, when the row gives one and the register lists one: the same postcode adds 10, the
 *   same outward code (the part before the space) adds 5, a different one takes 25 off.
 * - **Status**: an entry whose status says it is no longer authorised or registered (or is
 *   inactive) takes 10 off, so that a current entry of the same name wins.
 *
 * The result is clamped to 0-100. A row is **matched** when its best candidate scores at least
 * `MATCH_THRESHOLD` (85) and beats the next by at least `CLEAR_MARGIN` (10). It is **not found**
 * when the search has no hits or no candidate reaches `CANDIDATE_FLOOR` (40). Otherwise it is
 * **ambiguous**: the candidates above the floor wait for a person to pick one, or none. A
 * Companies House number on the row settles an ambiguous firm row when exactly one of the leading
 * candidates' records carries that number.
 */

export const MATCH_THRESHOLD = 85;
export const CLEAR_MARGIN = 10;
export const CANDIDATE_FLOOR = 40;
export const PREVIOUS_NAME_WEIGHT = 0.9;
/** How many candidates are kept for a person to choose from. */
export const MAX_CANDIDATES = 5;

export interface Candidate {
  kind: EntityKind;
  ref: string;
  name: string;
  status?: string;
  postcode?: string;
  score: number;
  /** Which of the candidate's names scored: its current name or a trading or previous one. */
  matchedOn: 'current' | 'other';
  /** The other name that scored, when it was not the current one. */
  otherName?: string;
  /** How the score was made, for people: "name 92, postcode +10". */
  reasons: string[];
}

const INACTIVE_STATUS = /no longer|inactive|cancelled|revoked|lapsed|ceased|not authorised|unauthori[sz]ed/i;

function outward(postcode: string): string {
  return postcode.split(' ')[0] ?? postcode;
}

function compactPostcode(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}

export interface ScoreInput {
  query: string;
  postcode?: string;
  /** The candidate's trading and previous names, when they were read. */
  otherNames?: string[];
}

/** Scores one search hit against a row. */
export function scoreCandidate(hit: SearchResult, input: ScoreInput): Candidate | undefined {
  if (!hit.referenceNumber || hit.unauthorised || !hit.linkable) return undefined;
  const name = hit.name ?? hit.listedName ?? '';
  const current = nameScore(input.query, name);
  let best = current;
  let matchedOn: Candidate['matchedOn'] = 'current';
  let otherName: string | undefined;
  for (const other of input.otherNames ?? []) {
    const s = Math.round(nameScore(input.query, other) * PREVIOUS_NAME_WEIGHT * 10) / 10;
    if (s > best) {
      best = s;
      matchedOn = 'other';
      otherName = other;
    }
  }
  const reasons = [matchedOn === 'current' ? `name ${best}` : `other name "${otherName}" ${best}`];
  let score = best;
  if (input.postcode && hit.postcode) {
    if (compactPostcode(input.postcode) === compactPostcode(hit.postcode)) {
      score += 10;
      reasons.push('same postcode +10');
    } else if (outward(input.postcode.toUpperCase()) === outward(hit.postcode.toUpperCase())) {
      score += 5;
      reasons.push('same postcode area +5');
    } else {
      score -= 25;
      reasons.push('different postcode −25');
    }
  }
  if (hit.status && INACTIVE_STATUS.test(hit.status)) {
    score -= 10;
    reasons.push(`status "${hit.status}" −10`);
  }
  score = Math.max(0, Math.min(100, Math.round(score * 10) / 10));
  return { kind: hit.entity, ref: hit.referenceNumber, name, status: hit.status, postcode: hit.postcode, score, matchedOn, otherName, reasons };
}

export type MatchDecision =
  { outcome: 'matched'; best: Candidate; candidates: Candidate[] } | { outcome: 'ambiguous'; candidates: Candidate[] } | { outcome: 'not-found'; candidates: Candidate[] };

/** The candidates, best first (one per reference number), and what they decide. */
export function rankCandidates(scored: Candidate[]): Candidate[] {
  const byRef = new Map<string, Candidate>();
  for (const c of scored) {
    const seen = byRef.get(`${c.kind}:${c.ref}`);
    if (!seen || c.score > seen.score) byRef.set(`${c.kind}:${c.ref}`, c);
  }
  return [...byRef.values()].sort((a, b) => b.score - a.score || a.ref.localeCompare(b.ref));
}

export function decideMatch(scored: Candidate[]): MatchDecision {
  const ranked = rankCandidates(scored)
    .filter((c) => c.score >= CANDIDATE_FLOOR)
    .slice(0, MAX_CANDIDATES);
  if (ranked.length === 0) return { outcome: 'not-found', candidates: [] };
  const [best, second] = ranked;
  if (best.score >= MATCH_THRESHOLD && (!second || best.score - second.score >= CLEAR_MARGIN)) return { outcome: 'matched', best, candidates: ranked };
  return { outcome: 'ambiguous', candidates: ranked };
}

/** Whether a firm's current name is a clear enough match that its other names need not be read. */
export function currentNameSettles(scored: Candidate[]): boolean {
  return decideMatch(scored).outcome === 'matched';
}
