import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { isoNow } from '@/lib/db/clock';
import { appendAudit, type AuditActor } from '@/lib/db/queries/audit';
import type { ChangeState, Db, PrincipalAttestationsTable, PrincipalChecksTable, PrincipalFindingsTable, PrincipalReviewsTable } from '@/lib/db/schema';
import { recordLinks } from '@/lib/representatives/ar-links';
import type { BookRole, BookRow } from './book-reader';
import { findingKey, RECONCILE_KINDS, sidesFor, type Finding, type FindingKind, type RegisterArRow, type StoredFindingKind } from './reconcile';
import { bindStore } from '@/lib/db/bind-store';
import { readReviewFields, REVIEW_STATES, type ReviewFieldsInput } from '@/lib/watch/review-fields';

/**
 * The one module that owns the principals' tables (migration 0016): principals, every version of
 * their AR books and the rows, readings of the register's AR list, findings with their review
 * state (audited in the same transaction, as a watch change's), and the principal↔AR links seen.
 * Plain Kysely, so it runs on SQLite and PostgreSQL alike.
 */

/**
 * A new open finding, in the caller's transaction: the one place a row of `principal_findings` is
 * created, by the reconciliation of a reading (below) and by an AR's standing pass
 * (`ar-standing.ts`, whose pass id stands where a check's id does).
 */
export async function insertFinding(
  db: Db,
  f: { principalFrn: string; kind: StoredFindingKind; arFrn: string; arName: string; register: string; book: string; checkId: string; at: string },
): Promise<void> {
  await db
    .insertInto('principal_findings')
    .values({
      id: randomUUID(),
      principal_frn: f.principalFrn,
      kind: f.kind,
      ar_frn: f.arFrn,
      ar_name: f.arName,
      register_value: f.register,
      book_value: f.book,
      state: 'new',
      assignee_email: null,
      note: null,
      detected_at: f.at,
      detected_check_id: f.checkId,
      last_seen_check_id: f.checkId,
      updated_at: f.at,
      updated_by: null,
      closed_at: null,
      closed_by: null,
      closed_check_id: null,
    })
    .execute();
}

export const FINDING_STATES: readonly ChangeState[] = REVIEW_STATES;

export class PrincipalInputError extends Error {
  override name = 'PrincipalInputError';
  constructor(
    message: string,
    readonly code: 'bad-input' | 'duplicate' | 'missing' = 'bad-input',
  ) {
    super(message);
  }
}

export interface Principal {
  frn: string;
  name: string | null;
  addedBy: string;
  addedAt: string;
  registerState: 'principal' | 'not-a-principal' | 'not-found' | null;
}

export interface PrincipalOverview extends Principal {
  bookVersion: number | null;
  bookRows: number | null;
  openFindings: number;
  lastCheckAt: string | null;
  lastCheckOutcome: 'running' | 'ok' | 'failed' | null;
}

export interface BookVersion {
  id: string;
  principalFrn: string;
  version: number;
  uploadedBy: string;
  uploadedAt: string;
  sha256: string;
  rowCount: number;
  refusedCount: number;
  fileName: string;
  columns: Array<{ header: string; role: BookRole | null }>;
}

export interface PrincipalCheck {
  id: string;
  principalFrn: string;
  trigger: 'manual' | 'nightly';
  requestedBy: string;
  createdAt: string;
  finishedAt: string | null;
  outcome: 'running' | 'ok' | 'failed';
  message: string | null;
  bookId: string | null;
  pages: number;
  requestCount: number;
  currentCount: number;
  previousCount: number;
  sha256: string | null;
  findingCount: number;
}

export interface StoredFinding {
  id: string;
  principalFrn: string;
  kind: StoredFindingKind;
  arFrn: string;
  arName: string;
  register: string;
  book: string;
  state: ChangeState;
  assigneeEmail: string | null;
  note: string | null;
  detectedAt: string;
  updatedAt: string;
  updatedBy: string | null;
  closedAt: string | null;
  closedBy: 'register' | 'book' | null;
}

