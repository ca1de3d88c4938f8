import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { RecordAuditInput } from '@/lib/audit/record';
import { xlsxDocument, xlsxResponse } from '@/lib/bulk/bulk-xlsx';
import type { Db } from '@/lib/db/schema';
import { csvDocument, csvResponse } from '@/lib/csv/csv';
import { londonDate } from '@/lib/format/london-time';
import { checkFrn } from '@/lib/register/validate';
import { json, refuse, type WatchActor } from '@/lib/watchlists/watch-api';
import { checkPeriod, RETURN_COLUMNS, returnPopulation } from './annual-return';
import { readBookFile, type SpreadsheetRead } from './book-reader';
import { otherPrincipalsOf } from '@/lib/representatives/ar-links';
import { arStandings, latestPass, startStandingPass, type StandingPass } from './ar-standing';
import { startPrincipalCheck } from './principal-check';
import {
  addPrincipal,
  allReadings,
  approveReview,
  ASSESSMENTS,
  getAttestation,
  getPrincipal,
  latestBook,
  latestReading,
  listFindings,
  listReviews,
  prepareReview,
  PrincipalInputError,
  SamePersonError,
  saveAttestation,
  saveBook,
} from './principal-store';
import { reviewSchedule } from './reviews';
import { shareNotOnRegister } from './reconcile';

/**
 * The principals API (docs/principals.md), with its dependencies as arguments so it is tested
 * without a server. The routes under app/api/principals admit the caller through the watch API's
 * door (a signed-in person, analysts and admins to write, or an API token with the `watch` scope).
 */

export interface PrincipalApiDeps {
  db: Db;
  audit(input: RecordAuditInput): Promise<unknown>;
  /** The firm's name on the register; 'not-found' for no such firm, 'unavailable' when the register did not answer. */
  firmName(frn: string): Promise<{ kind: 'ok'; name: string | null } | { kind: 'not-found' } | { kind: 'unavailable'; message: string }>;
  /** The firm's register record with when and where it was read, for a review's evidence. */
  firmRecord(frn: string): Promise<{ kind: 'ok'; name: string | null; record: unknown; readAt: string } | { kind: 'not-found' } | { kind: 'unavailable'; message: string }>;
  /** Today's date (ISO day, London); the clock in tests. */
  today?(): string;
  /** The spreadsheet reader (a worker thread in the portal; in-thread in tests). */
  read?: SpreadsheetRead;
  wake?(): void;
}

function actorOf(actor: WatchActor) {
  return { id: actor.id, email: actor.email };
}

function frnFrom(raw: string): { ok: true; frn: string } | { ok: false; response: Response } {
  const checked = checkFrn(raw);
  return checked.ok ? { ok: true, frn: checked.value } : { ok: false, response: refuse(400, 'bad-input', checked.message) };
}

async function principalOr404(db: Db, frn: string) {
  const principal = await getPrincipal(db, frn);
  return principal ?? null;
}

function notAPrincipalHere(frn: string): Response {
  return refuse(404, 'not-found', `FRN ${frn} is not a principal in the portal: add it with POST /api/principals first.`);
}

const newPrincipal = z.strictObject({ frn: z.string({ message: 'frn is required: the principal firm’s FRN, 1 to 7 digits.' }) });

/** POST /api/principals {frn} → 201 {frn, name, registerState}. */
export async function addPrincipalResponse(deps: PrincipalApiDeps, actor: WatchActor, body: unknown): Promise<Response> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse(400, 'bad-input', 'The body must be a JSON object: {"frn": "700100"}.');
  const parsed = newPrincipal.safeParse(body);
  if (!parsed.success) return refuse(400, 'bad-input', parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join(' '));
  const checked = frnFrom(parsed.data.frn);
  if (!checked.ok) return checked.response;
  const frn = checked.frn;
  if (await getPrincipal(deps.db, frn)) return refuse(409, 'conflict', `FRN ${frn} is already a principal in the portal.`);
  const firm = await deps.firmName(frn);
  if (firm.kind === 'not-found') return refuse(404, 'not-found', `There is no firm with FRN ${frn} on the register.`);
  if (firm.kind === 'unavailable') return refuse(503, 'register-unavailable', `FRN ${frn} could not be looked up on the register just now (${firm.message}); try again shortly.`);
  try {
    const principal = await addPrincipal(deps.db, { frn, name: firm.name }, actorOf(actor));
    return json(201, { frn: principal.frn, name: principal.name, registerState: principal.registerState });
  } catch (error) {
    if (error instanceof PrincipalInputError && error.code === 'duplicate') return refuse(409, 'conflict', error.message);
    throw error;
  }
}

