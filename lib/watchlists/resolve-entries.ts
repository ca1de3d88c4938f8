import 'server-only';
import type { NewEntry } from '@/lib/db/queries/watchlists';
import { getRegisterClient } from '@/lib/register/client';
import type { EntryCandidate, ParsedEntries, RowError } from './entry-input';

/** Bare numbers looked up on the register per paste or upload; label the rest (FRN …, PRN …). */
export const MAX_LOOKUPS = 100;

export type ResolvedEntries = { ok: true; entries: NewEntry[] } | { ok: false; errors: RowError[] };

type Lookup = (c: EntryCandidate) => Promise<NewEntry | RowError>;

/**
 * Bare digits may be an FRN or a PRN: the register says which (the firm first, then the fund).
 * A number that is neither, or that could not be looked up, is a row error: nothing is added
 * unless every row is good.
 */
const lookUpOnRegister: Lookup = async (c) => {
  const client = getRegisterClient();
  const firm = await client.firm(c.ref);
  if (firm.kind === 'ok') return { kind: 'firm', ref: c.ref, name: firm.data.name ?? null };
  if (firm.kind === 'not-found') {
    const fund = await client.fund(c.ref);
    if (fund.kind === 'ok') return { kind: 'fund', ref: c.ref, name: null };
    if (fund.kind === 'not-found') return { row: c.row, input: c.input, message: `${c.ref} is neither a firm (FRN) nor a fund (PRN) on the register.` };
  }
  return {
    row: c.row,
    input: c.input,
    message: `${c.ref} could not be looked up on the register just now: label it (FRN ${c.ref} or PRN ${c.ref}) to add it without a look-up.`,
  };
};

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
  const queue = [...parsed.candidates];
  const results = new Map<EntryCandidate, NewEntry | RowError>();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let c = queue.shift(); c; c = queue.shift()) {
        results.set(c, c.kind ? { kind: c.kind, ref: c.ref } : await lookUp(c));
      }
    }),
  );
  for (const c of parsed.candidates) {
    const r = results.get(c);
    if (!r) continue;
    if ('message' in r) errors.push(r);
    else entries.push(r);
  }
  return errors.length > 0 ? { ok: false, errors: errors.sort((a, b) => a.row - b.row) } : { ok: true, entries };
}
