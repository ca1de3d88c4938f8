import 'server-only';
import type { NewEntry } from '@/lib/watchlists/watchlists-store';
import { getRegisterClient } from '@/lib/register/client';
import type { Priority } from '@/lib/register/result';
import type { EntryCandidate, ParsedEntries, RowError } from './entry-input';

/** Bare numbers looked up on the register per paste or upload; label the rest (FRN …, PRN …). */
export const MAX_LOOKUPS = 100;

export type ResolvedEntries = { ok: true; entries: NewEntry[] } | { ok: false; errors: RowError[] };

export type Lookup = (c: EntryCandidate) => Promise<NewEntry | RowError>;

/**
 * Bare digits may be an FRN or a PRN: the register says which (the firm first, then the fund).
 * A number that is neither, or that could not be looked up, is a row error: nothing is added
 * unless every row is good.
 */
export function registerLookup(priority: Priority = 'interactive', lane?: 'programs'): Lookup {
  return async (c) => {
    const client = getRegisterClient();
    const options = { priority, ...(lane ? { lane } : {}) };
    const firm = await client.firm(c.ref, options);
    if (firm.kind === 'ok') return { kind: 'firm', ref: c.ref, name: firm.data.name ?? null };
    if (firm.kind === 'not-found') {
      const fund = await client.fund(c.ref, options);
      if (fund.kind === 'ok') return { kind: 'fund', ref: c.ref, name: null };
      if (fund.kind === 'not-found') return { row: c.row, input: c.input, message: `${c.ref} is neither a firm (FRN) nor a fund (PRN) on the register.` };
    }
    return {
      row: c.row,
      input: c.input,
      message: `${c.ref} could not be looked up on the register just now: label it (FRN ${c.ref} or PRN ${c.ref}) to add it without a look-up.`,
    };
  };
}

const lookUpOnRegister = registerLookup();

export async function resolveEntries(parsed: ParsedEntries, lookUp: Lookup = lookUpOnRegister): Promise<ResolvedEntries> {
  const errors: RowError[] = [...parsed.errors];
  const open = parsed.candidates.filter((c) => !c.kind);
  if (open.length > MAX_LOOKUPS) {
    errors.push({
      row: open[MAX_LOOKUPS].row,
      input: open[MAX_LOOKUPS].input,
      message: `${open.length} numbers do not say whether they are firms or funds; at most ${MAX_LOOKUPS} are looked up at a time. Label them (FRN 122702, PRN 800800) or add a kind column.`,
    });
  }
  if (parsed.candidates.length === 0 && errors.length === 0) {
    errors.push({ row: 1, input: '', message: 'Enter at least one FRN, IRN or PRN.' });
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.row - b.row) };

  const entries: NewEntry[] = [];
  // A few at a time: the register client paces them against the budget anyway.
  const results = await lookUpAll(parsed.candidates, lookUp);
  for (const c of parsed.candidates) {
    const r = results.get(c);
    if (!r) continue;
    if ('message' in r) errors.push(r);
    else entries.push(r);
  }
  return errors.length > 0 ? { ok: false, errors: errors.sort((a, b) => a.row - b.row) } : { ok: true, entries };
}

/** Each candidate as an entry: a number that says its kind as it is, a bare one looked up on the register, 4 at a time. */
async function lookUpAll(candidates: readonly EntryCandidate[], lookUp: Lookup): Promise<Map<EntryCandidate, NewEntry | RowError>> {
  const queue = [...candidates];
  const results = new Map<EntryCandidate, NewEntry | RowError>();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let c = queue.shift(); c; c = queue.shift()) results.set(c, c.kind ? { kind: c.kind, ref: c.ref } : await lookUp(c));
    }),
  );
  return results;
}

/**
 * Each row on its own (the watch API): the good rows become entries and every other row is
 * refused with its reason, where the paste box adds nothing unless every row is good. Bare
 * numbers past the first MAX_LOOKUPS are refused (label them) rather than looked up.
 */
export async function resolveEach(parsed: ParsedEntries, lookUp: Lookup = lookUpOnRegister): Promise<{ entries: NewEntry[]; refused: RowError[] }> {
  const refused: RowError[] = [...parsed.errors];
  let open = 0;
  const toResolve: EntryCandidate[] = [];
  for (const c of parsed.candidates) {
    if (!c.kind && ++open > MAX_LOOKUPS) {
      refused.push({ row: c.row, input: c.input, message: `At most ${MAX_LOOKUPS} bare numbers are looked up at a time: label it (FRN ${c.ref} or PRN ${c.ref}).` });
      continue;
    }
    toResolve.push(c);
  }
  const results = await lookUpAll(toResolve, lookUp);
  const entries: NewEntry[] = [];
  for (const c of toResolve) {
    const r = results.get(c)!;
    if ('message' in r) refused.push(r);
    else entries.push(r);
  }
  return { entries, refused: refused.sort((a, b) => a.row - b.row) };
}
