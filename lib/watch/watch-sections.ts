import type { ChangeSeverity, EntityKind } from '@/lib/db/schema';
import { ENTITY_SECTIONS } from '@/lib/sections/entity-sections';
import { entryEndpoint, entryRows, type AnyListSection } from '@/lib/sections/section-kit';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { BUCKET_SIZE } from '@/lib/register/paging';
import type { AllPagesResult, RegisterResult } from '@/lib/register/result';

/**
 * What the portal watches: every section of every entity the register holds. Each entity's lists
 * come from its section registry (lib/sections/: endpoint, rows, row identity, row label, the
 * register API's name); the records are declared here, and how much a change weighs. Watching,
 * diffing, the change inbox, the History tab and the cycle's cost all read this table.
 *
 * A section's rows are what the portal's normalisers make of the register's answer, with the
 * transient fields removed (`System Timestamp` is the register's clock at the moment of the call,
 * never a change). A record is one row whose identity is "record".
 */

export type { EntityKind };

/** One row-level difference, as the severity rules see it. */
export interface RowChange {
  change: 'added' | 'removed' | 'changed';
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** For 'changed': the top-level fields that differ. */
  fields?: string[];
}

export interface WatchSection {
  kind: EntityKind;
  /** 'record' for the entity's own record, else the section's slug (the same as its page's). */
  slug: string;
  title: string;
  /** The register API's name for the section, as its path ends ("Firm", "Permissions", "AR", "CIS", "Subfund"…). */
  apiSection: string;
  /** Reads every page of the section (or the record) for `ref`, at idle priority: after every page, report and background read. */
  read(client: RegisterClient, ref: string, options: { refresh: boolean }): Promise<SectionRead>;
  /** The rows the watch keeps of the register's data for the section (what `read` stores): without transient fields. */
  rows(data: unknown): Record<string, unknown>[];
  /**
   * How many register requests reading the section costs, from what the portal already knows (its
   * first page in the cache, as the overview's counts leave it), without sending anything;
   * undefined when it does not know.
   */
  knownPages(client: RegisterClient, ref: string): Promise<number | undefined>;
  /** A row's stable identity within the section. */
  key(row: Record<string, unknown>): string;
  /** A few words naming a row for people ("Permission: Accepting deposits"). */
  label(row: Record<string, unknown>): string;
  /** How much a row-level change matters. */
  severity(change: RowChange): ChangeSeverity;
}

/** A section as read: its rows, or why it could not be read (then it is "not checked"). */
export type SectionRead =
  { status: 'ok'; rows: Record<string, unknown>[]; pages: number; retrievedAt: string; source: 'live' | 'cache' } | { status: 'not-checked'; reason: string; pages: number };

/** Keys that hold the register's clock or a retrieval time: never part of what is compared or stored as a row. */
const TRANSIENT_KEYS = new Set(['systemTimestamp', 'System Timestamp', 'retrievedAt']);

/** A row as plain JSON data without its transient fields (deep). */
export function stripTransient(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripTransient);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k, v]) => !TRANSIENT_KEYS.has(k) && v !== undefined)
        .map(([k, v]) => [k, stripTransient(v)]),
    );
  }
  return value;
}

const rowsOf = (rows: unknown[]) => rows.map((r) => stripTransient(r) as Record<string, unknown>);
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * An answer the client served from its cache because the register failed (it says so in `notice`)
 * is not tonight's register: the section is not checked.
 */
function staleFallback(result: { notice?: string; provenance: { stale: boolean } }): string | undefined {
  return result.provenance.stale ? (result.notice ?? 'The register did not answer; only an older copy was available.') : undefined;
}

/** Walks every page and turns the outcome into a section read; `not-found` is an empty list for lists. */
function listRead<T>(result: AllPagesResult<T>, rows: (data: T) => unknown[]): SectionRead {
  if (result.kind === 'not-found') return { status: 'ok', rows: [], pages: 1, retrievedAt: result.provenance.retrievedAt, source: result.provenance.source };
  if (result.kind !== 'ok') return { status: 'not-checked', reason: result.message, pages: 0 };
  const stale = staleFallback(result);
  if (stale) return { status: 'not-checked', reason: stale, pages: result.pagesFetched };
  if (result.truncated) {
    const why = result.interruption ? result.interruption.message : `the list is longer than the ${result.pagesFetched} pages a check reads`;
    return { status: 'not-checked', reason: `Only part of the list could be read: ${why}`, pages: result.pagesFetched };
  }
  return { status: 'ok', rows: rowsOf(rows(result.data)), pages: result.pagesFetched, retrievedAt: result.provenance.retrievedAt, source: result.provenance.source };
}

