import { foldName, legalFormsAgree, sameFoldedName } from '@/lib/matching/fold-name';
import type { BookRow } from './book-reader';

/**
 * Reconciling a principal's AR book with the register's AR list: a pure function from the two to
 * findings, one per (kind, AR). The register's list is both buckets (current and previous); an AR
 * listed more than once (an ended spell and a current one) is compared by its latest spell, as is
 * an AR with more than one book row.
 *
 * - `not-in-book`: a current AR on the register with no row in the book. (A previous AR the book
 *   does not hold is not a finding: many books leave out long-ended appointments. One the book
 *   holds as current is a `date-mismatch`.)
 * - `not-on-register`: an AR in the book that the register does not list under this principal at all.
 * - `date-mismatch`: the appointment or termination date differs (a book date left empty is not
 *   compared for the appointment; for the termination, empty means "still appointed").
 * - `type-mismatch`: Full/Introducer, tied agent or EEA tied agent differ (where the book says).
 * - `name-mismatch`: the names differ once folded as people write them (Ltd = Limited, case, accents).
 */

export const FINDING_KINDS = ['not-in-book', 'not-on-register', 'date-mismatch', 'type-mismatch', 'name-mismatch'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];
/** The kinds a check's reconciliation opens and closes (the AR standing pass keeps the others). */
export const RECONCILE_KINDS: FindingKind[] = [...FINDING_KINDS];
/** Every kind a stored finding may have: the reconciliation's, and the AR standing pass's (ar-standing.ts). */
export type StoredFindingKind = FindingKind | 'standing' | 'other-principal';

/** One row of the register's AR list, as the portal stores it in a reading. */
export interface RegisterArRow {
  arFrn: string;
  name: string;
  bucket: 'current' | 'previous';
  /** "Full", "Introducer" (the register's RecordSubType). */
  subType: string | null;
  /** ISO dates. */
  effective: string | null;
  termination: string | null;
  tiedAgent: boolean | null;
  eeaTiedAgent: boolean | null;
}

export interface Finding {
  kind: FindingKind;
  arFrn: string;
  arName: string;
  /** The register's side in words ('—' for nothing). */
  register: string;
  /** The book's side in words. */
  book: string;
}

/** A finding's identity: one open finding per kind and AR. */
export function findingKey(f: Pick<Finding, 'kind' | 'arFrn'>): string {
  return `${f.kind}:${f.arFrn}`;
}

