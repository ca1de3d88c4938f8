import { canonicalJson } from '@/lib/db/queries/snapshots';
import type { ChangeSeverity } from '@/lib/db/schema';
import { describeRows, changeSummary } from './change-words';
import { comparableRow } from './comparable';
import type { RowChange, WatchSection } from './watch-sections';

/**
 * Compares two readings of one section. What is compared is each row's comparable form
 * (comparable.ts: no positions, links by path, lists inside a row as sets), so a list the
 * register returns renumbered or in another order is not a change. Rows are matched by the
 * section's stable identity; rows sharing an identity are paired identical-first, so reordering
 * them is not a change either. A matched row that differs is compared field by field (nested
 * objects by path; a list inside a row as a whole). What is stored for a row is its comparable form.
 */

export interface FieldDiff {
  /** Dotted path within the row ("status", "exceptionalInfo", "extra.Some Key"). */
  path: string;
  before: unknown;
  after: unknown;
}

/** One row-level difference: what is stored in a change's details. */
export interface RowDiff {
  change: RowChange['change'];
  key: string;
  label: string;
  severity: ChangeSeverity;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  fields?: FieldDiff[];
}

export interface SectionDiff {
  rows: RowDiff[];
  severity: ChangeSeverity;
  summary: string;
}

const RANK: Record<ChangeSeverity, number> = { low: 0, medium: 1, high: 2 };

export function maxSeverity(severities: ChangeSeverity[]): ChangeSeverity {
  return severities.reduce<ChangeSeverity>((a, b) => (RANK[b] > RANK[a] ? b : a), 'low');
}

interface Pairing {
  key: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

function groupByKey(section: WatchSection, rows: readonly Record<string, unknown>[]): Map<string, Record<string, unknown>[]> {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = section.key(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * The rows of two readings paired by identity. Within one identity, rows that read the same are
 * paired first (their order is the register's, not a change), then the rest in order; what is
 * left over was added or removed. A repeated identity gets "#2", "#3"… in its key.
 */
function pairRows(section: WatchSection, before: readonly Record<string, unknown>[], after: readonly Record<string, unknown>[]): Pairing[] {
  const olds = groupByKey(section, before);
  const news = groupByKey(section, after);
  const keys = [...news.keys(), ...[...olds.keys()].filter((k) => !news.has(k))];
  const out: Pairing[] = [];
  for (const key of keys) {
    const a = [...(olds.get(key) ?? [])];
    const b = [...(news.get(key) ?? [])];
    const pairs: Array<[Record<string, unknown> | undefined, Record<string, unknown> | undefined]> = [];
    for (let i = 0; i < b.length;) {
      const text = canonicalJson(b[i]);
      const j = a.findIndex((row) => canonicalJson(row) === text);
      if (j < 0) {
        i++;
        continue;
      }
      pairs.push([a[j], b[i]]);
      a.splice(j, 1);
      b.splice(i, 1);
    }
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) pairs.push([a[i], b[i]]);
    pairs.forEach(([old, row], i) => out.push({ key: i === 0 ? key : `${key}#${i + 1}`, before: old, after: row }));
  }
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Field-level differences between two versions of a row. */
export function fieldDiffs(before: unknown, after: unknown, path = ''): FieldDiff[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => fieldDiffs(before[k], after[k], path ? `${path}.${k}` : k));
  }
  const same = canonicalJson(before ?? null) === canonicalJson(after ?? null);
  return same ? [] : [{ path, before: before ?? null, after: after ?? null }];
}

/** Differences between two readings of a section; empty rows when they read the same. */
export function diffSection(section: WatchSection, before: readonly Record<string, unknown>[], after: readonly Record<string, unknown>[]): SectionDiff {
  const rows: RowDiff[] = [];
  const removed: RowDiff[] = [];
  for (const { key, before: was, after: now } of pairRows(section, before.map(comparableRow), after.map(comparableRow))) {
    if (was && now) {
      const fields = fieldDiffs(was, now);
      if (fields.length === 0) continue;
      const top = [...new Set(fields.map((f) => f.path.split('.')[0]))];
      rows.push({
        change: 'changed',
        key,
        label: section.label(now),
        before: was,
        after: now,
        fields,
        severity: section.severity({ change: 'changed', before: was, after: now, fields: top }),
      });
    } else if (now) {
      rows.push({ change: 'added', key, label: section.label(now), after: now, severity: section.severity({ change: 'added', after: now }) });
    } else if (was) {
      removed.push({ change: 'removed', key, label: section.label(was), before: was, severity: section.severity({ change: 'removed', before: was }) });
    }
  }
  rows.push(...removed);
  return { rows, severity: maxSeverity(rows.map((r) => r.severity)), summary: rows.length ? changeSummary(describeRows(section.kind, section.slug, rows)) : '' };
}