/** A record as one row: its sub-resources' links are the register's plumbing, not what it says. */
const recordRows = (data: unknown): Record<string, unknown>[] => rowsOf([{ ...(data as Record<string, unknown>), links: undefined }]);

/** A record: one row, or none when the register no longer holds the entity. */
function recordRead<T>(result: RegisterResult<T>): SectionRead {
  if (result.kind === 'not-found') return { status: 'ok', rows: [], pages: 1, retrievedAt: result.provenance.retrievedAt, source: result.provenance.source };
  if (result.kind !== 'ok') return { status: 'not-checked', reason: result.message, pages: 0 };
  const stale = staleFallback(result);
  if (stale) return { status: 'not-checked', reason: stale, pages: 1 };
  return { status: 'ok', rows: recordRows(result.data), pages: 1, retrievedAt: result.provenance.retrievedAt, source: result.provenance.source };
}

const MAX_PAGES = 200;
const walk = { priority: 'idle' as const, maxPages: MAX_PAGES };

/** Record fields whose change is high severity: the entity's standing on the register. */
const STANDING_FIELDS = new Set(['status', 'subStatus', 'psdEmdStatus', 'psdAgentStatus', 'eMoneyAgentStatus', 'mlrsStatus']);
/** Record fields whose change is low severity: how the entity is named or reached. */
const COSMETIC_FIELDS = new Set(['name', 'fullName', 'commonlyUsedName', 'operatorName', 'depositaryName', 'extra']);

function recordSeverity(change: RowChange): ChangeSeverity {
  if (change.change !== 'changed') return 'high';
  const fields = change.fields ?? [];
  if (fields.some((f) => STANDING_FIELDS.has(f))) return 'high';
  if (fields.includes('exceptionalInfo')) {
    const before = (change.before?.exceptionalInfo as unknown[] | undefined)?.length ?? 0;
    const after = (change.after?.exceptionalInfo as unknown[] | undefined)?.length ?? 0;
    return after > before ? 'high' : 'medium';
  }
  return fields.every((f) => COSMETIC_FIELDS.has(f)) ? 'low' : 'medium';
}

/** Severity by what happened to a row: added, removed, changed. */
const by =
  (added: ChangeSeverity, removed: ChangeSeverity, changed: ChangeSeverity) =>
  (c: RowChange): ChangeSeverity =>
    c.change === 'added' ? added : c.change === 'removed' ? removed : changed;

/** A prohibition shows as a row whose restriction or function says so: always high. */
function withProhibition(base: (c: RowChange) => ChangeSeverity) {
  return (c: RowChange): ChangeSeverity => {
    const row = c.after ?? c.before ?? {};
    return /prohibit/i.test(JSON.stringify(row)) && c.change !== 'removed' ? 'high' : base(c);
  };
}

/**
 * How much a change to each list weighs, where it is not "medium" whatever happened (the records'
 * rules are recordSeverity). A section a registry adds is medium until it is named here.
 */
const LIST_SEVERITY: Record<EntityKind, Record<string, (c: RowChange) => ChangeSeverity>> = {
  firm: {
    permissions: by('medium', 'high', 'medium'),
    requirements: by('high', 'medium', 'medium'),
    individuals: withProhibition(by('low', 'medium', 'medium')),
    'controlled-functions': withProhibition(by('medium', 'medium', 'medium')),
    'disciplinary-history': by('high', 'medium', 'medium'),
    names: by('low', 'low', 'low'),
    address: by('low', 'low', 'low'),
  },
  individual: {
    'controlled-functions': withProhibition(by('medium', 'medium', 'medium')),
    'disciplinary-history': by('high', 'medium', 'medium'),
  },
  fund: {
    names: by('low', 'low', 'low'),
  },
};

