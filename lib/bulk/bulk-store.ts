import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { cancelGroup, enqueueJobs, groupProgress, type NewJob } from '@/lib/jobs/job-queue';
import { isoNow } from '@/lib/db/clock';
import { unauthorisedRule } from '@/lib/standing/listing-standing';
import { combine, type Standing, type StandingLevel } from '@/lib/standing/standing';
import type { BulkJobsTable, BulkJobState, BulkMode, BulkOutcome, BulkRowsTable, Db, EntityKind } from '@/lib/db/schema';
import { bindStore } from '@/lib/db/bind-store';

/**
 * Bulk checks in the portal's database: the job, its rows in input order, and the queue jobs that
 * check them (kind `bulk-row`, group = the bulk job's id). A row's result is recorded only while
 * the row is still unchecked (`outcome is null`), so a queue job run twice (a lease that ran out,
 * a restart between recording and finishing) records once, and the handler that finds a result
 * already there does not ask the register again.
 */

export const BULK_ROW_JOB = 'bulk-row';
/** Queue priority of bulk rows: after watch checks (10), which are after anything urgent (0). */
export const BULK_ROW_PRIORITY = 20;
export const BULK_ROW_ATTEMPTS = 5;

export interface BulkRowPayload {
  bulkId: string;
  rowNo: number;
}

/**
 * How a job's input was read, as the person confirmed it on /bulk (lib/bulk/bulk-columns.ts makes
 * it): the sheet, the header row, and what each column was read as.
 */
export interface StoredInputLayout {
  /** The sheet read, for a workbook. */
  sheet: string | null;
  /** The header row's number in the source, or null when the input had none. */
  headerRow: number | null;
  /** Each column that was given a meaning: its role's label, its letter and its header. */
  columns: Array<{ role: string; column: string; header: string }>;
}

export interface BulkJob {
  id: string;
  createdById: string | null;
  createdByEmail: string;
  createdAt: string;
  source: string;
  filename: string | null;
  mode: BulkMode;
  sections: string[];
  rowCount: number;
  checkCount: number;
  invalidCount: number;
  duplicateCount: number;
  estimatedRequests: number;
  state: BulkJobState;
  finishedAt: string | null;
  cancelledBy: string | null;
  expiresAt: string;
  inputLayout: StoredInputLayout | null;
  /** The headers of the person's own columns, kept beside the results. */
  userColumns: string[];
}

export interface StoredCandidate {
  kind: EntityKind;
  /** Empty for an unauthorised or clone entry (`listing`), which has no reference number. */
  ref: string;
  name: string;
  status?: string;
  postcode?: string;
  score: number;
  /** Which of its names scored ('other' in rows recorded before trading and previous names were told apart); 'reference': the reference number given. */
  matchedOn: 'current' | 'other' | 'trading' | 'previous' | 'reference';
  otherName?: string;
  reasons: string[];
  /** An unauthorised or clone entry: the register's listing of it. */
  listing?: { listedName: string; status?: string; type?: string; clone: boolean; cloneOf?: string };
  /** What its search listing says of its standing, for the chooser. */
  standing?: { level: StandingLevel; label: string };
}

export interface BulkRow {
  bulkId: string;
  rowNo: number;
  input: string;
  inputKind: BulkRowsTable['input_kind'];
  ref: string | null;
  nameQuery: string | null;
  postcode: string | null;
  chNumber: string | null;
  entity: EntityKind | null;
  duplicateOf: number | null;
  outcome: BulkOutcome | null;
  message: string | null;
  retryable: boolean;
  matchedKind: EntityKind | null;
  matchedRef: string | null;
  matchedName: string | null;
  score: number | null;
  candidates: StoredCandidate[];
  fields: Record<string, string>;
  retrievedAt: string | null;
  provenanceSource: 'live' | 'cache' | null;
  requestCount: number;
  resolvedBy: string | null;
  resolvedAt: string | null;
  checkedAt: string | null;
  /** The cells of the person's own columns (the job's `userColumns`), in order. */
  userCells: string[];
  /** The row's number in the source: the sheet's row or the file's line. */
  sourceRow: number | null;
  /** What reading the row noted, kept apart from the result's message. */
  inputNote: string | null;
  /** The standing of what the row matched, or of the unauthorised entry it found. */
  standing: Standing | null;
}

