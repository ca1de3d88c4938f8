import type { EntityKind } from '@/lib/db/schema';
import type { FirmNames, FundName, SearchResult } from '@/lib/register/model';
import { readClone } from '@/lib/standing/listing-standing';
import { readFirmStatus, readFundStatus } from '@/lib/standing/status-words';
import { foldName, type FoldedName } from './fold-name';
import { compareNames, type NameComparison } from './name-similarity';
import { comparePostcodes, type GivenPostcode } from './postcode';
import { fallbackQueries, firstQuery, MAX_QUERIES } from './register-queries';

/**
 * The matcher: from a name as a person wrote it (and perhaps a postcode) to the register entry it
 * names, or to the few a person must choose from, or to an unauthorised or clone entry, or to
 * nothing. Bulk checks, reconciliation and the search page all use it.
 *
 * 1. Ask the register (register-queries.ts): the folded name first; other queries only when that
 *    finds nothing worth a look.
 * 2. Score every entry found (name-similarity.ts) against its listed name, and, for firms the
 *    register found through another name (a typed word that starts no word of the listed name),
 *    against their trading and previous names (a fund's other names likewise; at most
 *    `MAX_NAME_LOOKUPS` a row: one call each). A current trading name counts in full, a previous name at 95% (the firm was found
 *    under a name it no longer uses, which is said).
 * 3. Adjust for the postcode (postcode.ts), and take 10 off a firm or fund whose listed status has
 *    ended when a current entry of the same name is listed too (`preferCurrentEntries`: a
 *    representative that became authorised is listed twice).
 * 4. Decide (`decide`): **matched** when the best reaches `MATCH_SCORE` and leads the next by
 *    `MARGIN`; **unauthorised** when an unauthorised or clone entry fits the name better than any
 *    entry with a record; **ambiguous** (a person chooses) when something reaches `REVIEW_FLOOR`;
 *    otherwise **not found**. A clone that uses a matched firm's own name does not unmatch it: the
 *    firm is matched and the clone is reported beside it.
 */

export const MATCH_SCORE = 90;
export const MARGIN = 8;
export const REVIEW_FLOOR = 60;
/** A first search whose best candidate scores this much is not followed by other queries. */
export const GOOD_ENOUGH = 80;
export const MAX_NAME_LOOKUPS = 2;
export const MAX_CANDIDATES = 5;
const PREVIOUS_NAME_WEIGHT = 0.95;
const ENDED_PENALTY = 10;

export interface MatchRequest {
  name: string;
  entity: EntityKind;
  postcode?: GivenPostcode;
}

/** A firm's names as the matcher reads them: trading and registered (current), and previous. */
export function firmOtherNames(data: FirmNames): { current: string[]; previous: string[] } {
  const names = (list: FirmNames['current']) => list.map((n) => n.name).filter((n): n is string => Boolean(n));
  return { current: names(data.current), previous: names(data.previous) };
}

/** A fund's other names: current while they have no end date. */
export function fundOtherNames(data: FundName[]): { current: string[]; previous: string[] } {
  const names = (list: FundName[]) => list.map((n) => n.name).filter((n): n is string => Boolean(n));
  return { current: names(data.filter((n) => !n.effectiveTo)), previous: names(data.filter((n) => n.effectiveTo)) };
}

/** How the matcher reaches the register; failures are the caller's to throw. */
export interface RegisterPort {
  /** One page of the register's search; an empty list when it finds nothing. */
  search(query: string, entity: EntityKind): Promise<SearchResult[]>;
  /** A firm's current (trading and registered) and previous names; undefined when none. */
  firmNames?(frn: string): Promise<{ current: string[]; previous: string[] } | undefined>;
  /** A fund's other names (current ones have no end date); undefined when none. */
  fundNames?(prn: string): Promise<{ current: string[]; previous: string[] } | undefined>;
}