function toPrincipal(r: { frn: string; name: string | null; added_by: string; added_at: string; register_state: Principal['registerState'] }): Principal {
  return { frn: r.frn, name: r.name, addedBy: r.added_by, addedAt: r.added_at, registerState: r.register_state };
}

function toCheck(r: Omit<PrincipalChecksTable, 'reading' | 'nightly_key'>): PrincipalCheck {
  return {
    id: r.id,
    principalFrn: r.principal_frn,
    trigger: r.trigger,
    requestedBy: r.requested_by,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    outcome: r.outcome,
    message: r.message,
    bookId: r.book_id,
    pages: Number(r.pages),
    requestCount: Number(r.request_count),
    currentCount: Number(r.current_count),
    previousCount: Number(r.previous_count),
    sha256: r.sha256,
    findingCount: Number(r.finding_count),
  };
}

function toFinding(r: PrincipalFindingsTable): StoredFinding {
  return {
    id: r.id,
    principalFrn: r.principal_frn,
    kind: r.kind,
    arFrn: r.ar_frn,
    arName: r.ar_name,
    register: r.register_value,
    book: r.book_value,
    state: r.state,
    assigneeEmail: r.assignee_email,
    note: r.note,
    detectedAt: r.detected_at,
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
    closedAt: r.closed_at,
    closedBy: r.closed_by,
  };
}

// ---- Principals ---------------------------------------------------------------------------------

export async function getPrincipal(db: Db, frn: string): Promise<Principal | null> {
  const r = await db.selectFrom('principals').selectAll().where('frn', '=', frn).executeTakeFirst();
  return r ? toPrincipal(r) : null;
}

/** Adds a principal (audited); a principal already added is refused as a duplicate. */
export async function addPrincipal(db: Db, input: { frn: string; name: string | null }, actor: AuditActor): Promise<Principal> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('principals').select('frn').where('frn', '=', input.frn).executeTakeFirst();
    if (existing) throw new PrincipalInputError(`FRN ${input.frn} is already a principal in the portal.`, 'duplicate');
    const row = { frn: input.frn, name: input.name, added_by: actor.email.toLowerCase(), added_at: isoNow(), register_state: null };
    await trx.insertInto('principals').values(row).execute();
    await appendAudit(trx, { action: 'principal.add', outcome: 'success', actor, reference: input.frn, detail: { name: input.name } });
    return toPrincipal(row);
  });
}

/** Every principal with its book, open findings and last check, by name. */
export async function listPrincipals(db: Db): Promise<PrincipalOverview[]> {
  const principals = await db.selectFrom('principals').selectAll().orderBy('name').orderBy('frn').execute();
  if (principals.length === 0) return [];
  const frns = principals.map((p) => p.frn);
  const books = await db.selectFrom('principal_books').select(['principal_frn', 'version', 'row_count']).where('principal_frn', 'in', frns).orderBy('version', 'desc').execute();
  const open = await db
    .selectFrom('principal_findings')
    .select(['principal_frn', sql<number>`count(*)`.as('n')])
    .where('principal_frn', 'in', frns)
    .where('closed_at', 'is', null)
    .groupBy('principal_frn')
    .execute();
  const checks = await db
    .selectFrom('principal_checks')
    .select(['principal_frn', 'created_at', 'outcome'])
    .where('principal_frn', 'in', frns)
    .orderBy('created_at', 'desc')
    .execute();
  return principals.map((p) => {
    const book = books.find((b) => b.principal_frn === p.frn);
    const check = checks.find((c) => c.principal_frn === p.frn);
    return {
      ...toPrincipal(p),
      bookVersion: book ? Number(book.version) : null,
      bookRows: book ? Number(book.row_count) : null,
      openFindings: Number(open.find((o) => o.principal_frn === p.frn)?.n ?? 0),
      lastCheckAt: check?.created_at ?? null,
      lastCheckOutcome: check?.outcome ?? null,
    };
  });
}

