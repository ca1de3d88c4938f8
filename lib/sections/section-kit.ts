import type { CsvColumn } from '@/lib/csv/csv';
import type { DataOf } from '@/lib/register/normalise';
import type { EndpointFn, RegisterEndpoints } from '@/lib/register/register-client-types';

/**
 * What every section registry (firm, individual, fund) is made of: the facts an entry declares
 * about one list of an entity's register record, and the helpers entries share.
 */

/** The register endpoints that take one reference number (FRN, IRN or PRN) alone. */
export type OneRefEndpoint = {
  [E in keyof RegisterEndpoints]: RegisterEndpoints[E] extends EndpointFn<[ref: string], unknown> ? E : never;
}[keyof RegisterEndpoints];

/** How the register pages the section: a plain list, or two buckets (current, previous) paged together. */
export type SectionPaging = 'plain' | 'bucketed';

/** What every entry says about its list besides its endpoint and rows. */
export interface ListSectionFacts<Row> {
  /** Heading and link text. */
  title: string;
  /** In a sentence: "the register lists no {noun} for …", "could not list the {noun} of FRN …". */
  noun: string;
  /** The list's short name mid-sentence: loading and error notes, CSV messages ("appointed representatives"). */
  label: string;
  /** What one row is, singular and plural, for "1,544 appointed representatives". */
  unit: [string, string];
  paging: SectionPaging;
  /** The register API's name for the list, as its path ends ("Permissions", "AR", "CF", "Subfund"). */
  apiSection: string;
  /**
   * A row's stable identity within the section, for matching the rows of two readings of it (the
   * watch's diff). It leaves out the bucket: a row that moves from current to previous is the same
   * row, changed, not one removed and another added.
   */
  key: (row: Row) => string;
  /** A few words naming a row for people ("Accepting deposits"); by default its first two CSV columns. */
  rowLabel?: (row: Row) => string;
  /** The section's CSV columns (before the provenance columns every export ends with). */
  columns: CsvColumn<Row>[];
}

export interface ListSectionDefinition<E extends OneRefEndpoint, Row> extends ListSectionFacts<Row> {
  /** The register client's function for the section. */
  endpoint: E;
  /** The section's rows, one per table row (the two buckets tagged with their list); their number is the section's size. */
  rows: (data: DataOf<E>) => Row[];
}

/**
 * One entry of a registry, which holds entries of different types: the endpoint fixes the data
 * type, `rows` gives the row type, and the rest (`key`, `columns`) is checked against that.
 * `Extra` is what a registry's entries say besides (the firm's summary, paged and counted).
 */
export function listSection<E extends OneRefEndpoint, Row, Extra extends object = object>(endpoint: E, rows: (data: DataOf<E>) => Row[]) {
  // The facts' type is fixed before they are given, so a misspelt or unknown field is an error.
  return (facts: ListSectionFacts<Row> & Extra): ListSectionFacts<Row> & Extra & ListSectionDefinition<E, Row> => ({ ...facts, endpoint, rows });
}

/** Any registry's entry with its slug, its data and row types hidden (for code that handles every section alike). */
export interface AnyListSection extends ListSectionFacts<never> {
  slug: string;
  endpoint: OneRefEndpoint;
  rows: (data: never) => unknown[];
}

/** A row of a bucketed list, tagged with its bucket. */
export type Bucketed<R> = R & { list: 'Current' | 'Previous' };

/** Both buckets as one list of rows, current first. */
export const bucketed = <R>(d: { current: R[]; previous: R[] }): Bucketed<R>[] => [
  ...d.current.map((r) => ({ ...r, list: 'Current' as const })),
  ...d.previous.map((r) => ({ ...r, list: 'Previous' as const })),
];

/** Several fields as one key; absent values are empty so the key stays positional. */
export const keyOf = (...parts: unknown[]) => parts.map((p) => (p === undefined || p === null ? '' : String(p))).join('|');

/** A registry from its table of definitions: the entries with their slugs, the slugs in order, and a check of a slug. */
export function registry<D extends Record<string, object>>(definitions: D) {
  type Slug = keyof D & string;
  const sections = Object.fromEntries(Object.entries(definitions).map(([slug, d]) => [slug, { ...d, slug }])) as { [K in Slug]: D[K] & { slug: K } };
  return {
    sections,
    slugs: Object.keys(definitions) as Slug[],
    isSlug: (value: string): value is Slug => Object.hasOwn(definitions, value),
  };
}

/**
 * The register client's function for an entry, typed by its data. (A registry pairs each slug
 * with its endpoint; TypeScript cannot follow that pairing through a generic slug.)
 */
export function entryEndpoint<T>(client: RegisterEndpoints, entry: { endpoint: OneRefEndpoint }): EndpointFn<[ref: string], T> {
  return client[entry.endpoint] as unknown as EndpointFn<[ref: string], T>;
}

/** An entry's rows, columns, identity and row label, with the row type hidden (for code that handles any section). */
export interface SectionRows<T = unknown> {
  rows: (data: T) => unknown[];
  key: (row: unknown) => string;
  label: (row: unknown) => string;
  columns: CsvColumn<unknown>[];
}

export function entryRows<T = unknown>(entry: Omit<AnyListSection, 'slug' | 'endpoint'>): SectionRows<T> {
  const columns = entry.columns as unknown as CsvColumn<unknown>[];
  return {
    rows: entry.rows as unknown as (data: T) => unknown[],
    key: entry.key as unknown as (row: unknown) => string,
    label: (entry.rowLabel as ((row: unknown) => string) | undefined) ?? defaultRowLabel(columns),
    columns,
  };
}

/** How a row is named for people by default: its first two CSV columns (the bucket in brackets). */
function defaultRowLabel(columns: CsvColumn<unknown>[]) {
  const naming = columns.filter((c) => c.header !== 'List').slice(0, 2);
  return (row: unknown) => {
    const record = row as Record<string, unknown>;
    const parts = naming
      .map((c) => c.value(row))
      .filter((v) => v !== undefined && v !== null && v !== '')
      .map(String);
    const list = record.list ? ` (${String(record.list).toLowerCase()})` : '';
    return `${parts.join(' · ') || 'Row'}${list}`;
  };
}

/** Whose list it is, mid-sentence: "of FRN 700100", "of ABC01234", "of fund 600100" (CSV files, failure messages). */
export function listOf(kind: 'firm' | 'individual' | 'fund', entry: { label: string }, ref: string): string {
  return `${entry.label} of ${kind === 'firm' ? `FRN ${ref}` : kind === 'fund' ? `fund ${ref}` : ref}`;
}

/** "1 permission", "1,544 appointed representatives". */
export function countText(count: number, unit: [string, string]): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? unit[0] : unit[1]}`;
}