export interface Candidate {
  kind: EntityKind;
  ref: string;
  name: string;
  status?: string;
  /** The register's "Type of business or Individual" ("Firm", "Payment services firm", …). */
  type?: string;
  postcode?: string;
  /** 0-100, shown to people. */
  score: number;
  /** The score before it was capped at 100, for ordering. */
  rank: number;
  matchedOn: 'current' | 'trading' | 'previous';
  /** The other name that scored, when not the listed one. */
  otherName?: string;
  exact: boolean;
  spelling: boolean;
  /** Why, for people: "same name once folded", "postcode agrees", … */
  reasons: string[];
}

/** An unauthorised or clone entry the register's search lists (no reference number, no record). */
export interface ListingCandidate {
  /** As listed, postcode suffix included. */
  listedName: string;
  /** Without the "(clone of …)" words and the postcode suffix. */
  name: string;
  status?: string;
  type?: string;
  clone: boolean;
  /** The firm it clones, when the register's words name it. */
  cloneOf?: string;
  score: number;
  exact: boolean;
  reasons: string[];
}

export type Decision =
  | { outcome: 'matched'; best: Candidate; clones: ListingCandidate[] }
  | { outcome: 'unauthorised'; best: ListingCandidate; clonedFirm?: Candidate }
  | { outcome: 'ambiguous'; candidates: Candidate[]; listings: ListingCandidate[] }
  | { outcome: 'not-found' };

export interface MatchReport {
  folded: FoldedName;
  /** The register searches made, in order. */
  queries: string[];
  /** Firms whose trading and previous names were read. */
  nameLookups: string[];
  /** Register calls made: searches and name lookups. */
  calls: number;
  candidates: Candidate[];
  listings: ListingCandidate[];
  decision: Decision;
}

function listedWords(hit: SearchResult, person: boolean): FoldedName {
  return foldName(hit.name ?? hit.listedName ?? '', { person });
}

function statusEnded(hit: SearchResult): boolean {
  if (hit.entity === 'firm') return readFirmStatus(hit.status).kind === 'ended';
  if (hit.entity === 'fund') return readFundStatus(hit.status).kind === 'ended';
  return false;
}

function describeName(c: NameComparison): string[] {
  if (c.exact) return c.notes.length > 0 ? c.notes : ['same name once folded'];
  return c.notes;
}

/** Scores one entry with a record against the request. */
export function scoreHit(hit: SearchResult, request: MatchRequest, given: FoldedName, others?: { current: string[]; previous: string[] }): Candidate | undefined {
  if (!hit.referenceNumber || !hit.linkable) return undefined;
  const person = hit.entity === 'individual';
  const listedName = hit.name ?? hit.listedName ?? '';
  const options: Array<{ name: string; weight: number; on: Candidate['matchedOn'] }> = [
    ...(others?.current ?? []).filter((n) => n !== listedName).map((name) => ({ name, weight: 1, on: 'trading' as const })),
    ...(others?.previous ?? []).map((name) => ({ name, weight: PREVIOUS_NAME_WEIGHT, on: 'previous' as const })),
  ];
  let best = compareNames(given, listedWords(hit, person), { person });
  let nameScore = best.score;
  let chosen: { name: string; on: Candidate['matchedOn'] } = { name: listedName, on: 'current' };
  for (const o of options) {
    const c = compareNames(given, foldName(o.name, { person }), { person });
    const s = Math.round(c.score * o.weight * 10) / 10;
    if (s > nameScore) {
      best = c;
      nameScore = s;
      chosen = o;
    }
  }
  const matchedOn = chosen.on;
  const otherName = matchedOn === 'current' ? undefined : chosen.name;
  const reasons = describeName(best);
  if (matchedOn === 'trading') reasons.unshift(`matched on its trading name "${otherName}"`);
  if (matchedOn === 'previous') reasons.unshift(`matched on a previous name, "${otherName}" (×${PREVIOUS_NAME_WEIGHT})`);
  let rank = nameScore;
  if (request.postcode && hit.entity === 'firm') {
    const p = comparePostcodes(request.postcode, hit.postcode);
    rank += p.adjustment;
    if (p.agreement !== 'not-listed' || hit.postcode === undefined) reasons.push(p.note);
  }
  rank = Math.round(rank * 10) / 10;
  return {
    kind: hit.entity,
    ref: hit.referenceNumber,
    name: listedName,
    status: hit.status,
    type: hit.type,
    postcode: hit.postcode,
    score: Math.max(0, Math.min(100, rank)),
    rank,
    matchedOn,
    otherName,
    exact: best.exact,
    spelling: best.spelling,
    reasons,
  };
}