export async function allPrincipalFrns(db: Db): Promise<string[]> {
  return (await db.selectFrom('principals').select('frn').orderBy('frn').execute()).map((r) => r.frn);
}

// ---- Books --------------------------------------------------------------------------------------

export interface NewBook {
  fileName: string;
  sha256: string;
  rows: BookRow[];
  refusedCount: number;
  columns: Array<{ header: string; role: BookRole | null }>;
}

/** Stores a new version of a principal's book with its rows (all or nothing), audited. */
export async function saveBook(db: Db, frn: string, book: NewBook, actor: AuditActor): Promise<BookVersion> {
  return db.transaction().execute(async (trx) => {
    const principal = await trx.selectFrom('principals').select('frn').where('frn', '=', frn).executeTakeFirst();
    if (!principal) throw new PrincipalInputError(`FRN ${frn} is not a principal in the portal: add it first.`, 'missing');
    const last = await trx
      .selectFrom('principal_books')
      .select(sql<number>`coalesce(max(version), 0)`.as('v'))
      .where('principal_frn', '=', frn)
      .executeTakeFirstOrThrow();
    const version = Number(last.v) + 1;
    const id = randomUUID();
    const row = {
      id,
      principal_frn: frn,
      version,
      uploaded_by: actor.email.toLowerCase(),
      uploaded_at: isoNow(),
      sha256: book.sha256,
      row_count: book.rows.length,
      refused_count: book.refusedCount,
      file_name: book.fileName.slice(0, 200),
      columns: JSON.stringify(book.columns),
    };
    await trx.insertInto('principal_books').values(row).execute();
    for (let i = 0; i < book.rows.length; i += 200) {
      await trx
        .insertInto('principal_book_rows')
        .values(
          book.rows.slice(i, i + 200).map((r) => ({
            book_id: id,
            row_number: r.row,
            ar_frn: r.arFrn,
            ar_name: r.name,
            ar_type: r.type,
            appointed: r.appointed,
            terminated: r.terminated,
            tied_agent: r.tiedAgent === null ? null : r.tiedAgent ? 1 : 0,
            eea_tied_agent: r.eeaTiedAgent === null ? null : r.eeaTiedAgent ? 1 : 0,
            extra: JSON.stringify(r.extra),
          })),
        )
        .execute();
    }
    await appendAudit(trx, {
      action: 'principal.book.upload',
      outcome: 'success',
      actor,
      reference: frn,
      detail: { version, sha256: book.sha256, rows: book.rows.length, refused: book.refusedCount, file: row.file_name },
    });
    return toBook(row);
  });
}

function toBook(r: {
  id: string;
  principal_frn: string;
  version: number;
  uploaded_by: string;
  uploaded_at: string;
  sha256: string;
  row_count: number;
  refused_count: number;
  file_name: string;
  columns: string;
}): BookVersion {
  return {
    id: r.id,
    principalFrn: r.principal_frn,
    version: Number(r.version),
    uploadedBy: r.uploaded_by,
    uploadedAt: r.uploaded_at,
    sha256: r.sha256,
    rowCount: Number(r.row_count),
    refusedCount: Number(r.refused_count),
    fileName: r.file_name,
    columns: JSON.parse(r.columns) as BookVersion['columns'],
  };
}

/** Every version of a principal's book, newest first. */
export async function listBooks(db: Db, frn: string): Promise<BookVersion[]> {
  const rows = await db.selectFrom('principal_books').selectAll().where('principal_frn', '=', frn).orderBy('version', 'desc').execute();
  return rows.map(toBook);
}

export async function latestBook(db: Db, frn: string): Promise<BookVersion | null> {
  const r = await db.selectFrom('principal_books').selectAll().where('principal_frn', '=', frn).orderBy('version', 'desc').limit(1).executeTakeFirst();
  return r ? toBook(r) : null;
}