/** The largest book file read (the reader's own limit). */
export const MAX_BOOK_FILE_BYTES = 5 * 1024 * 1024;

/** POST /api/principals/{frn}/book (multipart `file`) → 201 {version, sha256, rows, refused, warning}. */
export async function uploadBookResponse(deps: PrincipalApiDeps, actor: WatchActor, rawFrn: string, request: Request): Promise<Response> {
  const checked = frnFrom(rawFrn);
  if (!checked.ok) return checked.response;
  const frn = checked.frn;
  if (!(await principalOr404(deps.db, frn))) return notAPrincipalHere(frn);
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) return refuse(415, 'unsupported-media-type', 'Send the book as multipart/form-data with the file in the field "file".');
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BOOK_FILE_BYTES + 64 * 1024) return refuse(413, 'too-large', `The book is larger than ${MAX_BOOK_FILE_BYTES / (1024 * 1024)} MB, the most the portal reads.`);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(400, 'bad-input', 'The body is not a readable multipart form.');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') return refuse(400, 'bad-input', 'Attach the book as the field "file" (a CSV or XLSX file).');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const read = await readBookFile({ name: file.name || 'book', bytes }, deps.read);
  if (!read.ok) {
    await deps.audit({ action: 'principal.book.upload', outcome: 'failure', user: actorOf(actor), reference: frn, detail: { file: file.name, message: read.message } });
    return refuse(read.status, read.status === 413 ? 'too-large' : read.status === 415 ? 'unsupported-media-type' : 'bad-input', read.message);
  }
  if (read.rows.length === 0) {
    return refuse(422, 'bad-input', `No row of the book could be read (${read.refused.length} refused): nothing was saved.`, { refused: read.refused });
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const book = await saveBook(deps.db, frn, { fileName: file.name || 'book', sha256, rows: read.rows, refusedCount: read.refused.length, columns: read.columns }, actorOf(actor));
  let warning: string | null = null;
  const last = await latestReading(deps.db, frn);
  if (last) {
    const share = shareNotOnRegister(last.rows, read.rows);
    if (share.notOnRegister * 2 > share.total)
      warning = `${share.notOnRegister} of the book's ${share.total} ARs are not on the register under ${frn} (reading of ${last.check.finishedAt}): is this the book of another principal?`;
  } else {
    warning = 'The register has not been read for this principal yet: Check now to compare the book with it.';
  }
  return json(201, { version: book.version, sha256, rows: read.rows.length, refused: read.refused, warning });
}

/** POST /api/principals/{frn}/check → 202 {cycleId}. */
export async function startCheckResponse(deps: PrincipalApiDeps, actor: WatchActor, rawFrn: string): Promise<Response> {
  const checked = frnFrom(rawFrn);
  if (!checked.ok) return checked.response;
  const frn = checked.frn;
  if (!(await principalOr404(deps.db, frn))) return notAPrincipalHere(frn);
  const started = await startPrincipalCheck(deps.db, { frn, trigger: 'manual', requestedBy: actor.email.toLowerCase() });
  await deps.audit({ action: 'principal.check.start', outcome: 'success', user: actorOf(actor), reference: frn, detail: { check: started.checkId } });
  deps.wake?.();
  return json(202, { cycleId: started.checkId, progress: `/api/watch/cycles/${started.checkId}` });
}

function passJson(pass: StandingPass | null) {
  return pass
    ? {
        id: pass.id,
        trigger: pass.trigger,
        createdAt: pass.createdAt,
        finishedAt: pass.finishedAt,
        finished: pass.finishedAt !== null,
        total: pass.total,
        done: pass.done,
        failed: pass.failed,
        requests: pass.requestCount,
      }
    : null;
}