/** Scores one unauthorised or clone entry against the request. */
export function scoreListing(hit: SearchResult, given: FoldedName): ListingCandidate {
  const listed = hit.listedName ?? hit.name ?? '';
  const clone = readClone(hit.name ?? listed);
  const name = clone?.name ?? hit.name ?? listed;
  const c = compareNames(given, foldName(name));
  return {
    listedName: listed,
    name,
    status: hit.status,
    type: hit.type,
    clone: Boolean(clone),
    ...(clone?.of ? { cloneOf: clone.of } : {}),
    score: c.score,
    exact: c.exact,
    reasons: describeName(c),
  };
}

/**
 * An entry whose listed status has ended takes 10 off when an entry of the same name (once folded,
 * legal forms included) is current: a representative that became authorised, or a firm that
 * re-registered, is listed twice, and the current entry is the one meant. Alone, an ended entry
 * keeps its score: a firm no longer authorised is still the firm named (its standing says stop).
 */
export function preferCurrentEntries(candidates: Candidate[]): Candidate[] {
  const key = (c: Candidate) => {
    const f = foldName(c.name, { person: c.kind === 'individual' });
    return `${c.kind}|${f.compact}|${f.legalForms.join(' ')}`;
  };
  const ended = (c: Candidate) => statusEnded({ entity: c.kind, status: c.status } as SearchResult);
  const current = new Set(candidates.filter((c) => !ended(c)).map(key));
  return candidates.map((c) => {
    if (!ended(c) || !current.has(key(c))) return c;
    const rank = Math.round((c.rank - ENDED_PENALTY) * 10) / 10;
    return {
      ...c,
      rank,
      score: Math.max(0, Math.min(100, rank)),
      reasons: [...c.reasons, `listed status "${c.status}" while an entry of the same name is current (−${ENDED_PENALTY})`],
    };
  });
}

/** One entry per reference number (the register lists some twice, with two statuses), best first. */
export function rankCandidates(scored: Candidate[]): Candidate[] {
  const byRef = new Map<string, Candidate>();
  for (const c of scored) {
    const key = `${c.kind}:${c.ref}`;
    const seen = byRef.get(key);
    if (!seen || c.rank > seen.rank) byRef.set(key, c);
  }
  return [...byRef.values()].sort((a, b) => b.rank - a.rank || a.ref.localeCompare(b.ref));
}

function rankListings(scored: ListingCandidate[]): ListingCandidate[] {
  const byName = new Map<string, ListingCandidate>();
  for (const l of scored) if (!byName.has(l.listedName) || byName.get(l.listedName)!.score < l.score) byName.set(l.listedName, l);
  return [...byName.values()].sort((a, b) => b.score - a.score || a.listedName.localeCompare(b.listedName));
}

/** What the scored candidates decide (see the module comment). */
export function decide(candidates: Candidate[], listings: ListingCandidate[]): Decision {
  const ranked = rankCandidates(candidates);
  const unauthorised = rankListings(listings);
  const [best, second] = ranked;
  const topListing = unauthorised[0];
  // A clone that uses the best candidate's own name.
  const sameNameClones = best
    ? unauthorised.filter((l) => l.clone && foldName(l.name).compact === foldName(best.matchedOn === 'current' ? best.name : (best.otherName ?? best.name)).compact)
    : [];
  if (
    topListing &&
    topListing.score >= MATCH_SCORE &&
    !sameNameClones.includes(topListing) &&
    (!best || topListing.score >= best.rank + MARGIN || (topListing.exact && !best.exact))
  ) {
    const cloneName = foldName(topListing.name).compact;
    const clonedFirm = topListing.clone ? ranked.find((c) => foldName(c.name).compact === cloneName) : undefined;
    return { outcome: 'unauthorised', best: topListing, ...(clonedFirm ? { clonedFirm } : {}) };
  }
  const listingsInReach = unauthorised.filter((l) => l.score >= REVIEW_FLOOR && !sameNameClones.includes(l));
  if (best && best.rank >= MATCH_SCORE && (!second || best.rank - second.rank >= MARGIN)) {
    const rival = listingsInReach.find((l) => best.rank - l.score < MARGIN);
    if (!rival) return { outcome: 'matched', best, clones: sameNameClones };
  }
  const inReach = ranked.filter((c) => c.rank >= REVIEW_FLOOR).slice(0, MAX_CANDIDATES);
  if (inReach.length === 0 && listingsInReach.length === 0) return { outcome: 'not-found' };
  return { outcome: 'ambiguous', candidates: inReach, listings: listingsInReach.slice(0, 3) };
}