export async function bookRows(db: Db, bookId: string): Promise<BookRow[]> {
  const rows = await db.selectFrom('principal_book_rows').selectAll().where('book_id', '=', bookId).orderBy('row_number').execute();
  return rows.map((r) => ({
    row: Number(r.row_number),
    arFrn: r.ar_frn,
    name: r.ar_name,
    type: r.ar_type,
    appointed: r.appointed,
    terminated: r.terminated,
    tiedAgent: r.tied_agent === null ? null : Number(r.tied_agent) === 1,
    eeaTiedAgent: r.eea_tied_agent === null ? null : Number(r.eea_tied_agent) === 1,
    extra: JSON.parse(r.extra) as Record<string, string>,
  }));
}

// ---- Checks and readings ------------------------------------------------------------------------

const CHECK_COLUMNS = [
  'id',
  'principal_frn',
  'trigger',
  'requested_by',
  'created_at',
  'finished_at',
  'outcome',
  'message',
  'book_id',
  'pages',
  'request_count',
  'current_count',
  'previous_count',
  'sha256',
  'finding_count',
] as const;

/** Records a check about to run; a nightly key already used returns that check instead (created false). */
export async function createCheck(
  db: Db,
  input: { frn: string; trigger: 'manual' | 'nightly'; requestedBy: string; nightlyKey?: string; now?: number },
): Promise<{ checkId: string; created: boolean }> {
  const id = randomUUID();
  const inserted = await db
    .insertInto('principal_checks')
    .values({
      id,
      principal_frn: input.frn,
      trigger: input.trigger,
      nightly_key: input.nightlyKey ?? null,
      requested_by: input.requestedBy,
      created_at: isoNow(input.now),
      finished_at: null,
      outcome: 'running',
      message: null,
      book_id: null,
      pages: 0,
      request_count: 0,
      current_count: 0,
      previous_count: 0,
      reading: null,
      sha256: null,
      finding_count: 0,
    })
    .onConflict((oc) => oc.column('nightly_key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0 && input.nightlyKey) {
    const existing = await db.selectFrom('principal_checks').select('id').where('nightly_key', '=', input.nightlyKey).executeTakeFirstOrThrow();
    return { checkId: existing.id, created: false };
  }
  return { checkId: id, created: true };
}

export async function getCheck(db: Db, id: string): Promise<PrincipalCheck | null> {
  const r = await db.selectFrom('principal_checks').select(CHECK_COLUMNS).where('id', '=', id).executeTakeFirst();
  return r ? toCheck(r) : null;
}

export async function recentChecks(db: Db, frn: string, limit = 10): Promise<PrincipalCheck[]> {
  const rows = await db.selectFrom('principal_checks').select(CHECK_COLUMNS).where('principal_frn', '=', frn).orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map(toCheck);
}

/** The AR rows of the latest reading that completed, with its check; null before any. */
export async function latestReading(db: Db, frn: string): Promise<{ check: PrincipalCheck; rows: RegisterArRow[] } | null> {
  const r = await db
    .selectFrom('principal_checks')
    .select([...CHECK_COLUMNS, 'reading'])
    .where('principal_frn', '=', frn)
    .where('outcome', '=', 'ok')
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!r || r.reading === null) return null;
  return { check: toCheck(r), rows: JSON.parse(r.reading) as RegisterArRow[] };
}

/** Every completed reading of a principal, oldest first (the annual return is computed from them). */
export async function allReadings(db: Db, frn: string): Promise<Array<{ check: PrincipalCheck; rows: RegisterArRow[] }>> {
  const rows = await db
    .selectFrom('principal_checks')
    .select([...CHECK_COLUMNS, 'reading'])
    .where('principal_frn', '=', frn)
    .where('outcome', '=', 'ok')
    .orderBy('finished_at', 'asc')
    .execute();
  return rows.filter((r) => r.reading !== null).map((r) => ({ check: toCheck(r), rows: JSON.parse(r.reading!) as RegisterArRow[] }));
}