/** A register date as an ISO day: the normalised model's ISO day, or the wire's "dd/mm/yyyy"; null for anything else. */
export function registerDateIso(text: string | null | undefined): string | null {
  const t = text?.trim() ?? '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

const NONE = '—';

/** The spell compared: the current one, else the latest ended. */
function latestRegister(rows: RegisterArRow[]): RegisterArRow {
  const current = rows.filter((r) => r.bucket === 'current');
  if (current.length > 0) return current.sort((a, b) => (b.effective ?? '').localeCompare(a.effective ?? ''))[0];
  return [...rows].sort((a, b) => (b.termination ?? '').localeCompare(a.termination ?? '') || (b.effective ?? '').localeCompare(a.effective ?? ''))[0];
}

function latestBook(rows: BookRow[]): BookRow {
  const open = rows.filter((r) => r.terminated === null);
  if (open.length > 0) return open.sort((a, b) => (b.appointed ?? '').localeCompare(a.appointed ?? ''))[0];
  return [...rows].sort((a, b) => (b.terminated ?? '').localeCompare(a.terminated ?? '') || (b.appointed ?? '').localeCompare(a.appointed ?? ''))[0];
}

function group<T>(rows: readonly T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

function dates(appointed: string | null, terminated: string | null): string {
  return `appointed ${appointed ?? NONE}, ${terminated ? `terminated ${terminated}` : 'not terminated'}`;
}

function yesNo(value: boolean | null): string {
  return value === null ? NONE : value ? 'yes' : 'no';
}

function typeText(type: string | null, tied: boolean | null, eea: boolean | null): string {
  return `${type ?? NONE}; tied agent ${yesNo(tied)}; EEA tied agent ${yesNo(eea)}`;
}

/** Whether two names are the same firm's name as people write it. */
export function sameName(a: string, b: string): boolean {
  const fa = foldName(a);
  const fb = foldName(b);
  return sameFoldedName(fa, fb) && legalFormsAgree(fa, fb);
}

/**
 * What the register and the book say of one AR, for each kind, whether they differ or not: a
 * finding's two sides, and what tells the engine which side moved when a finding closes.
 */
export function sidesFor(kind: FindingKind, register: RegisterArRow[] | undefined, book: BookRow[] | undefined): { register: string; book: string } {
  const reg = register && register.length > 0 ? latestRegister(register) : undefined;
  const own = book && book.length > 0 ? latestBook(book) : undefined;
  switch (kind) {
    case 'not-in-book':
    case 'not-on-register':
      return {
        register: reg ? `${reg.bucket === 'current' ? 'current' : 'previous'} AR, ${dates(reg.effective, reg.termination)}` : NONE,
        book: own ? `in the book (row ${own.row}), ${dates(own.appointed, own.terminated)}` : NONE,
      };
    case 'date-mismatch':
      return { register: reg ? dates(reg.effective, reg.termination) : NONE, book: own ? dates(own.appointed, own.terminated) : NONE };
    case 'type-mismatch':
      return {
        register: reg ? typeText(reg.subType, reg.tiedAgent, reg.eeaTiedAgent) : NONE,
        book: own ? typeText(own.type, own.tiedAgent, own.eeaTiedAgent) : NONE,
      };
    case 'name-mismatch':
      return { register: reg?.name ?? NONE, book: own?.name ?? NONE };
  }
}

/** The findings of one register reading against one book. Sorted by AR FRN, then kind. */
export function reconcile(register: readonly RegisterArRow[], book: readonly BookRow[]): Finding[] {
  const onRegister = group(register, (r) => r.arFrn);
  const inBook = group(book, (r) => r.arFrn);
  const out: Finding[] = [];
  const add = (kind: FindingKind, arFrn: string, arName: string) => {
    const sides = sidesFor(kind, onRegister.get(arFrn), inBook.get(arFrn));
    out.push({ kind, arFrn, arName, ...sides });
  };
  for (const [arFrn, rows] of onRegister) {
    const reg = latestRegister(rows);
    const ownRows = inBook.get(arFrn);
    if (!ownRows) {
      if (reg.bucket === 'current') add('not-in-book', arFrn, reg.name);
      continue;
    }
    const own = latestBook(ownRows);
    const regTerminated = reg.bucket === 'current' ? null : reg.termination;
    if ((own.appointed !== null && own.appointed !== reg.effective) || own.terminated !== regTerminated) add('date-mismatch', arFrn, reg.name);
    const typeDiffers =
      (own.type !== null && own.type !== reg.subType) ||
      (own.tiedAgent !== null && reg.tiedAgent !== null && own.tiedAgent !== reg.tiedAgent) ||
      (own.eeaTiedAgent !== null && reg.eeaTiedAgent !== null && own.eeaTiedAgent !== reg.eeaTiedAgent);
    if (typeDiffers) add('type-mismatch', arFrn, reg.name);
    if (own.name !== null && !sameName(own.name, reg.name)) add('name-mismatch', arFrn, reg.name);
  }
  for (const [arFrn, rows] of inBook) {
    if (onRegister.has(arFrn)) continue;
    add('not-on-register', arFrn, latestBook(rows).name ?? '');
  }
  return out.sort((a, b) => a.arFrn.localeCompare(b.arFrn) || FINDING_KINDS.indexOf(a.kind) - FINDING_KINDS.indexOf(b.kind));
}

/** Share of a book's ARs the register does not list under the principal: most means the book is another principal's. */
export function shareNotOnRegister(register: readonly RegisterArRow[], book: readonly BookRow[]): { notOnRegister: number; total: number } {
  const listed = new Set(register.map((r) => r.arFrn));
  const frns = new Set(book.map((r) => r.arFrn));
  let missing = 0;
  for (const frn of frns) if (!listed.has(frn)) missing++;
  return { notOnRegister: missing, total: frns.size };
}