function toJob(row: Selectable<BulkJobsTable>): BulkJob {
  return {
    id: row.id,
    createdById: row.created_by_id,
    createdByEmail: row.created_by_email,
    createdAt: row.created_at,
    source: row.source,
    filename: row.filename,
    mode: row.mode,
    sections: JSON.parse(row.sections) as string[],
    rowCount: Number(row.row_count),
    checkCount: Number(row.check_count),
    invalidCount: Number(row.invalid_count),
    duplicateCount: Number(row.duplicate_count),
    estimatedRequests: Number(row.estimated_requests),
    state: row.state,
    finishedAt: row.finished_at,
    cancelledBy: row.cancelled_by,
    expiresAt: row.expires_at,
    inputLayout: row.input_layout ? (JSON.parse(row.input_layout) as StoredInputLayout) : null,
    userColumns: row.user_columns ? (JSON.parse(row.user_columns) as string[]) : [],
  };
}

function toRow(row: Selectable<BulkRowsTable>): BulkRow {
  return {
    bulkId: row.bulk_id,
    rowNo: Number(row.row_no),
    input: row.input,
    inputKind: row.input_kind,
    ref: row.ref,
    nameQuery: row.name_query,
    postcode: row.postcode,
    chNumber: row.ch_number,
    entity: row.entity,
    duplicateOf: row.duplicate_of === null ? null : Number(row.duplicate_of),
    outcome: row.outcome,
    message: row.message,
    retryable: Number(row.retryable) === 1,
    matchedKind: row.matched_kind,
    matchedRef: row.matched_ref,
    matchedName: row.matched_name,
    score: row.score === null ? null : Number(row.score),
    candidates: row.candidates ? (JSON.parse(row.candidates) as StoredCandidate[]) : [],
    fields: row.fields ? (JSON.parse(row.fields) as Record<string, string>) : {},
    retrievedAt: row.retrieved_at,
    provenanceSource: row.provenance_source === 'live' || row.provenance_source === 'cache' ? row.provenance_source : null,
    requestCount: Number(row.request_count),
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at,
    checkedAt: row.checked_at,
    userCells: row.user_cells ? (JSON.parse(row.user_cells) as string[]) : [],
    sourceRow: row.source_row === null || row.source_row === undefined ? null : Number(row.source_row),
    inputNote: row.input_note ?? null,
    standing: row.standing ? (JSON.parse(row.standing) as Standing) : null,
  };
}

export interface NewBulkRow {
  rowNo: number;
  input: string;
  kind: BulkRowsTable['input_kind'];
  ref?: string;
  name?: string;
  postcode?: string;
  chNumber?: string;
  entity?: EntityKind;
  message?: string;
  duplicateOf?: number;
  userCells?: string[];
  sourceRow?: number;
}

export interface NewBulkJob {
  createdBy: { id: string | null; email: string };
  source: 'paste' | 'csv' | 'xlsx';
  filename?: string | null;
  mode: BulkMode;
  sections: string[];
  rows: NewBulkRow[];
  estimatedRequests: number;
  retentionDays: number;
  now?: number;
  inputLayout?: StoredInputLayout | null;
  userColumns?: string[];
}

function rowJob(bulkId: string, rowNo: number, suffix = ''): NewJob {
  const payload: BulkRowPayload = { bulkId, rowNo };
  return { kind: BULK_ROW_JOB, payload, group: bulkId, dedupeKey: `bulk:${bulkId}:${rowNo}${suffix}`, priority: BULK_ROW_PRIORITY, maxAttempts: BULK_ROW_ATTEMPTS };
}

/** Whether a row needs the register (not invalid, not a repeat of an earlier row). */
export function needsCheck(row: Pick<NewBulkRow, 'kind' | 'duplicateOf'>): boolean {
  return row.kind !== 'invalid' && row.duplicateOf === undefined;
}