export async function failCheck(db: Db, checkId: string, message: string, now?: number): Promise<void> {
  await db
    .updateTable('principal_checks')
    .set({ outcome: 'failed', message, finished_at: isoNow(now) })
    .where('id', '=', checkId)
    .where('finished_at', 'is', null)
    .execute();
}

export interface ReadingRecord {
  registerState: 'principal' | 'not-a-principal' | 'not-found';
  principalName: string | null;
  rows: RegisterArRow[];
  pages: number;
  requests: number;
  sha256: string;
  canonical: string;
  book: { id: string; rows: BookRow[] } | null;
  findings: Finding[];
  message: string | null;
}

export interface FindingsApplied {
  opened: number;
  kept: number;
  closedByRegister: number;
  closedByBook: number;
}

/**
 * Records a reading and its reconciliation in one transaction: the check's figures and rows, the
 * principal's register state, every link read, new findings opened, open ones still shown kept
 * (their sides brought up to date), and open ones no longer shown closed, saying whether the
 * register or the book resolved them (the side whose words for that AR changed; the register's
 * when both did). A check already recorded records nothing twice.
 */
export async function recordReading(db: Db, checkId: string, reading: ReadingRecord, now?: number): Promise<FindingsApplied> {
  return db.transaction().execute(async (trx) => {
    const check = await trx.selectFrom('principal_checks').select(['principal_frn', 'finished_at']).where('id', '=', checkId).executeTakeFirst();
    if (!check) throw new PrincipalInputError('That check does not exist.', 'missing');
    const applied: FindingsApplied = { opened: 0, kept: 0, closedByRegister: 0, closedByBook: 0 };
    if (check.finished_at !== null) return applied;
    const frn = check.principal_frn;
    const at = isoNow(now);
    await trx
      .updateTable('principals')
      .set({ register_state: reading.registerState, ...(reading.principalName ? { name: reading.principalName } : {}) })
      .where('frn', '=', frn)
      .execute();
    const principalName = reading.principalName ?? (await trx.selectFrom('principals').select('name').where('frn', '=', frn).executeTakeFirst())?.name ?? null;
    await recordLinks(
      trx,
      { frn, name: principalName },
      // Previous rows first: an AR in both buckets is kept as current.
      [...reading.rows].sort((a, b) => (a.bucket === b.bucket ? 0 : a.bucket === 'previous' ? -1 : 1)).map((r) => ({ arFrn: r.arFrn, name: r.name, bucket: r.bucket })),
      'principal-check',
      at,
    );
    // Only the reconciliation's own kinds: `standing` and `other-principal` findings are the AR standing pass's (ar-standing.ts).
    const open = (await trx
      .selectFrom('principal_findings')
      .selectAll()
      .where('principal_frn', '=', frn)
      .where('closed_at', 'is', null)
      .where('kind', 'in', RECONCILE_KINDS)
      .execute()) as Array<PrincipalFindingsTable & { kind: FindingKind }>;
    const byKey = new Map(open.map((f) => [findingKey({ kind: f.kind, arFrn: f.ar_frn }), f]));
    const seen = new Set<string>();
    for (const f of reading.findings) {
      const key = findingKey(f);
      seen.add(key);
      const existing = byKey.get(key);
      if (existing) {
        await trx
          .updateTable('principal_findings')
          .set({ register_value: f.register, book_value: f.book, ar_name: f.arName, last_seen_check_id: checkId })
          .where('id', '=', existing.id)
          .execute();
        applied.kept++;
      } else {
        await insertFinding(trx, { principalFrn: frn, kind: f.kind, arFrn: f.arFrn, arName: f.arName, register: f.register, book: f.book, checkId, at });
        applied.opened++;
      }
    }
    const registerByFrn = new Map<string, RegisterArRow[]>();
    for (const r of reading.rows) registerByFrn.set(r.arFrn, [...(registerByFrn.get(r.arFrn) ?? []), r]);
    const bookByFrn = new Map<string, BookRow[]>();
    for (const r of reading.book?.rows ?? []) bookByFrn.set(r.arFrn, [...(bookByFrn.get(r.arFrn) ?? []), r]);
    for (const [key, f] of byKey) {
      if (seen.has(key)) continue;
      const now = sidesFor(f.kind, registerByFrn.get(f.ar_frn), bookByFrn.get(f.ar_frn));
      const closedBy = now.register !== f.register_value || now.book === f.book_value ? 'register' : 'book';
      await trx.updateTable('principal_findings').set({ closed_at: at, closed_by: closedBy, closed_check_id: checkId, updated_at: at }).where('id', '=', f.id).execute();
      if (closedBy === 'register') applied.closedByRegister++;
      else applied.closedByBook++;
    }
    const current = reading.rows.filter((r) => r.bucket === 'current').length;
    await trx
      .updateTable('principal_checks')
      .set({
        finished_at: at,
        outcome: 'ok',
        message: reading.message,
        book_id: reading.book?.id ?? null,
        pages: reading.pages,
        request_count: reading.requests,
        current_count: current,
        previous_count: reading.rows.length - current,
        reading: reading.canonical,
        sha256: reading.sha256,
        finding_count: reading.findings.length,
      })
      .where('id', '=', checkId)
      .execute();
    return applied;
  });
}

