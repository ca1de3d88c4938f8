import { sql } from 'kysely';
import { isoNow } from '@/lib/db/clock';
import type { ChangeSeverity, ChangeState, Db, EntityKind, WatchChangesTable } from '@/lib/db/schema';
import { appendAudit } from '@/lib/db/queries/audit';
import { sha256Hex } from '@/lib/db/queries/snapshots';
import { bindStore } from '@/lib/db/bind-store';
import { noteTooLong, readReviewFields, readReviewNote, REVIEW_STATES, type ReviewFieldsInput } from './review-fields';

/**
 * Changes as work items: the inbox across lists, one change with its evidence, the state, assignee
 * and note people set (each update audited in the same transaction), and an entity's history of
 * changes and checks. The engine (lib/watch) writes changes; only people update them, here.
 */

export const CHANGE_STATES: readonly ChangeState[] = REVIEW_STATES;
export const CHANGE_SEVERITIES: readonly ChangeSeverity[] = ['high', 'medium', 'low'];

export class ChangeInputError extends Error {
  override name = 'ChangeInputError';
}

/** One row-level difference, as lib/watch/section-diff.ts stores it in `details`. */
export interface ChangeFieldDiff {
  path: string;
  before: unknown;
  after: unknown;
}
export interface ChangeRowDiff {
  change: 'added' | 'removed' | 'changed';
  key: string;
  label: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  fields?: ChangeFieldDiff[];
}

export interface ChangeSummary {
  id: string;
  checkId: string;
  previousCheckId: string;
  cycleId: string;
  kind: EntityKind;
  ref: string;
  entityName: string | null;
  section: string;
  severity: ChangeSeverity;
  summary: string;
  state: ChangeState;
  assigneeEmail: string | null;
  note: string | null;
  detectedAt: string;
  updatedAt: string;
  updatedBy: string | null;
}

export interface ChangeDetail extends ChangeSummary {
  rows: ChangeRowDiff[];
  check: CheckSummary | null;
  previousCheck: CheckSummary | null;
}

export interface CheckSummary {
  id: string;
  cycleId: string;
  kind: EntityKind;
  ref: string;
  name: string | null;
  checkedAt: string;
  sha256: string;
  sectionsOk: number;
  sectionsNotChecked: number;
  requestCount: number;
  previousCheckId: string | null;
  baseline: boolean;
  changeCount: number;
}

export interface CheckRecord extends CheckSummary {
  canonical: string;
  /** True when the stored canonical JSON still hashes to the stored SHA-256. */
  intact: boolean;
}

/** A change as its list reads it: every column but the row-level details. */
type ChangeRow = Omit<WatchChangesTable, 'details'>;

const SUMMARY_COLUMNS = [
  'id',
  'check_id',
  'previous_check_id',
  'cycle_id',
  'kind',
  'ref',
  'entity_name',
  'section',
  'severity',
  'summary',
  'state',
  'assignee_email',
  'note',
  'detected_at',
  'updated_at',
  'updated_by',
] as const;

function toSummary(r: ChangeRow): ChangeSummary {
  return {
    id: r.id,
    checkId: r.check_id,
    previousCheckId: r.previous_check_id,
    cycleId: r.cycle_id,
    kind: r.kind,
    ref: r.ref,
    entityName: r.entity_name,
    section: r.section,
    severity: r.severity,
    summary: r.summary,
    state: r.state,
    assigneeEmail: r.assignee_email,
    note: r.note,
    detectedAt: r.detected_at,
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
  };
}

type CheckRow = {
  id: string;
  cycle_id: string;
  kind: EntityKind;
  ref: string;
  name: string | null;
  checked_at: string;
  sha256: string;
  sections_ok: number;
  sections_not_checked: number;
  request_count: number;
  previous_check_id: string | null;
  baseline: number;
  change_count: number;
};

const CHECK_COLUMNS = [
  'id',
  'cycle_id',
  'kind',
  'ref',
  'name',
  'checked_at',
  'sha256',
  'sections_ok',
  'sections_not_checked',
  'request_count',
  'previous_check_id',
  'baseline',
  'change_count',
] as const;

function toCheck(r: CheckRow): CheckSummary {
  return {
    id: r.id,
    cycleId: r.cycle_id,
    kind: r.kind,
    ref: r.ref,
    name: r.name,
    checkedAt: r.checked_at,
    sha256: r.sha256,
    sectionsOk: Number(r.sections_ok),
    sectionsNotChecked: Number(r.sections_not_checked),
    requestCount: Number(r.request_count),
    previousCheckId: r.previous_check_id,
    baseline: Boolean(Number(r.baseline)),
    changeCount: Number(r.change_count),
  };
}

