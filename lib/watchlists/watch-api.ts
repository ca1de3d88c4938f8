import { MAX_REVIEW_NOTE, noteTooLong } from '@/lib/watch/review-fields';
import { z } from 'zod';
import type { RecordAuditInput } from '@/lib/audit/record';
import { isoNow } from '@/lib/db/clock';
import { ChangeInputError, CHANGE_STATES, getChange, listChangesWithRows, updateChange, type ChangeSummary } from '@/lib/watch/watch-store';
import { addWatchlistEntries, createWatchlist, getWatchlist, listWatchlists, WatchlistInputError } from '@/lib/watchlists/watchlists-store';
import type { ChangeState, Db } from '@/lib/db/schema';
import { changePath, watchlistPath } from '@/lib/routes/portal-paths';
import { changeText, rowsJson, type ChangeRowJson } from '@/lib/watch/change-words';
import { startCycle, type KnownPages } from '@/lib/watch/cycles';
import { sectionNames } from '@/lib/watch/watch-sections';
import { MAX_ENTRY_ROWS, parsePastedEntries, type ParsedEntries, type RowError } from './entry-input';
import { isEngineId, isWatchlistId } from './ids';
import { resolveEach, type Lookup } from './resolve-entries';

/**
 * The watch API for programs and tests (docs/machine-access.md): watchlists, adding records,
 * starting a check, what changed since a program last asked, and a change's state. The route
 * handlers under app/api/{watchlists,changes} admit the caller (watch-api-access.ts: a signed-in
 * person, analysts to write, or an API token with the `watch` scope) and hand over to these,
 * which take their dependencies as arguments so they are tested without a server.
 *
 * Every answer is JSON with `cache-control: no-store`; every refusal is `{error, message}` with a
 * status that says what kind: 400 bad input (naming the field or the JSON problem), 404 an
 * unknown watchlist or change, 409 a name taken or nothing to check, 413 a body too large, 415 a
 * body that is not JSON.
 */

/** Who is calling: a person's session, or a program's token (audited as `token:<program>`). */
export type WatchActor = { via: 'session'; id: string; email: string } | { via: 'token'; id: string; email: string };

export interface WatchApiDeps {
  db: Db;
  audit(input: RecordAuditInput): Promise<unknown>;
  /** Looks a bare number up on the register (firm or fund?). */
  lookUp: Lookup;
  /** What the portal knows of list sizes, for a check's estimate. */
  known?: KnownPages;
  /** Starts the background engine at once rather than at its next look for work. */
  wake?(): void;
  now?(): number;
}

const NO_STORE = { 'cache-control': 'no-store' };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

export function refuse(status: number, error: string, message: string, extra: Record<string, unknown> = {}): Response {
  return json(status, { error, message, ...extra });
}

/** The largest JSON body the watch API reads (2,000 references of 40 characters fit several times over). */
export const MAX_BODY_BYTES = 256 * 1024;

/** Reads a JSON body: its type, size and syntax checked, each failure said plainly. */
export async function readJsonBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type.trim())) {
    return {
      ok: false,
      response: refuse(415, 'unsupported-media-type', `Send the body as JSON with Content-Type: application/json${type ? ` (it was ${type.slice(0, 60)})` : ''}.`),
    };
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return { ok: false, response: tooLarge(declared) };
  const text = await request.text();
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_BODY_BYTES) return { ok: false, response: tooLarge(bytes) };
  if (text.trim() === '') return { ok: false, response: refuse(400, 'bad-json', 'The body is empty: send a JSON object.') };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, response: refuse(400, 'bad-json', `The body is not valid JSON: ${(error as Error).message}.`) };
  }
}

function tooLarge(bytes: number): Response {
  return refuse(413, 'too-large', `The body is ${Math.ceil(bytes / 1024).toLocaleString('en-GB')} KB; at most ${MAX_BODY_BYTES / 1024} KB is read.`);
}

/** A zod failure as one sentence naming each field. */
function issues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join(' ');
}