/** A registry's list as the watch reads it: every page at idle priority, its rows without their transient fields. */
function listSection(kind: EntityKind, entry: AnyListSection): WatchSection {
  const rows = entryRows(entry);
  return {
    kind,
    slug: entry.slug,
    title: entry.title,
    apiSection: entry.apiSection,
    async read(client, ref, { refresh }) {
      return listRead(await client.allPages(entryEndpoint(client, entry), [ref], { ...walk, refresh }), rows.rows);
    },
    rows: (data) => rowsOf(rows.rows(data)),
    async knownPages(client, ref) {
      const first = await entryEndpoint(client, entry)(ref, { cachedOnly: true });
      if (first.kind === 'not-found') return 1;
      if (first.kind !== 'ok') return undefined;
      const { pageCount, totalCount, perPage } = first.page;
      if (pageCount !== undefined) return pageCount;
      if (totalCount === undefined) return undefined;
      // Two buckets paged side by side: at least the total over both full buckets a page.
      if (entry.paging === 'bucketed') return Math.max(1, Math.ceil(totalCount / (2 * BUCKET_SIZE)));
      return perPage ? Math.max(1, Math.ceil(totalCount / perPage)) : undefined;
    },
    key: rows.key,
    label: rows.label,
    severity: LIST_SEVERITY[kind][entry.slug] ?? by('medium', 'medium', 'medium'),
  };
}

const FIRM: WatchSection[] = [
  {
    kind: 'firm',
    slug: 'record',
    title: 'Firm record',
    apiSection: 'Firm',
    read: async (client, frn, { refresh }) => recordRead(await client.firm(frn, { priority: 'idle', refresh })),
    rows: recordRows,
    knownPages: async () => 1,
    key: () => 'record',
    label: (row) => `Firm record${row.name ? `: ${text(row.name)}` : ''}`,
    severity: recordSeverity,
  },
  ...ENTITY_SECTIONS.firm.map((entry) => listSection('firm', entry)),
];

const INDIVIDUAL: WatchSection[] = [
  {
    kind: 'individual',
    slug: 'record',
    title: 'Individual record',
    apiSection: 'Individual',
    read: async (client, irn, { refresh }) => recordRead(await client.individual(irn, { priority: 'idle', refresh })),
    rows: recordRows,
    knownPages: async () => 1,
    key: () => 'record',
    label: (row) => `Individual record${row.fullName ? `: ${text(row.fullName)}` : ''}`,
    severity: recordSeverity,
  },
  ...ENTITY_SECTIONS.individual.map((entry) => listSection('individual', entry)),
];

const FUND: WatchSection[] = [
  {
    kind: 'fund',
    slug: 'record',
    title: 'Fund record',
    apiSection: 'CIS',
    read: async (client, prn, { refresh }) => recordRead(await client.fund(prn, { priority: 'idle', refresh })),
    rows: recordRows,
    knownPages: async () => 1,
    key: () => 'record',
    label: () => 'Fund record',
    severity: recordSeverity,
  },
  ...ENTITY_SECTIONS.fund.map((entry) => listSection('fund', entry)),
];

/** Every watchable section, by entity kind, in the order pages show them. */
export const WATCH_SECTIONS: Record<EntityKind, readonly WatchSection[]> = { firm: FIRM, individual: INDIVIDUAL, fund: FUND };

export const ENTITY_KINDS: readonly EntityKind[] = ['firm', 'individual', 'fund'];

/** One section by kind and slug, or undefined. */
export function watchSection(kind: EntityKind, slug: string): WatchSection | undefined {
  return WATCH_SECTIONS[kind].find((s) => s.slug === slug);
}

/**
 * What a change's section is called: a watched section's title and the register's name for it, or
 * for a section the check derives from what it read rather than reads itself (a record's standing,
 * lib/watch/check-standing.ts) its own names. An unknown slug (a section since removed) is its slug.
 */
const DERIVED_SECTIONS: Record<string, { title: string; apiSection: string }> = {
  standing: { title: 'Standing', apiSection: 'Standing' },
};

export function sectionNames(kind: EntityKind, slug: string): { title: string; apiSection: string } {
  const section = watchSection(kind, slug);
  if (section) return { title: section.title, apiSection: section.apiSection };
  return DERIVED_SECTIONS[slug] ?? { title: slug, apiSection: slug };
}

/** The sections a new watchlist watches for each kind: all of them (the issue's defaults are every section). */
export function defaultWatchedSections(): Record<EntityKind, string[]> {
  return { firm: FIRM.map((s) => s.slug), individual: INDIVIDUAL.map((s) => s.slug), fund: FUND.map((s) => s.slug) };
}

/** Keeps only known slugs of `kind`, in registry order; the record is always watched. */
export function normaliseWatchedSections(kind: EntityKind, slugs: readonly string[]): string[] {
  const wanted = new Set([...slugs, 'record']);
  return WATCH_SECTIONS[kind].filter((s) => wanted.has(s.slug)).map((s) => s.slug);
}

export function isEntityKind(value: unknown): value is EntityKind {
  return value === 'firm' || value === 'individual' || value === 'fund';
}