/** `details` as stored; a shape the portal does not know reads as no rows rather than failing the page. */
export function parseChangeRows(details: string): ChangeRowDiff[] {
  try {
    const parsed = JSON.parse(details) as { rows?: unknown };
    return Array.isArray(parsed.rows) ? (parsed.rows as ChangeRowDiff[]) : [];
  } catch {
    return [];
  }
}

export interface ChangeFilters {
  state?: ChangeState;
  /** Only changes detected after this instant (ISO, exclusive). */
  detectedAfter?: string;
  /** Only changes detected at or before this instant (ISO, inclusive). */
  detectedUpTo?: string;
  /** Newest first (the inbox, the default) or oldest first (programs reading what changed since they last asked). */
  order?: 'newest' | 'oldest';
  severity?: ChangeSeverity;
  watchlistId?: string;
  kind?: EntityKind;
  ref?: string;
  /** Matched (case-insensitively) against the entity's name, its number, the section and the summary. */
  text?: string;
  limit?: number;
  offset?: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filteredChanges(db: Db, filters: ChangeFilters) {
  let q = db.selectFrom('watch_changes as c');
  if (filters.state) q = q.where('c.state', '=', filters.state);
  if (filters.detectedAfter) q = q.where('c.detected_at', '>', filters.detectedAfter);
  if (filters.detectedUpTo) q = q.where('c.detected_at', '<=', filters.detectedUpTo);
  if (filters.severity) q = q.where('c.severity', '=', filters.severity);
  if (filters.kind) q = q.where('c.kind', '=', filters.kind);
  if (filters.ref) q = q.where('c.ref', '=', filters.ref);
  if (filters.watchlistId) {
    const listId = filters.watchlistId;
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('watchlist_entries as e').select('e.ref').where('e.watchlist_id', '=', listId).whereRef('e.kind', '=', 'c.kind').whereRef('e.ref', '=', 'c.ref')),
    );
  }
  const text = filters.text?.trim();
  if (text) {
    const pattern = `%${escapeLike(text.toLowerCase())}%`;
    q = q.where((eb) => eb.or((['c.entity_name', 'c.ref', 'c.section', 'c.summary'] as const).map((col) => eb(sql`lower(${sql.ref(col)})`, 'like', sql`${pattern} escape '\\'`))));
  }
  return q;
}

function page(filters: ChangeFilters) {
  return {
    limit: Math.min(Math.max(filters.limit ?? 50, 1), 1000),
    offset: Math.max(filters.offset ?? 0, 0),
    direction: filters.order === 'oldest' ? ('asc' as const) : ('desc' as const),
  };
}