/** A body checked against its schema; every body of the watch API is one JSON object. */
function parse<T>(schema: z.ZodType<T>, value: unknown): { ok: true; value: T } | { ok: false; response: Response } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      response: refuse(400, 'bad-input', `The body must be a JSON object, not ${Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`}.`),
    };
  }
  const result = schema.safeParse(value);
  return result.success ? { ok: true, value: result.data } : { ok: false, response: refuse(400, 'bad-input', issues(result.error)) };
}

function auditUser(actor: WatchActor) {
  return { id: actor.id, email: actor.email };
}

function listNotFound(): Response {
  return refuse(404, 'not-found', 'There is no watchlist with that id.');
}

function inputRefusal(error: unknown): Response | null {
  if (error instanceof WatchlistInputError)
    return refuse(
      error.code === 'duplicate' ? 409 : error.code === 'missing' ? 404 : 400,
      error.code === 'duplicate' ? 'conflict' : error.code === 'missing' ? 'not-found' : 'bad-input',
      error.message,
    );
  if (error instanceof ChangeInputError) return refuse(400, 'bad-input', error.message);
  return null;
}

// ---- Watchlists ---------------------------------------------------------------------------------

/** GET /api/watchlists */
export async function listWatchlistsResponse(deps: WatchApiDeps): Promise<Response> {
  const lists = await listWatchlists(deps.db);
  return json(200, {
    watchlists: lists.map((l) => ({
      id: l.id,
      name: l.name,
      description: l.description,
      caseReference: l.caseReference,
      records: l.entryCount,
      openChanges: l.openChanges,
      createdAt: l.createdAt,
      updatedAt: l.updatedAt,
      url: watchlistPath(l.id),
    })),
  });
}

const newList = z.strictObject({
  name: z.string({ message: 'name is required: a string of 1 to 120 characters.' }),
  description: z.string().optional(),
  caseReference: z.string().optional(),
});

/** POST /api/watchlists {name, description?, caseReference?} → 201 {id, name} */
export async function createWatchlistResponse(deps: WatchApiDeps, actor: WatchActor, body: unknown): Promise<Response> {
  const input = parse(newList, body);
  if (!input.ok) return input.response;
  try {
    const list = await createWatchlist(deps.db, { ...input.value, owner: { id: actor.via === 'session' ? actor.id : null, email: actor.email } });
    await deps.audit({
      action: 'watchlist.create',
      user: auditUser(actor),
      reference: list.id,
      detail: { name: list.name, caseReference: list.caseReference, via: `api-${actor.via}` },
    });
    return json(201, { id: list.id, name: list.name, url: watchlistPath(list.id) });
  } catch (error) {
    const refusal = inputRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
}

const references = z.strictObject({
  references: z.array(z.string({ message: 'each reference must be a string (an FRN, IRN or PRN)' }), { message: 'references is required: a list of FRNs, IRNs and PRNs.' }),
});

/** One reference as the paste box reads one item: "200200", "BKS00001", "PRN 800800". */
function readReferences(list: readonly string[]): ParsedEntries {
  const parsed: ParsedEntries = { candidates: [], errors: [] };
  list.forEach((input, i) => {
    const row = i + 1;
    const one = parsePastedEntries(input);
    const items = one.candidates.length + one.errors.length;
    if (items === 0) parsed.errors.push({ row, input, message: 'The reference is empty.' });
    else if (items > 1) parsed.errors.push({ row, input: input.slice(0, 60), message: 'Give one reference per entry of the list.' });
    else if (one.errors.length) parsed.errors.push({ ...one.errors[0], row, input });
    else parsed.candidates.push({ ...one.candidates[0], row, input });
  });
  return parsed;
}

/** POST /api/watchlists/{id}/records {references: [...]} → {added, alreadyListed, refused} */
export async function addRecordsResponse(deps: WatchApiDeps, actor: WatchActor, id: string, body: unknown): Promise<Response> {
  if (!isWatchlistId(id) || !(await getWatchlist(deps.db, id))) return listNotFound();
  const input = parse(references, body);
  if (!input.ok) return input.response;
  const list = input.value.references;
  if (list.length > MAX_ENTRY_ROWS) {
    return refuse(400, 'too-many', `At most ${MAX_ENTRY_ROWS.toLocaleString('en-GB')} references at a time (${list.length.toLocaleString('en-GB')} given): split the list.`, {
      limit: MAX_ENTRY_ROWS,
    });
  }
  if (list.length === 0) return refuse(400, 'bad-input', 'references is empty: give at least one FRN, IRN or PRN.');
  const { entries, refused } = await resolveEach(readReferences(list), deps.lookUp);
  const result = entries.length > 0 ? await addWatchlistEntries(deps.db, id, entries, actor.email) : { added: [], alreadyListed: [] };
  await deps.audit({
    action: 'watchlist.entries.add',
    user: auditUser(actor),
    reference: id,
    outcome: result.added.length > 0 || refused.length === 0 ? 'success' : 'failure',
    detail: {
      via: `api-${actor.via}`,
      added: result.added.map((e) => `${e.kind}:${e.ref}`).slice(0, 200),
      addedCount: result.added.length,
      alreadyListed: result.alreadyListed.length,
      refused: refused.length,
    },
  });
  return json(200, {
    added: result.added.map((e) => ({ type: e.kind, ref: e.ref })),
    alreadyListed: result.alreadyListed.map((e) => ({ type: e.kind, ref: e.ref })),
    refused: refused.map((r: RowError) => ({ input: r.input, message: r.message })),
  });
}

/** POST /api/watchlists/{id}/check → 202 {cycleId, …}; its progress at GET /api/watch/cycles/{cycleId}. */
export async function checkListResponse(deps: WatchApiDeps, actor: WatchActor, id: string): Promise<Response> {
  if (!isWatchlistId(id) || !(await getWatchlist(deps.db, id))) return listNotFound();
  const started = await startCycle(deps.db, { trigger: 'manual', scope: 'list', watchlistId: id, requestedBy: actor.email, known: deps.known, now: deps.now?.() });
  await deps.audit({
    action: 'watch.check-now',
    user: auditUser(actor),
    reference: started.cycleId,
    detail: { scope: 'list', watchlistId: id, entity: null, entities: started.entityCount, estimatedRequests: started.estimatedRequests, via: `api-${actor.via}` },
  });
  if (started.entityCount === 0) return refuse(409, 'nothing-to-check', 'The watchlist is empty: add firms, individuals or funds to it first.');
  deps.wake?.();
  return json(202, {
    cycleId: started.cycleId,
    records: started.entityCount,
    estimatedRequests: started.estimatedRequests,
    unknownRecords: started.unknownRecords,
    progress: `/api/watch/cycles/${started.cycleId}`,
  });
}

// ---- Changes ------------------------------------------------------------------------------------

/** A change as programs read it: the register's name for the section, each row in words. */
export interface ChangeJson {
  id: string;
  type: 'firm' | 'individual' | 'fund';
  ref: string;
  name: string | null;
  /** The register's name for the section: Firm, Individual, CIS, Permissions, CF, AR, Subfund… */
  section: string;
  severity: 'high' | 'medium' | 'low';
  state: ChangeState;
  assignee: string | null;
  note: string | null;
  detectedAt: string;
  summary: string;
  rows: ChangeRowJson[];
  url: string;
}

export function changeJson(change: ChangeSummary & { rows: Parameters<typeof changeText>[2] }): ChangeJson {
  const text = changeText(change.kind, change.section, change.rows, change.summary);
  return {
    id: change.id,
    type: change.kind,
    ref: change.ref,
    name: change.entityName,
    section: sectionNames(change.kind, change.section).apiSection,
    severity: change.severity,
    state: change.state,
    assignee: change.assigneeEmail,
    note: change.note,
    detectedAt: change.detectedAt,
    summary: text.summary,
    rows: rowsJson(text.words),
    url: changePath(change.id),
  };
}

/** Changes are read at most this many at a time; `more` says there are others after `until`. */
export const MAX_CHANGES = 500;
/** A check's changes are written in one short transaction: any detected longer ago than this are written. */
export const SETTLE_MS = 5_000;

/**
 * The latest instant up to which every change is written: changes of finished cycles are all
 * written; a running cycle's check may still be writing changes detected a moment ago, so its
 * changes show up to SETTLE_MS ago (or up to before it started, if that is later).
 */
async function settledUntil(db: Db, now: number): Promise<string> {
  const running = await db
    .selectFrom('watch_cycles')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  const nowIso = isoNow(now);
  if (!running?.first) return nowIso;
  const beforeRunning = isoNow(Date.parse(String(running.first)) - 1);
  const settled = isoNow(now - SETTLE_MS);
  return beforeRunning > settled ? beforeRunning : settled;
}

function instant(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/**
 * GET /api/changes?watchlist=&since=&state=&limit= → {changes, until, more}: changes detected
 * after `since` (oldest first) up to `until`. Ask again with since=until for what came after:
 * nothing is missed or repeated, even while a cycle is running.
 */
export async function listChangesResponse(deps: WatchApiDeps, url: URL): Promise<Response> {
  const known = new Set(['watchlist', 'since', 'state', 'limit']);
  const unknown = [...url.searchParams.keys()].filter((k) => !known.has(k));
  if (unknown.length) return refuse(400, 'bad-input', `Unknown parameter ${unknown[0].slice(0, 40)}: use watchlist, since, state and limit.`);
  const watchlist = url.searchParams.get('watchlist');
  const sinceRaw = url.searchParams.get('since');
  const stateRaw = url.searchParams.get('state');
  const limitRaw = url.searchParams.get('limit');
  if (watchlist !== null && (!isWatchlistId(watchlist) || !(await getWatchlist(deps.db, watchlist)))) return listNotFound();
  const since = sinceRaw === null ? null : instant(sinceRaw);
  if (sinceRaw !== null && since === null) return refuse(400, 'bad-input', `since must be an ISO 8601 time such as 2026-01-31T07:00:00Z (it was "${sinceRaw.slice(0, 40)}").`);
  if (stateRaw !== null && !(CHANGE_STATES as readonly string[]).includes(stateRaw)) return refuse(400, 'bad-input', `state must be one of ${CHANGE_STATES.join(', ')}.`);
  const limit = limitRaw === null ? MAX_CHANGES : Number(limitRaw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CHANGES) return refuse(400, 'bad-input', `limit must be a whole number from 1 to ${MAX_CHANGES}.`);

  let until = await settledUntil(deps.db, deps.now?.() ?? Date.now());
  if (since && until < since) until = since;
  const filters = { watchlistId: watchlist ?? undefined, state: (stateRaw as ChangeState | null) ?? undefined, detectedAfter: since ?? undefined, order: 'oldest' as const };
  const rows = await listChangesWithRows(deps.db, { ...filters, detectedUpTo: until, limit: limit + 1 });
  let page = rows.slice(0, limit);
  const more = rows.length > limit;
  if (more) {
    // Never split the changes of one instant between two answers (the next one starts after
    // `until`): leave that instant to the next answer, or, when it is all this one holds, give all of it.
    const last = page[page.length - 1].detectedAt;
    if (rows[limit].detectedAt === last) {
      const cut = page.filter((c) => c.detectedAt !== last);
      page = cut.length > 0 ? cut : await listChangesWithRows(deps.db, { ...filters, detectedUpTo: last, limit: 1000 });
    }
    until = page[page.length - 1].detectedAt;
  }
  return json(200, { changes: page.map(changeJson), until, more });
}

const stateUpdate = z.strictObject({
  state: z.enum(CHANGE_STATES as [ChangeState, ...ChangeState[]], { message: `state is required: one of ${CHANGE_STATES.join(', ')}.` }),
  note: z.string().max(MAX_REVIEW_NOTE, noteTooLong()).nullable().optional(),
  assignee: z.string().max(254, 'the assignee is an e-mail address of at most 254 characters.').nullable().optional(),
});

/** POST /api/changes/{id}/state {state, note?, assignee?}: a note or assignee left out stays as it is; null or "" clears it. */
export async function changeStateResponse(deps: WatchApiDeps, actor: WatchActor, id: string, body: unknown): Promise<Response> {
  const change = isEngineId(id) ? await getChange(deps.db, id) : null;
  if (!change) return refuse(404, 'not-found', 'There is no change with that id.');
  const input = parse(stateUpdate, body);
  if (!input.ok) return input.response;
  try {
    const updated = await updateChange(
      deps.db,
      id,
      {
        state: input.value.state,
        assigneeEmail: input.value.assignee === undefined ? change.assigneeEmail : input.value.assignee,
        note: input.value.note === undefined ? change.note : input.value.note,
      },
      auditUser(actor),
    );
    return json(200, changeJson({ ...updated, rows: change.rows }));
  } catch (error) {
    const refusal = inputRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
}
