/**
 * Word-prefix search over names, built once per dataset. It reproduces what the live /Search does
 * (reference section 4): every query word must be the start of some word of the entity's current,
 * trading or previous names (people: their names and the nicknames of their first name), in any
 * order, ignoring case, accents and apostrophes. A reference number as the query finds that entity.
 *
 * Unlike the live service the order is stable: best match first (exact name, whole words, word
 * starts, then matches through other names), then dataset order.
 */
import { foldText } from './generation-kit';
import type { FirmRecord, FundRecord, IndividualRecord, UnauthorisedRecord } from './types';

export type SearchKind = 'firm' | 'individual' | 'fund';

export interface SearchEntry {
  kind: SearchKind;
  /** FRN, IRN or PRN; '' for unauthorised firms. */
  ref: string;
  /** Path below the API base ('/Firm/123'), or null (unauthorised firms have no record). */
  path: string | null;
  status: string;
  type: string;
  /** Display name as the register prints it in results (firms with their postcode suffix). */
  name: string;
}

/** Words of a text for indexing: folded, split; "o'connell" gives "oconnell", "o" and "connell". */
export function indexWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of foldText(text.replace(/[’‘`]/g, "'")).split(/[^a-z0-9']+/)) {
    const word = raw.replace(/^'+|'+$/g, '');
    if (word === '') continue;
    if (word.includes("'")) {
      out.push(word.replace(/'/g, ''));
      for (const part of word.split("'")) if (part !== '') out.push(part);
    } else {
      out.push(word);
    }
  }
  return out;
}

/** Words of a query: apostrophes are dropped inside words ("O'Connell" → "oconnell"). */
export function queryWords(text: string): string[] {
  return foldText(text.replace(/[’‘`]/g, "'"))
    .split(/[^a-z0-9']+/)
    .map((w) => w.replace(/'/g, ''))
    .filter((w) => w !== '');
}

class KindIndex {
  readonly entries: SearchEntry[] = [];
  private readonly primary: string[][] = [];
  private readonly byRef = new Map<string, number[]>();
  private readonly postingsByToken = new Map<string, number[]>();
  private tokens: string[] = [];
  private postings: number[][] = [];

  add(entry: SearchEntry, primaryText: string, otherTexts: string[]): void {
    const id = this.entries.length;
    this.entries.push(entry);
    const primary = indexWords(primaryText);
    this.primary.push(primary);
    const seen = new Set<string>();
    for (const token of [...primary, ...otherTexts.flatMap(indexWords)]) {
      if (seen.has(token)) continue;
      seen.add(token);
      let list = this.postingsByToken.get(token);
      if (!list) this.postingsByToken.set(token, (list = []));
      list.push(id);
    }
    if (entry.ref !== '') {
      const key = entry.ref.toUpperCase();
      const list = this.byRef.get(key);
      if (list) list.push(id);
      else this.byRef.set(key, [id]);
    }
  }

  seal(): void {
    this.tokens = [...this.postingsByToken.keys()].sort();
    this.postings = this.tokens.map((t) => this.postingsByToken.get(t)!);
    this.postingsByToken.clear();
  }

  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.tokens.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.tokens[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  search(query: string): SearchEntry[] {
    const ref = this.byRef.get(query.trim().toUpperCase());
    if (ref) return ref.map((id) => this.entries[id]);
    // Only the first 32 words count: that keeps the per-entity counters within a byte (real queries are a few words).
    const words = queryWords(query).slice(0, 32);
    if (words.length === 0) return [];
    // counts[id] reaches words.length when every query word matched some word of the entity.
    const counts = new Uint8Array(this.entries.length);
    let candidates: number[] = [];
    words.forEach((word, k) => {
      const next: number[] = [];
      for (let i = this.lowerBound(word); i < this.tokens.length && this.tokens[i].startsWith(word); i++) {
        for (const id of this.postings[i]) {
          if (counts[id] === k) {
            counts[id] = k + 1;
            next.push(id);
          }
        }
      }
      candidates = next;
    });
    const ranked = candidates.map((id) => ({ id, rank: this.rank(id, words) }));
    ranked.sort((a, b) => a.rank - b.rank || a.id - b.id);
    return ranked.map((r) => this.entries[r.id]);
  }

  private rank(id: number, words: string[]): number {
    const primary = this.primary[id];
    if (primary.length === words.length && primary.every((w, i) => w === words[i])) return 0;
    if (words.every((w) => primary.includes(w))) return 1;
    if (words.every((w) => primary.some((p) => p.startsWith(w)))) return 2;
    return 3;
  }
}

export class SearchIndex {
  private readonly kinds: Record<SearchKind, KindIndex> = {
    firm: new KindIndex(),
    individual: new KindIndex(),
    fund: new KindIndex(),
  };

  constructor(firms: Iterable<FirmRecord>, unauthorised: UnauthorisedRecord[], individuals: Iterable<IndividualRecord>, funds: Iterable<FundRecord>) {
    const firmIndex = this.kinds.firm;
    for (const f of firms) {
      const others = [...f.currentNames.map((n) => n.name), ...f.previousNames.map((n) => n.name)];
      const base = { kind: 'firm' as const, ref: f.frn, path: `/Firm/${f.frn}`, type: f.searchType, name: `${f.name}${f.searchSuffix}` };
      firmIndex.add({ ...base, status: f.searchStatus }, f.name, others);
      for (const status of f.duplicateSearchStatuses) firmIndex.add({ ...base, status }, f.name, others);
    }
    for (const u of unauthorised) {
      firmIndex.add({ kind: 'firm', ref: '', path: null, status: 'Unauthorised', type: 'Unauthorised firm', name: `${u.name}${u.suffix}` }, u.name, []);
    }
    for (const p of individuals) {
      const others = [...p.searchAliases];
      if (p.commonlyUsedName !== 'None') others.push(p.commonlyUsedName);
      this.kinds.individual.add(
        { kind: 'individual', ref: p.irn, path: `/Individuals/${p.irn}`, status: p.searchStatus, type: 'Individual', name: p.fullName },
        p.fullName,
        others,
      );
    }
    for (const fund of funds) {
      this.kinds.fund.add(
        { kind: 'fund', ref: fund.prn, path: `/CIS/${fund.prn}`, status: fund.status, type: 'Collective investment scheme', name: fund.name },
        fund.name,
        fund.otherNames.map((n) => n.name),
      );
    }
    for (const k of Object.values(this.kinds)) k.seal();
  }

  search(query: string, kinds: SearchKind[]): SearchEntry[] {
    return kinds.flatMap((k) => this.kinds[k].search(query));
  }

  size(kind: SearchKind): number {
    return this.kinds[kind].entries.length;
  }
}