/** The inbox: changes matching the filters, newest first, and how many match in all. */
export async function listChanges(db: Db, filters: ChangeFilters = {}): Promise<{ rows: ChangeSummary[]; total: number }> {
  const q = filteredChanges(db, filters);
  const { limit, offset, direction } = page(filters);
  const totalRow = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const rows = await q
    .select(SUMMARY_COLUMNS.map((c) => `c.${c}` as const))
    .orderBy('c.detected_at', direction)
    .orderBy('c.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(toSummary), total: Number(totalRow?.n ?? 0) };
}

/** As listChanges, each change with its rows (what the inbox's sentences and the watch API are made from); no total. */
export async function listChangesWithRows(db: Db, filters: ChangeFilters = {}): Promise<Array<ChangeSummary & { rows: ChangeRowDiff[] }>> {
  const { limit, offset, direction } = page(filters);
  const rows = await filteredChanges(db, filters)
    .select([...SUMMARY_COLUMNS.map((c) => `c.${c}` as const), 'c.details'])
    .orderBy('c.detected_at', direction)
    .orderBy('c.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ ...toSummary(r), rows: parseChangeRows(r.details) }));
}

/** The rows of each of these changes, by id (the inbox's page of changes). */
export async function changeRowsById(db: Db, ids: readonly string[]): Promise<Map<string, ChangeRowDiff[]>> {
  const out = new Map<string, ChangeRowDiff[]>();
  for (let i = 0; i < ids.length; i += 400) {
    const rows = await db
      .selectFrom('watch_changes')
      .select(['id', 'details'])
      .where('id', 'in', ids.slice(i, i + 400))
      .execute();
    for (const r of rows) out.set(r.id, parseChangeRows(r.details));
  }
  return out;
}

/** How many changes are new (the header's count). */
export async function countNewChanges(db: Db): Promise<number> {
  const row = await db
    .selectFrom('watch_changes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('state', '=', 'new')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function getCheck(db: Db, id: string): Promise<CheckRecord | null> {
  const row = await db
    .selectFrom('watch_checks')
    .select([...CHECK_COLUMNS, 'canonical'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return { ...toCheck(row), canonical: row.canonical, intact: sha256Hex(row.canonical) === row.sha256 };
}

async function checkSummary(db: Db, id: string | null): Promise<CheckSummary | null> {
  if (!id) return null;
  const row = await db.selectFrom('watch_checks').select(CHECK_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toCheck(row) : null;
}

/** One change with its rows (before and after) and the two checks it lies between. */
export async function getChange(db: Db, id: string): Promise<ChangeDetail | null> {
  const row = await db
    .selectFrom('watch_changes')
    .select([...SUMMARY_COLUMNS, 'details'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const [check, previousCheck] = await Promise.all([checkSummary(db, row.check_id), checkSummary(db, row.previous_check_id)]);
  return { ...toSummary(row), rows: parseChangeRows(row.details), check, previousCheck };
}

export type ChangeUpdate = ReviewFieldsInput;

/**
 * Sets a change's state, assignee and note, and appends `watch.change.update` to the audit log
 * (what it was, what it is now, who) in the same transaction: the update is never saved
 * unrecorded.
 */
export async function updateChange(db: Db, id: string, update: ChangeUpdate, actor: { id: string | null; email: string }): Promise<ChangeSummary> {
  const read = readReviewFields(update, 'change');
  if (!read.ok) throw new ChangeInputError(read.message);
  const { assignee, note } = read.fields;
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('watch_changes').select(SUMMARY_COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!before) throw new ChangeInputError('That change does not exist.');
    const now = isoNow();
    await trx
      .updateTable('watch_changes')
      .set({ state: update.state, assignee_email: assignee, note, updated_at: now, updated_by: actor.email.toLowerCase() })
      .where('id', '=', id)
      .execute();
    await appendAudit(trx, {
      action: 'watch.change.update',
      outcome: 'success',
      actor,
      reference: before.ref,
      detail: {
        change: id,
        kind: before.kind,
        section: before.section,
        from: { state: before.state, assignee: before.assignee_email, note: before.note },
        to: { state: update.state, assignee, note },
      },
    });
    return toSummary({ ...before, state: update.state, assignee_email: assignee, note, updated_at: now, updated_by: actor.email.toLowerCase() });
  });
}

/** At most this many changes are updated together. */
export const MAX_BULK_CHANGES = 500;

export interface BulkChangeUpdate {
  state: ChangeState;
  /** Set on every change; empty leaves each change's note as it was. */
  note?: string | null;
}

/**
 * Sets the state (and one note) of several changes at once, each audited as its own
 * `watch.change.update` (what it was, what it is now, who, `bulk: true`) in the same transaction:
 * all of them or none. Assignees are left as they are. Ids that do not exist are refused by name.
 */
export async function updateChanges(db: Db, ids: readonly string[], update: BulkChangeUpdate, actor: { id: string | null; email: string }): Promise<ChangeSummary[]> {
  if (!CHANGE_STATES.includes(update.state)) throw new ChangeInputError(`Choose a state: ${CHANGE_STATES.join(', ')}.`);
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new ChangeInputError('Choose at least one change.');
  if (unique.length > MAX_BULK_CHANGES) throw new ChangeInputError(`At most ${MAX_BULK_CHANGES} changes can be updated at once; ${unique.length} were chosen.`);
  const note = readReviewNote(update.note);
  if (note === undefined) throw new ChangeInputError(noteTooLong());
  const by = actor.email.toLowerCase();
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('watch_changes').select(SUMMARY_COLUMNS).where('id', 'in', unique).execute();
    if (before.length !== unique.length) {
      const found = new Set(before.map((b) => b.id));
      const missing = unique.filter((id) => !found.has(id));
      throw new ChangeInputError(`${missing.length === 1 ? 'A change' : `${missing.length} changes`} chosen no longer exist${missing.length === 1 ? 's' : ''}: nothing was saved.`);
    }
    const now = isoNow();
    const out: ChangeSummary[] = [];
    for (const b of before) {
      const nextNote = note ?? b.note;
      await trx.updateTable('watch_changes').set({ state: update.state, note: nextNote, updated_at: now, updated_by: by }).where('id', '=', b.id).execute();
      await appendAudit(trx, {
        action: 'watch.change.update',
        outcome: 'success',
        actor,
        reference: b.ref,
        detail: {
          change: b.id,
          kind: b.kind,
          section: b.section,
          bulk: true,
          from: { state: b.state, assignee: b.assignee_email, note: b.note },
          to: { state: update.state, assignee: b.assignee_email, note: nextNote },
        },
      });
      out.push(toSummary({ ...b, state: update.state, note: nextNote, updated_at: now, updated_by: by }));
    }
    return out;
  });
}

/**
 * An entity's history, newest first: each check (baseline, unchanged, changed, incomplete) with
 * the changes it saw, before and after.
 */
export async function entityHistory(db: Db, kind: EntityKind, ref: string, limit = 200): Promise<Array<{ check: CheckSummary; changes: ChangeDetail[] }>> {
  const checks = await db
    .selectFrom('watch_checks')
    .select(CHECK_COLUMNS)
    .where('kind', '=', kind)
    .where('ref', '=', ref)
    .orderBy('checked_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  if (checks.length === 0) return [];
  const changes = await db
    .selectFrom('watch_changes')
    .select([...SUMMARY_COLUMNS, 'details'])
    .where('kind', '=', kind)
    .where('ref', '=', ref)
    .where(
      'check_id',
      'in',
      checks.map((c) => c.id),
    )
    .orderBy('section')
    .execute();
  const summaries = new Map(checks.map((c) => [c.id, toCheck(c)]));
  const byCheck = new Map<string, ChangeDetail[]>();
  for (const c of changes) {
    const list = byCheck.get(c.check_id) ?? [];
    list.push({
      ...toSummary(c),
      rows: parseChangeRows(c.details),
      check: summaries.get(c.check_id) ?? null,
      previousCheck: summaries.get(c.previous_check_id) ?? null,
    });
    byCheck.set(c.check_id, list);
  }
  return checks.map((c) => ({ check: toCheck(c), changes: byCheck.get(c.id) ?? [] }));
}

/** What notifications ask for (lib/notify): a cycle's changes, or every change, of a severity, detected by an instant. */
export interface NotifiableChanges {
  cycleId?: string;
  severity?: ChangeSeverity;
  /** Detected at or before this instant (ISO). */
  detectedBy?: string;
}

/**
 * The ids of the changes matching `filter`, as a query aliased `c` that the caller may join to its
 * own table (notifications leave out what a channel has already claimed, in the same statement).
 */
export function notifiableChangeIds(db: Db, filter: NotifiableChanges) {
  let q = db.selectFrom('watch_changes as c').select('c.id');
  if (filter.cycleId) q = q.where('c.cycle_id', '=', filter.cycleId);
  if (filter.severity) q = q.where('c.severity', '=', filter.severity);
  if (filter.detectedBy) q = q.where('c.detected_at', '<=', filter.detectedBy);
  return q;
}

/** These changes, each with its rows, in no order (a message's changes, read in batches). */
export async function changesByIds(db: Db, ids: readonly string[]): Promise<Array<ChangeSummary & { rows: ChangeRowDiff[] }>> {
  const out: Array<ChangeSummary & { rows: ChangeRowDiff[] }> = [];
  for (let i = 0; i < ids.length; i += 400) {
    const rows = await db
      .selectFrom('watch_changes')
      .selectAll()
      .where('id', 'in', ids.slice(i, i + 400))
      .execute();
    out.push(...rows.map((r) => ({ ...toSummary(r), rows: parseChangeRows(r.details) })));
  }
  return out;
}

/** How many changes a cycle found, and how many of them weigh high. */
export async function cycleChangeCounts(db: Db, cycleId: string): Promise<{ total: number; high: number }> {
  const counts = await db
    .selectFrom('watch_changes')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>(eb.case().when('severity', '=', 'high').then(1).else(0).end()).as('high')])
    .where('cycle_id', '=', cycleId)
    .executeTakeFirstOrThrow();
  return { total: Number(counts.total), high: Number(counts.high ?? 0) };
}

/** A cycle as recorded (what a webhook says of it), or null when it is no longer recorded. */
export async function getCycle(db: Db, id: string) {
  const cycle = await db.selectFrom('watch_cycles').selectAll().where('id', '=', id).executeTakeFirst();
  return cycle
    ? { id: cycle.id, trigger: cycle.trigger, scope: cycle.scope, createdAt: cycle.created_at, finishedAt: cycle.finished_at, entityCount: Number(cycle.entity_count) }
    : null;
}

/** The store bound to the process's database: what pages, route handlers and components call. */
export const watchStore = bindStore({ listChanges, listChangesWithRows, changeRowsById, countNewChanges, getCheck, getChange, updateChange, updateChanges, entityHistory });