/** Stores the job and its rows and enqueues one queue job per row to check, in one transaction. */
export async function createBulkJob(db: Db, input: NewBulkJob): Promise<BulkJob> {
  const now = input.now ?? Date.now();
  const at = isoNow(now);
  const id = randomUUID();
  const toCheck = input.rows.filter(needsCheck);
  const record: BulkJobsTable = {
    id,
    created_by_id: input.createdBy.id,
    created_by_email: input.createdBy.email,
    created_at: at,
    updated_at: at,
    source: input.source,
    filename: input.filename ?? null,
    mode: input.mode,
    sections: JSON.stringify(input.sections),
    row_count: input.rows.length,
    check_count: toCheck.length,
    invalid_count: input.rows.filter((r) => r.kind === 'invalid').length,
    duplicate_count: input.rows.filter((r) => r.duplicateOf !== undefined).length,
    estimated_requests: input.estimatedRequests,
    state: toCheck.length === 0 ? 'finished' : 'running',
    finished_at: toCheck.length === 0 ? at : null,
    cancelled_by: null,
    expires_at: isoNow(now + input.retentionDays * 86_400_000),
    input_layout: input.inputLayout ? JSON.stringify(input.inputLayout) : null,
    user_columns: input.userColumns?.length ? JSON.stringify(input.userColumns) : null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('bulk_jobs').values(record).execute();
    for (let i = 0; i < input.rows.length; i += 200) {
      await trx
        .insertInto('bulk_rows')
        .values(
          input.rows.slice(i, i + 200).map((r) => ({
            bulk_id: id,
            row_no: r.rowNo,
            input: r.input.slice(0, 2000),
            input_kind: r.kind,
            ref: r.ref ?? null,
            name_query: r.name ?? null,
            postcode: r.postcode ?? null,
            ch_number: r.chNumber ?? null,
            entity: r.entity ?? null,
            duplicate_of: r.duplicateOf ?? null,
            outcome: r.kind === 'invalid' ? ('invalid' as const) : null,
            message: r.message ?? null,
            checked_at: r.kind === 'invalid' ? at : null,
            user_cells: r.userCells?.length ? JSON.stringify(r.userCells.map((c) => c.slice(0, 2000))) : null,
            source_row: r.sourceRow ?? null,
            input_note: r.kind !== 'invalid' && r.message ? r.message : null,
          })),
        )
        .execute();
    }
    await enqueueJobs(
      trx,
      toCheck.map((r) => rowJob(id, r.rowNo)),
      now,
    );
  });
  return toJob(record);
}

