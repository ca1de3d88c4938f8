import { canonicalJson } from '@/lib/db/queries/snapshots';
import type { ChangeSeverity } from '@/lib/db/schema';
import type { RowChange, WatchSection } from './watch-sections';

/**
 * Compares two readings of one section. Rows are matched by the section's stable identity, so a
 * list the register returns in another order is not a change; a matched row that differs is
 * compared field by field (nested objects by path; a list inside a row as a whole, in canonical
 * form). Rows sharing an identity are told apart by their order among themselves.
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

/** Rows keyed by identity; a repeated identity gets "#2", "#3"… in order. */
function keyed(section: WatchSection, rows: readonly Record<string, unknown>[]): Map<string, Record<string, unknown>> {
  const seen = new Map<string, number>();
  const out = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const base = section.key(row);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out.set(n === 1 ? base : `${base}#${n}`, row);
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

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** Differences between two readings of a section; empty rows when they read the same. */
export function diffSection(section: WatchSection, before: readonly Record<string, unknown>[], after: readonly Record<string, unknown>[]): SectionDiff {
  const a = keyed(section, before);
  const b = keyed(section, after);
  const rows: RowDiff[] = [];
  for (const [key, row] of b) {
    const old = a.get(key);
    if (!old) {
      rows.push({ change: 'added', key, label: section.label(row), after: row, severity: section.severity({ change: 'added', after: row }) });
      continue;
    }
    const fields = fieldDiffs(old, row);
    if (fields.length > 0) {
      const top = [...new Set(fields.map((f) => f.path.split('.')[0]))];
      rows.push({
        change: 'changed',
        key,
        label: section.label(row),
        before: old,
        after: row,
        fields,
        severity: section.severity({ change: 'changed', before: old, after: row, fields: top }),
      });
    }
  }
  for (const [key, row] of a) {
    if (!b.has(key)) rows.push({ change: 'removed', key, label: section.label(row), before: row, severity: section.severity({ change: 'removed', before: row }) });
  }
  const added = rows.filter((r) => r.change === 'added').length;
  const removed = rows.filter((r) => r.change === 'removed').length;
  const changed = rows.filter((r) => r.change === 'changed');
  const parts: string[] = [];
  if (section.slug === 'record' && changed.length === 1) {
    parts.push(
      `${changed[0]
        .fields!.map((f) => f.path.split('.')[0])
        .filter((p, i, all) => all.indexOf(p) === i)
        .join(', ')} changed`,
    );
  } else if (changed.length > 0) parts.push(`${plural(changed.length, 'row', 'rows')} changed`);
  if (added > 0) parts.push(section.slug === 'record' ? 'back on the register' : `${added.toLocaleString('en-GB')} added`);
  if (removed > 0) parts.push(section.slug === 'record' ? 'no longer on the register' : `${removed.toLocaleString('en-GB')} removed`);
  return { rows, severity: maxSeverity(rows.map((r) => r.severity)), summary: parts.length ? `${section.title}: ${parts.join(', ')}` : '' };
}