// ---- Links --------------------------------------------------------------------------------------

// The links' store is lib/principals/ar-links.ts (recorded from checks, the watch and pages alike).
export { principalsOf } from '@/lib/representatives/ar-links';

// ---- Findings -----------------------------------------------------------------------------------

/** A principal's findings: open ones (default) or every one, by AR FRN then kind. */
export async function listFindings(db: Db, frn: string, options: { include?: 'open' | 'all' } = {}): Promise<StoredFinding[]> {
  let q = db.selectFrom('principal_findings').selectAll().where('principal_frn', '=', frn);
  if ((options.include ?? 'open') === 'open') q = q.where('closed_at', 'is', null);
  const rows = await q.orderBy('ar_frn').orderBy('kind').orderBy('detected_at').execute();
  return rows.map(toFinding);
}

export async function getFinding(db: Db, id: string): Promise<StoredFinding | null> {
  const r = await db.selectFrom('principal_findings').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toFinding(r) : null;
}

export type FindingUpdate = ReviewFieldsInput;

/** Sets a finding's state, assignee and note, audited in the same transaction (as a watch change's). */
export async function updateFinding(db: Db, id: string, update: FindingUpdate, actor: AuditActor): Promise<StoredFinding> {
  const read = readReviewFields(update, 'finding');
  if (!read.ok) throw new PrincipalInputError(read.message);
  const { assignee, note } = read.fields;
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('principal_findings').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new PrincipalInputError('That finding does not exist.', 'missing');
    const at = isoNow();
    const by = actor.email.toLowerCase();
    await trx.updateTable('principal_findings').set({ state: update.state, assignee_email: assignee, note, updated_at: at, updated_by: by }).where('id', '=', id).execute();
    await appendAudit(trx, {
      action: 'principal.finding.update',
      outcome: 'success',
      actor,
      reference: before.principal_frn,
      detail: {
        finding: id,
        kind: before.kind,
        ar: before.ar_frn,
        from: { state: before.state, assignee: before.assignee_email, note: before.note },
        to: { state: update.state, assignee, note },
      },
    });
    return toFinding({ ...before, state: update.state, assignee_email: assignee, note, updated_at: at, updated_by: by });
  });
}

// ---- Annual reviews (maker-checker) ---------------------------------------------------------------

export const ASSESSMENTS = ['satisfactory', 'concerns', 'unsatisfactory'] as const;
export type Assessment = (typeof ASSESSMENTS)[number];

export interface ArReview {
  id: string;
  principalFrn: string;
  arFrn: string;
  arName: string;
  assessment: Assessment;
  notes: string;
  evidenceSha256: string;
  preparedBy: string;
  preparedAt: string;
  state: 'prepared' | 'approved';
  approvedBy: string | null;
  approvedAt: string | null;
}