export async function getBulkJob(db: Db, id: string): Promise<BulkJob | null> {
  const row = await db.selectFrom('bulk_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toJob(row) : null;
}

/** The newest bulk jobs first; one person's when `email` is given. */
export async function listBulkJobs(db: Db, options: { email?: string; limit?: number } = {}): Promise<BulkJob[]> {
  let q = db
    .selectFrom('bulk_jobs')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(options.limit ?? 50);
  if (options.email) q = q.where('created_by_email', '=', options.email);
  return (await q.execute()).map(toJob);
}

export async function getBulkRow(db: Db, bulkId: string, rowNo: number): Promise<BulkRow | null> {
  const row = await db.selectFrom('bulk_rows').selectAll().where('bulk_id', '=', bulkId).where('row_no', '=', rowNo).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** Every row in input order. */
export async function listBulkRows(db: Db, bulkId: string): Promise<BulkRow[]> {
  return (await db.selectFrom('bulk_rows').selectAll().where('bulk_id', '=', bulkId).orderBy('row_no').execute()).map(toRow);
}

export interface RowResult {
  outcome: BulkOutcome;
  message?: string | null;
  retryable?: boolean;
  matchedKind?: EntityKind | null;
  matchedRef?: string | null;
  matchedName?: string | null;
  score?: number | null;
  candidates?: StoredCandidate[];
  fields?: Record<string, string>;
  retrievedAt?: string | null;
  provenanceSource?: 'live' | 'cache' | null;
  standing?: Standing | null;
  requestCount: number;
}

/**
 * Records a row's result, only if it has none yet; false when it already had one (the row was
 * checked by an earlier run of its job, which this one must not overwrite or repeat).
 */
export async function recordRowResult(db: Db, bulkId: string, rowNo: number, result: RowResult, now: number = Date.now()): Promise<boolean> {
  const updated = await db
    .updateTable('bulk_rows')
    .set((eb) => ({
      outcome: result.outcome,
      message: result.message ?? null,
      retryable: result.retryable ? 1 : 0,
      ...(result.matchedKind !== undefined ? { matched_kind: result.matchedKind } : {}),
      ...(result.matchedRef !== undefined ? { matched_ref: result.matchedRef } : {}),
      ...(result.matchedName !== undefined ? { matched_name: result.matchedName } : {}),
      ...(result.score !== undefined ? { score: result.score } : {}),
      ...(result.candidates !== undefined ? { candidates: JSON.stringify(result.candidates) } : {}),
      fields: result.fields ? JSON.stringify(result.fields) : null,
      standing: result.standing ? JSON.stringify(result.standing) : null,
      retrieved_at: result.retrievedAt ?? null,
      provenance_source: result.provenanceSource ?? null,
      request_count: eb('request_count', '+', result.requestCount),
      checked_at: isoNow(now),
    }))
    .where('bulk_id', '=', bulkId)
    .where('row_no', '=', rowNo)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export interface BulkProgress {
  rows: number;
  toCheck: number;
  /** Rows to check that have a result. */
  checked: number;
  matched: number;
  notFound: number;
  invalid: number;
  ambiguous: number;
  /** Rows whose name is an unauthorised or clone entry on the register. */
  unauthorised: number;
  /** Rows whose reference and name disagree, waiting for a person. */
  mismatch: number;
  /** Register errors so far (retryable or not). */
  failed: number;
  duplicates: number;
  /** Queue jobs still to run (queued or running). */
  pending: number;
  state: BulkJobState;
}

/** Counts by outcome (duplicates excluded: they show their first row's), and the queue's view. */
export async function bulkProgress(db: Db, bulkId: string): Promise<BulkProgress | null> {
  const job = await getBulkJob(db, bulkId);
  if (!job) return null;
  const counts = await db
    .selectFrom('bulk_rows')
    .select(['outcome', sql<number>`count(*)`.as('n')])
    .where('bulk_id', '=', bulkId)
    .where('duplicate_of', 'is', null)
    .groupBy('outcome')
    .execute();
  const by = (o: BulkOutcome | null) => Number(counts.find((c) => c.outcome === o)?.n ?? 0);
  const queue = await groupProgress(db, bulkId);
  const checkedAll = counts.reduce((n, c) => n + (c.outcome !== null && c.outcome !== 'invalid' ? Number(c.n) : 0), 0);
  return {
    rows: job.rowCount,
    toCheck: job.checkCount,
    checked: checkedAll,
    matched: by('matched'),
    notFound: by('not-found'),
    invalid: by('invalid'),
    ambiguous: by('ambiguous'),
    unauthorised: by('unauthorised'),
    mismatch: by('mismatch'),
    failed: by('register-error'),
    duplicates: job.duplicateCount,
    pending: queue.queued + queue.running,
    state: job.state,
  };
}

/** Marks a running job finished once its queue work is over; returns the state now. */
export async function settleBulkJob(db: Db, bulkId: string, now: number = Date.now()): Promise<BulkJobState | null> {
  const job = await getBulkJob(db, bulkId);
  if (!job) return null;
  if (job.state !== 'running') return job.state;
  const queue = await groupProgress(db, bulkId);
  if (queue.queued + queue.running > 0) return 'running';
  const at = isoNow(now);
  await db.updateTable('bulk_jobs').set({ state: 'finished', finished_at: at, updated_at: at }).where('id', '=', bulkId).where('state', '=', 'running').execute();
  return 'finished';
}

/** Stops a running job: its unchecked rows stay unchecked. Returns how many queue jobs were cancelled. */
export async function cancelBulkJob(db: Db, bulkId: string, by: string, now: number = Date.now()): Promise<number> {
  const at = isoNow(now);
  const cancelled = await cancelGroup(db, bulkId, now);
  await db
    .updateTable('bulk_jobs')
    .set({ state: 'cancelled', cancelled_by: by, finished_at: at, updated_at: at })
    .where('id', '=', bulkId)
    .where('state', '=', 'running')
    .execute();
  return cancelled;
}

/**
 * Checks again the rows that ended in a register error, and the rows a cancelled job never
 * reached: their results are cleared and each gets a new queue job. Returns how many.
 */
export async function retryFailedRows(db: Db, bulkId: string, now: number = Date.now()): Promise<number> {
  const at = isoNow(now);
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('bulk_rows')
      .select('row_no')
      .where('bulk_id', '=', bulkId)
      .where('duplicate_of', 'is', null)
      .where('input_kind', '!=', 'invalid')
      .where((eb) => eb.or([eb('outcome', '=', 'register-error'), eb('outcome', 'is', null)]))
      .execute();
    if (rows.length === 0) return 0;
    const numbers = rows.map((r) => Number(r.row_no));
    for (let i = 0; i < numbers.length; i += 500) {
      await trx
        .updateTable('bulk_rows')
        .set({ outcome: null, message: null, retryable: 0, checked_at: null })
        .where('bulk_id', '=', bulkId)
        .where('row_no', 'in', numbers.slice(i, i + 500))
        .execute();
    }
    // A queue job still waiting for one of these rows does it; the others get a new one.
    const waiting = await trx.selectFrom('jobs').select('payload').where('job_group', '=', bulkId).where('state', 'in', ['queued', 'running']).execute();
    const busy = new Set(waiting.map((w) => (JSON.parse(w.payload) as BulkRowPayload).rowNo));
    await enqueueJobs(
      trx,
      numbers.filter((n) => !busy.has(n)).map((n) => rowJob(bulkId, n, `:retry:${now}`)),
      now,
    );
    await trx.updateTable('bulk_jobs').set({ state: 'running', finished_at: null, cancelled_by: null, updated_at: at }).where('id', '=', bulkId).execute();
    return numbers.length;
  });
}

/** `listing`: the index, among the row's candidates, of an unauthorised or clone entry. */
export type Resolution = { choice: 'none' } | { choice: 'candidate'; kind: EntityKind; ref: string } | { choice: 'listing'; index: number };

/** Outcomes that wait for a person's choice. */
const WAITING: BulkOutcome[] = ['ambiguous', 'mismatch'];

/**
 * A person's answer to a row waiting for a choice (ambiguous, or a reference whose name fits
 * another record): none of the candidates (the row becomes not found), one of them (the row waits
 * for that entry's record, fetched by a new queue job), or an unauthorised or clone entry among
 * them (the row's answer at once: it has no record to fetch). Only a row still waiting can be
 * resolved, and only to one of its own candidates. Returns false when it could not be.
 */
export async function resolveAmbiguousRow(db: Db, bulkId: string, rowNo: number, resolution: Resolution, by: string, now: number = Date.now()): Promise<boolean> {
  const at = isoNow(now);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('bulk_rows').selectAll().where('bulk_id', '=', bulkId).where('row_no', '=', rowNo).executeTakeFirst();
    if (!row || row.outcome === null || !WAITING.includes(row.outcome)) return false;
    const waiting = row.outcome;
    const candidates = row.candidates ? (JSON.parse(row.candidates) as StoredCandidate[]) : [];
    if (resolution.choice === 'none') {
      const updated = await trx
        .updateTable('bulk_rows')
        .set({
          outcome: 'not-found',
          message: `None of the candidates is this entry (chosen by ${by}).`,
          matched_kind: null,
          matched_ref: null,
          matched_name: null,
          fields: null,
          standing: null,
          resolved_by: by,
          resolved_at: at,
          checked_at: at,
        })
        .where('bulk_id', '=', bulkId)
        .where('row_no', '=', rowNo)
        .where('outcome', '=', waiting)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    }
    if (resolution.choice === 'listing') {
      const listed = candidates[resolution.index];
      if (!listed?.listing) return false;
      const reason = unauthorisedRule({ listedName: listed.listing.listedName, name: listed.name, status: listed.listing.status, type: listed.listing.type });
      const fields = {
        Name: listed.listing.listedName,
        ...(listed.listing.status ? { Status: listed.listing.status } : {}),
        ...(listed.listing.type ? { 'Business type': listed.listing.type } : {}),
      };
      const updated = await trx
        .updateTable('bulk_rows')
        .set({
          outcome: 'unauthorised',
          message: `Chosen by ${by} from the candidates. ${reason.text}`,
          matched_kind: null,
          matched_ref: null,
          matched_name: listed.listing.listedName,
          score: listed.score,
          fields: JSON.stringify(fields),
          standing: JSON.stringify(combine([reason], 'Unauthorised', ["the register's search listing"])),
          resolved_by: by,
          resolved_at: at,
          checked_at: at,
        })
        .where('bulk_id', '=', bulkId)
        .where('row_no', '=', rowNo)
        .where('outcome', '=', waiting)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    }
    const chosen = candidates.find((c) => !c.listing && c.kind === resolution.kind && c.ref === resolution.ref);
    if (!chosen) return false;
    const updated = await trx
      .updateTable('bulk_rows')
      .set({
        outcome: null,
        message: null,
        matched_kind: chosen.kind,
        matched_ref: chosen.ref,
        matched_name: chosen.name,
        score: chosen.score,
        fields: null,
        standing: null,
        resolved_by: by,
        resolved_at: at,
        checked_at: null,
      })
      .where('bulk_id', '=', bulkId)
      .where('row_no', '=', rowNo)
      .where('outcome', '=', waiting)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await enqueueJobs(trx, [rowJob(bulkId, rowNo, `:pick:${chosen.kind}:${chosen.ref}`)], now);
    await trx.updateTable('bulk_jobs').set({ state: 'running', finished_at: null, updated_at: at }).where('id', '=', bulkId).where('state', '=', 'finished').execute();
    return true;
  });
}