/** POST /api/principals/{frn}/standings → 202 {passId, total}: reads each current AR's own standing at the idle share. */
export async function startStandingsResponse(deps: PrincipalApiDeps, actor: WatchActor, rawFrn: string): Promise<Response> {
  const checked = frnFrom(rawFrn);
  if (!checked.ok) return checked.response;
  const frn = checked.frn;
  if (!(await principalOr404(deps.db, frn))) return notAPrincipalHere(frn);
  try {
    const started = await startStandingPass(deps.db, { frn, trigger: 'manual', requestedBy: actor.email.toLowerCase() });
    await deps.audit({ action: 'principal.standing.start', outcome: 'success', user: actorOf(actor), reference: frn, detail: { pass: started.passId, ars: started.total } });
    deps.wake?.();
    return json(202, { passId: started.passId, total: started.total, progress: `/api/principals/${frn}/standings` });
  } catch (error) {
    if (error instanceof PrincipalInputError) return refuse(409, 'conflict', error.message);
    throw error;
  }
}

/** GET /api/principals/{frn}/standings → {pass, ars: [...]}: each current AR's standing as last read, and the principals it is known under. */
export async function standingsResponse(deps: PrincipalApiDeps, rawFrn: string): Promise<Response> {
  const checked = frnFrom(rawFrn);
  if (!checked.ok) return checked.response;
  const frn = checked.frn;
  const principal = await principalOr404(deps.db, frn);
  if (!principal) return notAPrincipalHere(frn);
  const [reading, pass, stored] = await Promise.all([latestReading(deps.db, frn), latestPass(deps.db, frn), arStandings(deps.db, frn)]);
  const current = new Map<string, string>();
  for (const r of reading?.rows ?? []) if (r.bucket === 'current') current.set(r.arFrn, r.name);
  const others = await otherPrincipalsOf(deps.db, frn, [...current.keys()]);
  return json(200, {
    principal: { frn, name: principal.name, registerState: principal.registerState },
    pass: passJson(pass),
    ars: [...current].map(([arFrn, arName]) => {
      const s = stored.get(arFrn);
      return {
        arFrn,
        arName: s?.arName ?? arName,
        level: s?.level ?? null,
        label: s?.standing.label ?? null,
        reasons: s?.standing.reasons.map((r) => r.text) ?? [],
        individuals: s?.individuals.length ?? null,
        readAt: s?.readAt ?? null,
        otherPrincipals: (others.get(arFrn) ?? []).map((o) => ({ frn: o.principalFrn, name: o.principalName, bucket: o.bucket, lastSeenAt: o.lastSeenAt })),
      };
    }),
  });
}

/** GET /api/principals/{frn}/findings[?include=all] */
export async function findingsResponse(deps: PrincipalApiDeps, rawFrn: string, include: string | null): Promise<Response> {
  const checked = frnFrom(rawFrn);
  if (!checked.ok) return checked.response;
  const frn = checked.frn;
  const principal = await principalOr404(deps.db, frn);
  if (!principal) return notAPrincipalHere(frn);
  if (include !== null && include !== 'open' && include !== 'all') return refuse(400, 'bad-input', 'include is "open" (the default) or "all".');
  const findings = await listFindings(deps.db, frn, { include: include === 'all' ? 'all' : 'open' });
  return json(200, {
    principal: { frn, name: principal.name, registerState: principal.registerState },
    findings: findings.map((f) => ({
      id: f.id,
      kind: f.kind,
      arFrn: f.arFrn,
      arName: f.arName,
      register: f.register,
      book: f.book,
      state: f.state,
      detectedAt: f.detectedAt,
      ...(include === 'all' ? { closedAt: f.closedAt, closedBy: f.closedBy } : {}),
    })),
  });
}