type ReviewRow = Omit<PrincipalReviewsTable, 'evidence'>;

function toReview(r: ReviewRow): ArReview {
  return {
    id: r.id,
    principalFrn: r.principal_frn,
    arFrn: r.ar_frn,
    arName: r.ar_name,
    assessment: r.assessment,
    notes: r.notes,
    evidenceSha256: r.evidence_sha256,
    preparedBy: r.prepared_by,
    preparedAt: r.prepared_at,
    state: r.state,
    approvedBy: r.approved_by,
    approvedAt: r.approved_at,
  };
}

const REVIEW_COLUMNS = [
  'id',
  'principal_frn',
  'ar_frn',
  'ar_name',
  'assessment',
  'notes',
  'evidence_sha256',
  'prepared_by',
  'prepared_at',
  'state',
  'approved_by',
  'approved_at',
] as const;

/** Records a review prepared by `actor` with the AR's register record as evidence, audited. */
export async function prepareReview(
  db: Db,
  input: { principalFrn: string; arFrn: string; arName: string; assessment: Assessment; notes: string; evidence: string; evidenceSha256: string },
  actor: AuditActor,
): Promise<ArReview> {
  if (!ASSESSMENTS.includes(input.assessment)) throw new PrincipalInputError(`Choose an assessment: ${ASSESSMENTS.join(', ')}.`);
  const notes = input.notes.trim();
  if (notes === '') throw new PrincipalInputError('Write the review: what was assessed (fitness, solvency, scope, the controls) and what was found.');
  if (notes.length > 10_000) throw new PrincipalInputError('A review is at most 10,000 characters.');
  return db.transaction().execute(async (trx) => {
    const row = {
      id: randomUUID(),
      principal_frn: input.principalFrn,
      ar_frn: input.arFrn,
      ar_name: input.arName,
      assessment: input.assessment,
      notes,
      evidence: input.evidence,
      evidence_sha256: input.evidenceSha256,
      prepared_by: actor.email.toLowerCase(),
      prepared_at: isoNow(),
      state: 'prepared' as const,
      approved_by: null,
      approved_at: null,
    };
    await trx.insertInto('principal_reviews').values(row).execute();
    await appendAudit(trx, {
      action: 'principal.review.prepare',
      outcome: 'success',
      actor,
      reference: input.principalFrn,
      detail: { review: row.id, ar: input.arFrn, assessment: input.assessment, evidenceSha256: input.evidenceSha256 },
    });
    return toReview(row);
  });
}

export class SamePersonError extends Error {
  override name = 'SamePersonError';
}

/**
 * Approves a prepared review. The approver must be another person than the preparer: the same
 * person is refused (SamePersonError) and the refusal is audited as `denied`; the table's own
 * check refuses it too.
 */
export async function approveReview(db: Db, principalFrn: string, id: string, actor: AuditActor): Promise<ArReview> {
  const by = actor.email.toLowerCase();
  const before = await db.selectFrom('principal_reviews').select(REVIEW_COLUMNS).where('id', '=', id).where('principal_frn', '=', principalFrn).executeTakeFirst();
  if (!before) throw new PrincipalInputError('That review does not exist.', 'missing');
  if (before.state === 'approved') throw new PrincipalInputError(`That review was already approved by ${before.approved_by}.`, 'duplicate');
  if (before.prepared_by === by) {
    await appendAudit(db, {
      action: 'principal.review.approve',
      outcome: 'denied',
      actor,
      reference: principalFrn,
      detail: { review: id, ar: before.ar_frn, reason: 'the approver prepared the review' },
    });
    throw new SamePersonError(`${by} prepared this review, so may not approve it: a second person must.`);
  }
  return db.transaction().execute(async (trx) => {
    const at = isoNow();
    const updated = await trx
      .updateTable('principal_reviews')
      .set({ state: 'approved', approved_by: by, approved_at: at })
      .where('id', '=', id)
      .where('state', '=', 'prepared')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new PrincipalInputError('That review was approved meanwhile.', 'duplicate');
    await appendAudit(trx, {
      action: 'principal.review.approve',
      outcome: 'success',
      actor,
      reference: principalFrn,
      detail: { review: id, ar: before.ar_frn, preparedBy: before.prepared_by },
    });
    return toReview({ ...before, state: 'approved', approved_by: by, approved_at: at });
  });
}