/** The first row after `rowNo` (or before it, going round) still waiting for a person's choice. */
export async function nextWaitingRow(db: Db, bulkId: string, rowNo: number): Promise<number | null> {
  const rows = await db
    .selectFrom('bulk_rows')
    .select('row_no')
    .where('bulk_id', '=', bulkId)
    .where('duplicate_of', 'is', null)
    .where('outcome', 'in', WAITING)
    .orderBy('row_no')
    .execute();
  const numbers = rows.map((r) => Number(r.row_no));
  return numbers.find((n) => n > rowNo) ?? numbers.find((n) => n !== rowNo) ?? null;
}

/** The distinct entities of the matched rows, for a watchlist. */
export async function matchedEntities(db: Db, bulkId: string): Promise<Array<{ kind: EntityKind; ref: string; name: string | null }>> {
  const rows = await db
    .selectFrom('bulk_rows')
    .select(['matched_kind', 'matched_ref', 'matched_name'])
    .where('bulk_id', '=', bulkId)
    .where('outcome', '=', 'matched')
    .where('duplicate_of', 'is', null)
    .orderBy('row_no')
    .execute();
  const seen = new Set<string>();
  const out: Array<{ kind: EntityKind; ref: string; name: string | null }> = [];
  for (const r of rows) {
    if (!r.matched_kind || !r.matched_ref) continue;
    const key = `${r.matched_kind}:${r.matched_ref}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ kind: r.matched_kind, ref: r.matched_ref, name: r.matched_name });
  }
  return out;
}

/** Adds entities to a watchlist (those already on it are left as they are); returns how many were new. */
export async function addToWatchlist(
  db: Db,
  watchlistId: string,
  entities: Array<{ kind: EntityKind; ref: string; name: string | null }>,
  addedBy: string,
  now: number = Date.now(),
): Promise<number> {
  const at = isoNow(now);
  let added = 0;
  for (let i = 0; i < entities.length; i += 200) {
    const result = await db
      .insertInto('watchlist_entries')
      .values(entities.slice(i, i + 200).map((e) => ({ watchlist_id: watchlistId, kind: e.kind, ref: e.ref, name: e.name, added_by: addedBy, added_at: at })))
      .onConflict((oc) => oc.columns(['watchlist_id', 'kind', 'ref']).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/** The watchlists to offer, by name. */
export async function listWatchlistChoices(db: Db): Promise<Array<{ id: string; name: string }>> {
  return db.selectFrom('watchlists').select(['id', 'name']).orderBy('name').execute();
}

/** Deletes the bulk jobs whose results have expired, with their rows and queue jobs; returns how many jobs. */
export async function pruneExpiredBulkJobs(db: Db, now: number = Date.now()): Promise<number> {
  const expired = await db.selectFrom('bulk_jobs').select('id').where('expires_at', '<', isoNow(now)).execute();
  for (const { id } of expired) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('jobs').where('job_group', '=', id).execute();
      await trx.deleteFrom('bulk_rows').where('bulk_id', '=', id).execute();
      await trx.deleteFrom('bulk_jobs').where('id', '=', id).execute();
    });
  }
  return expired.length;
}

/** The store bound to the process's database: what pages and route handlers call. */
export const bulkStore = bindStore({
  createBulkJob,
  getBulkJob,
  listBulkJobs,
  listBulkRows,
  cancelBulkJob,
  retryFailedRows,
  resolveAmbiguousRow,
  nextWaitingRow,
  matchedEntities,
  addToWatchlist,
  listWatchlistChoices,
});