/** GET /api/principals/{frn}/return?from=&to=&format=csv|xlsx: the population from stored readings, its SHA-256 audited. */
export async function returnResponse(deps: PrincipalApiDeps, actor: WatchActor, rawFrn: string, query: URLSearchParams): Promise<Response> {
  const checked = frnFrom(rawFrn);
  if (!checked.ok) return checked.response;
  const frn = checked.frn;
  if (!(await principalOr404(deps.db, frn))) return notAPrincipalHere(frn);
  const period = checkPeriod(query.get('from'), query.get('to'));
  if (!period.ok) return refuse(400, 'bad-input', period.message);
  const format = query.get('format') ?? 'csv';
  if (format !== 'csv' && format !== 'xlsx') return refuse(400, 'bad-input', 'format is "csv" or "xlsx".');
  const readings = await allReadings(deps.db, frn);
  if (readings.length === 0) return refuse(409, 'no-reading', `The register's AR list of ${frn} has not been read yet: Check now, then download the return.`);
  const rows = returnPopulation(readings, period.from, period.to);
  const name = `principal-${frn}-ar-return-${period.from}-to-${period.to}`;
  const readingsUsed = readings.map((r) => ({ check: r.check.id, at: r.check.finishedAt, sha256: r.check.sha256 }));
  const headers = { 'x-readings': String(readings.length), 'x-last-reading-at': readings[readings.length - 1].check.finishedAt ?? '' };
  let response: Response;
  let sha256: string;
  if (format === 'csv') {
    const body = csvDocument(RETURN_COLUMNS, rows);
    sha256 = createHash('sha256').update(body, 'utf8').digest('hex');
    response = csvResponse(body, `${name}.csv`, { ...headers, 'x-content-sha256': sha256 });
  } else {
    // Dated by the last reading it is computed from, so the same readings give the same bytes.
    const lastReadingAt = readings[readings.length - 1].check.finishedAt;
    const body = await xlsxDocument('AR return', RETURN_COLUMNS, rows, { at: new Date(lastReadingAt ?? 0) });
    sha256 = createHash('sha256').update(body).digest('hex');
    response = xlsxResponse(body, `${name}.xlsx`);
    for (const [k, v] of Object.entries({ ...headers, 'x-content-sha256': sha256 })) response.headers.set(k, v);
  }
  await deps.audit({
    action: 'principal.return.download',
    outcome: 'success',
    user: actorOf(actor),
    reference: frn,
    detail: { from: period.from, to: period.to, format, rows: rows.length, sha256, readings: readingsUsed },
  });
  return response;
}

// ---- Annual reviews and attestations -------------------------------------------------------------

function todayOf(deps: PrincipalApiDeps): string {
  return deps.today?.() ?? londonDate();
}

/** GET /api/principals/{frn}/reviews → {due: [...], reviews: [...]}: each current AR's next review (overdue first) and every review. */
export async function reviewsResponse(deps: PrincipalApiDeps, rawFrn: string): Promise<Response> {
  const checked = frnFrom(rawFrn);
  if (!checked.ok) return checked.response;
  const frn = checked.frn;
  if (!(await principalOr404(deps.db, frn))) return notAPrincipalHere(frn);
  const [reading, reviews] = await Promise.all([latestReading(deps.db, frn), listReviews(deps.db, frn)]);
  const due = reading ? reviewSchedule(reading.rows, reviews, todayOf(deps)) : [];
  return json(200, { readingAt: reading?.check.finishedAt ?? null, due, reviews });
}

const newReview = z.strictObject({
  arFrn: z.string({ message: 'arFrn is required: the FRN of one of the principal’s current appointed representatives.' }),
  assessment: z.enum(ASSESSMENTS, { message: `assessment is one of ${ASSESSMENTS.join(', ')}.` }),
  notes: z.string({ message: 'notes is required: what was reviewed and found.' }),
});

/** POST /api/principals/{frn}/reviews {arFrn, assessment, notes} → 201: a review prepared, with the AR's register record as evidence. */
export async function prepareReviewResponse(deps: PrincipalApiDeps, actor: WatchActor, rawFrn: string, body: unknown): Promise<Response> {
  const checked = frnFrom(rawFrn);
  if (!checked.ok) return checked.response;
  const frn = checked.frn;
  if (!(await principalOr404(deps.db, frn))) return notAPrincipalHere(frn);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse(400, 'bad-input', 'The body must be a JSON object: {"arFrn", "assessment", "notes"}.');
  const parsed = newReview.safeParse(body);
  if (!parsed.success) return refuse(400, 'bad-input', parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join(' '));
  const reading = await latestReading(deps.db, frn);
  const ar = reading?.rows.find((r) => r.arFrn === parsed.data.arFrn.trim() && r.bucket === 'current');
  if (!ar)
    return refuse(
      422,
      'bad-input',
      `${parsed.data.arFrn.trim()} is not a current appointed representative of ${frn} on the last reading of the register${reading ? '' : ' (none yet: Check now first)'}.`,
    );
  const record = await deps.firmRecord(ar.arFrn);
  if (record.kind === 'unavailable')
    return refuse(503, 'register-unavailable', `The AR's register record could not be read just now for the evidence (${record.message}); try again shortly.`);
  const evidence = JSON.stringify({
    arFrn: ar.arFrn,
    readAt: record.kind === 'ok' ? record.readAt : new Date().toISOString(),
    found: record.kind === 'ok',
    record: record.kind === 'ok' ? record.record : null,
    appointment: ar,
  });
  try {
    const review = await prepareReview(
      deps.db,
      {
        principalFrn: frn,
        arFrn: ar.arFrn,
        arName: ar.name,
        assessment: parsed.data.assessment,
        notes: parsed.data.notes,
        evidence,
        evidenceSha256: createHash('sha256').update(evidence, 'utf8').digest('hex'),
      },
      actorOf(actor),
    );
    return json(201, review);
  } catch (error) {
    if (error instanceof PrincipalInputError) return refuse(400, 'bad-input', error.message);
    throw error;
  }
}