export async function listReviews(db: Db, principalFrn: string): Promise<ArReview[]> {
  const rows = await db.selectFrom('principal_reviews').select(REVIEW_COLUMNS).where('principal_frn', '=', principalFrn).orderBy('prepared_at', 'desc').execute();
  return rows.map(toReview);
}

export async function reviewEvidence(db: Db, principalFrn: string, id: string): Promise<{ review: ArReview; evidence: unknown } | null> {
  const r = await db.selectFrom('principal_reviews').selectAll().where('id', '=', id).where('principal_frn', '=', principalFrn).executeTakeFirst();
  return r ? { review: toReview(r), evidence: JSON.parse(r.evidence) as unknown } : null;
}

// ---- Attestations -------------------------------------------------------------------------------

export interface Attestation {
  id: string;
  principalFrn: string;
  attestedBy: string;
  attestedAt: string;
  checkId: string;
  arCount: number;
  openFindings: number;
  sha256: string;
}

export async function saveAttestation(
  db: Db,
  input: { principalFrn: string; checkId: string; arCount: number; openFindings: number; data: string; sha256: string },
  actor: AuditActor,
): Promise<Attestation> {
  return db.transaction().execute(async (trx) => {
    const row = {
      id: randomUUID(),
      principal_frn: input.principalFrn,
      attested_by: actor.email.toLowerCase(),
      attested_at: isoNow(),
      check_id: input.checkId,
      ar_count: input.arCount,
      open_findings: input.openFindings,
      data: input.data,
      sha256: input.sha256,
    };
    await trx.insertInto('principal_attestations').values(row).execute();
    await appendAudit(trx, {
      action: 'principal.attest',
      outcome: 'success',
      actor,
      reference: input.principalFrn,
      detail: { attestation: row.id, sha256: input.sha256, ars: input.arCount, openFindings: input.openFindings, check: input.checkId },
    });
    return toAttestation(row);
  });
}

function toAttestation(r: Omit<PrincipalAttestationsTable, 'data'>): Attestation {
  return {
    id: r.id,
    principalFrn: r.principal_frn,
    attestedBy: r.attested_by,
    attestedAt: r.attested_at,
    checkId: r.check_id,
    arCount: Number(r.ar_count),
    openFindings: Number(r.open_findings),
    sha256: r.sha256,
  };
}

export async function listAttestations(db: Db, principalFrn: string): Promise<Attestation[]> {
  const rows = await db
    .selectFrom('principal_attestations')
    .select(['id', 'principal_frn', 'attested_by', 'attested_at', 'check_id', 'ar_count', 'open_findings', 'sha256'])
    .where('principal_frn', '=', principalFrn)
    .orderBy('attested_at', 'desc')
    .execute();
  return rows.map(toAttestation);
}

/** An attestation with its data, and whether the stored data still hashes to its SHA-256. */
export async function getAttestation(db: Db, principalFrn: string, id: string): Promise<{ attestation: Attestation; data: unknown; intact: boolean } | null> {
  const r = await db.selectFrom('principal_attestations').selectAll().where('id', '=', id).where('principal_frn', '=', principalFrn).executeTakeFirst();
  if (!r) return null;
  return { attestation: toAttestation(r), data: JSON.parse(r.data) as unknown, intact: createHash('sha256').update(r.data, 'utf8').digest('hex') === r.sha256 };
}

/** The store bound to the process's database: what pages call. */
export const principalStore = bindStore({
  listPrincipals,
  getPrincipal,
  listBooks,
  listFindings,
  recentChecks,
  latestReading,
  listReviews,
  listAttestations,
  getAttestation,
  updateFinding,
});