/** Whether the register found the hit through a name other than the one it lists (a typed word starts no word of it). */
function foundThroughOtherName(hit: SearchResult, query: string): boolean {
  const folded = foldName(hit.name ?? hit.listedName ?? '');
  const listed = [...folded.words, ...folded.legalForms];
  return query.split(' ').some((q) => !listed.some((w) => w.startsWith(q)));
}

/** Asks the register and decides; see the module comment. */
export async function findMatch(request: MatchRequest, port: RegisterPort): Promise<MatchReport> {
  const person = request.entity === 'individual';
  const folded = foldName(request.name, { person });
  const report: MatchReport = { folded, queries: [], nameLookups: [], calls: 0, candidates: [], listings: [], decision: { outcome: 'not-found' } };
  const first = firstQuery(folded);
  if (first === '') return report;
  const hits: SearchResult[] = [];
  const names = new Map<string, { current: string[]; previous: string[] }>();
  const rescore = () => {
    report.candidates = rankCandidates(
      preferCurrentEntries(
        hits.map((h) => scoreHit(h, request, folded, h.referenceNumber ? names.get(h.referenceNumber) : undefined)).filter((c): c is Candidate => c !== undefined),
      ),
    );
    report.listings = rankListings(hits.filter((h) => !h.referenceNumber || !h.linkable).map((h) => scoreListing(h, folded)));
    report.decision = decide(report.candidates, report.listings);
  };
  const settled = () => report.decision.outcome === 'matched' || report.decision.outcome === 'unauthorised';
  const bestScore = () => Math.max(report.candidates[0]?.rank ?? 0, report.listings[0]?.score ?? 0);

  const otherNames = request.entity === 'firm' ? port.firmNames : request.entity === 'fund' ? port.fundNames : undefined;
  const lookUp = async (ref: string) => {
    report.nameLookups.push(ref);
    report.calls += 1;
    names.set(ref, (await otherNames!(ref)) ?? { current: [], previous: [] });
    rescore();
  };
  const canLookUp = otherNames !== undefined;

  for (const query of [first, ...fallbackQueries(folded)].slice(0, MAX_QUERIES)) {
    if (report.queries.length > 0 && (settled() || bestScore() >= GOOD_ENOUGH)) break;
    report.queries.push(query);
    report.calls += 1;
    const found = await port.search(query, request.entity);
    hits.push(...found);
    rescore();
    // Entries the register found through a trading, previous or other name: read those names.
    for (const hit of canLookUp ? found : []) {
      if (report.nameLookups.length >= MAX_NAME_LOOKUPS || settled()) break;
      const ref = hit.referenceNumber;
      if (ref && hit.linkable && !names.has(ref) && foundThroughOtherName(hit, query)) await lookUp(ref);
    }
  }
  // Still undecided: the leading candidates' other names may settle it ("Albion Crown" is a trading name of "Albion Crown Bank plc").
  for (const c of canLookUp ? [...report.candidates] : []) {
    if (report.nameLookups.length >= MAX_NAME_LOOKUPS || settled() || c.rank < REVIEW_FLOOR) break;
    if (c.kind === request.entity && !names.has(c.ref)) await lookUp(c.ref);
  }
  return report;
}