/** POST /api/principals/{frn}/reviews/{id}/approve → 200; 403 when the approver prepared it (audited as denied). */
export async function approveReviewResponse(deps: PrincipalApiDeps, actor: WatchActor, rawFrn: string, id: string): Promise<Response> {
  const checked = frnFrom(rawFrn);
  if (!checked.ok) return checked.response;
  const frn = checked.frn;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return refuse(400, 'bad-input', 'That is not a review id.');
  try {
    return json(200, await approveReview(deps.db, frn, id, actorOf(actor)));
  } catch (error) {
    if (error instanceof SamePersonError) return refuse(403, 'forbidden', error.message);
    if (error instanceof PrincipalInputError) return refuse(error.code === 'missing' ? 404 : 409, error.code === 'missing' ? 'not-found' : 'conflict', error.message);
    throw error;
  }
}

/**
 * POST /api/principals/{frn}/attest → 201 {id, sha256, ars, openFindings}: "attest the AR list as
 * at today": the last reading's current ARs, reconciled with the book, and the open findings,
 * saved as canonical JSON with its SHA-256 (audited as `principal.attest`).
 */
export async function attestResponse(deps: PrincipalApiDeps, actor: WatchActor, rawFrn: string): Promise<Response> {
  const checked = frnFrom(rawFrn);
  if (!checked.ok) return checked.response;
  const frn = checked.frn;
  const principal = await principalOr404(deps.db, frn);
  if (!principal) return notAPrincipalHere(frn);
  const reading = await latestReading(deps.db, frn);
  if (!reading) return refuse(409, 'no-reading', `The register's AR list of ${frn} has not been read yet: Check now, then attest.`);
  const [book, findings] = await Promise.all([latestBook(deps.db, frn), listFindings(deps.db, frn)]);
  const ars = reading.rows
    .filter((r) => r.bucket === 'current')
    .map((r) => ({ arFrn: r.arFrn, name: r.name, type: r.subType, appointed: r.effective, tiedAgent: r.tiedAgent, eeaTiedAgent: r.eeaTiedAgent }));
  const data = JSON.stringify({
    asAt: todayOf(deps),
    principal: { frn, name: principal.name },
    reading: { check: reading.check.id, at: reading.check.finishedAt, sha256: reading.check.sha256 },
    book: book ? { version: book.version, sha256: book.sha256, uploadedBy: book.uploadedBy, uploadedAt: book.uploadedAt } : null,
    ars,
    openFindings: findings.map((f) => ({ kind: f.kind, arFrn: f.arFrn, arName: f.arName, register: f.register, book: f.book, state: f.state, detectedAt: f.detectedAt })),
  });
  const sha256 = createHash('sha256').update(data, 'utf8').digest('hex');
  const saved = await saveAttestation(deps.db, { principalFrn: frn, checkId: reading.check.id, arCount: ars.length, openFindings: findings.length, data, sha256 }, actorOf(actor));
  return json(201, { id: saved.id, sha256, ars: ars.length, openFindings: findings.length, url: `/principals/${frn}/attestations/${saved.id}` });
}

/** GET /api/principals/{frn}/attestations/{id} → the snapshot, and whether it still hashes to its SHA-256. */
export async function attestationResponse(deps: PrincipalApiDeps, rawFrn: string, id: string): Promise<Response> {
  const checked = frnFrom(rawFrn);
  if (!checked.ok) return checked.response;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return refuse(400, 'bad-input', 'That is not an attestation id.');
  const found = await getAttestation(deps.db, checked.frn, id);
  if (!found) return refuse(404, 'not-found', 'There is no such attestation.');
  return json(200, { ...found.attestation, intact: found.intact, data: found.data });
}
