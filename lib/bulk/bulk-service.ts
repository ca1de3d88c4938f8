import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import type { SessionUser } from '@/lib/auth/session';
import { bulkProgress, getBulkJob, type BulkJob, type BulkProgress } from '@/lib/bulk/bulk-store';
import type { Db } from '@/lib/db/schema';
import { FIRM_SECTION_SLUGS, isFirmSectionSlug } from '@/lib/sections/firm-sections';
import { getRegisterConfig } from '@/lib/register/config';
import { bulkPath } from '@/lib/routes/portal-paths';
import { readBulkSettings } from './bulk-config';
import { estimateBulk, type BulkBudget, type BulkEstimate } from './bulk-estimate';
import type { BulkInputRow } from './bulk-input';
import { layoutChoicesFrom, readUpload, type UploadResult } from './bulk-upload';
import { bindStore } from '@/lib/db/bind-store';

/**
 * What the bulk route handlers share: reading a submitted form (pasted text or a file, what to
 * fetch), the budget share bulk work gets, progress with an ETA, and the audit entries.
 */

export const json = (status: number, body: unknown) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

/** The budget less the interactive reserve: what background work (bulk rows among it) may use. */
export function bulkBudget(): BulkBudget {
  const rate = getRegisterConfig().rate;
  return { share: Math.max(1, rate.limit - rate.interactiveReserve), windowSeconds: rate.windowMs / 1000 };
}

export interface BulkSubmission {
  upload: Extract<UploadResult, { ok: true }>;
  mode: 'status' | 'sections';
  sections: string[];
  estimate: BulkEstimate;
}

/**
 * Reads a multipart or urlencoded form: `text` or `file`, `mode` and `sections`, and the layout the
 * person chose on the review (`sheet`, `header`, `column-<role>`; see bulk-upload.ts). A refusal
 * that needs the person's answer (the header row) carries the layout to choose from.
 */
export async function readSubmission(request: Request): Promise<{ ok: true; value: BulkSubmission } | { ok: false; response: Response }> {
  const settings = readBulkSettings();
  const length = Number(request.headers.get('content-length') ?? '0');
  // The form's own fields take a little room besides the file.
  if (length > settings.maxUploadBytes + 64 * 1024) {
    return {
      ok: false,
      response: json(413, {
        error: 'too-large',
        message: `The upload is larger than the ${Math.round(settings.maxUploadBytes / 1024 / 1024)} MB a bulk check takes. Split it into smaller files.`,
      }),
    };
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, response: json(400, { error: 'bad-form', message: 'The request is not a form with pasted text or a file.' }) };
  }
  const mode = form.get('mode') === 'sections' ? 'sections' : 'status';
  const sections = form.getAll('sections').map(String);
  const unknown = sections.filter((s) => !isFirmSectionSlug(s));
  if (unknown.length > 0)
    return {
      ok: false,
      response: json(400, {
        error: 'bad-input',
        field: 'sections',
        message: `Unknown section: ${unknown.slice(0, 3).join(', ').slice(0, 100)}. Choose from ${FIRM_SECTION_SLUGS.join(', ')}.`,
      }),
    };
  if (mode === 'sections' && sections.length === 0)
    return { ok: false, response: json(400, { error: 'bad-input', field: 'sections', message: 'Choose at least one section, or "status only".' }) };
  const chosen = layoutChoicesFrom(form);
  if (!chosen.ok) return { ok: false, response: json(400, { error: 'bad-input', field: chosen.field, message: chosen.message }) };
  const file = form.get('file');
  const text = form.get('text');
  const upload = await readUpload(
    {
      text: typeof text === 'string' ? text : undefined,
      file: file instanceof File && file.size > 0 ? { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name || 'upload' } : undefined,
    },
    settings,
    chosen.choices,
  );
  if (!upload.ok) {
    return {
      ok: false,
      response: json(upload.status, {
        error: upload.code === 'header-needed' ? 'header-needed' : 'bad-upload',
        code: upload.code,
        message: upload.message,
        ...(upload.layout ? { layout: upload.layout } : {}),
      }),
    };
  }
  const fetched = mode === 'sections' ? sections : [];
  return { ok: true, value: { upload, mode, sections: fetched, estimate: estimateBulk(upload.rows, fetched.length, bulkBudget()) } };
}

/** The rows a person must see before starting: the invalid ones and the folded duplicates, in place. */
export function previewRows(rows: BulkInputRow[]) {
  return rows
    .filter((r) => r.kind === 'invalid' || r.duplicateOf !== undefined || r.message)
    .slice(0, 500)
    .map((r) => ({
      rowNo: r.rowNo,
      sourceRow: r.sourceRow ?? null,
      input: r.input,
      kind: r.kind,
      message: r.duplicateOf !== undefined ? `Same as row ${r.duplicateOf}: checked once.` : (r.message ?? ''),
    }));
}

export interface ProgressBody extends BulkProgress {
  id: string;
  etaSeconds: number | null;
  createdAt: string;
  finishedAt: string | null;
}

/**
 * Progress with an ETA: from the pace so far once a few rows are done, otherwise from the budget
 * bound of the requests left (bulk-estimate.ts); null once nothing is left to run.
 */
export async function progressBody(db: Db, job: BulkJob, now: number = Date.now()): Promise<ProgressBody | null> {
  const progress = await bulkProgress(db, job.id);
  if (!progress) return null;
  const current = (await getBulkJob(db, job.id)) ?? job;
  let etaSeconds: number | null = null;
  const left = Math.max(0, progress.toCheck - progress.checked);
  if (current.state === 'running' && progress.pending > 0) {
    const elapsed = (now - Date.parse(current.createdAt)) / 1000;
    const budget = bulkBudget();
    const perRow = current.checkCount > 0 ? current.estimatedRequests / current.checkCount : 1;
    const bound = (left * perRow * budget.windowSeconds) / budget.share;
    etaSeconds = Math.ceil(progress.checked >= 5 && elapsed > 0 ? Math.max(bound, (left * elapsed) / progress.checked) : bound);
  }
  return { ...progress, id: job.id, state: current.state, etaSeconds, createdAt: current.createdAt, finishedAt: current.finishedAt };
}

export async function auditBulk(
  user: SessionUser,
  action: string,
  bulkId: string,
  detail: Record<string, unknown>,
  outcome: 'success' | 'failure' | 'denied' = 'success',
): Promise<void> {
  await recordAudit({ action, user, reference: bulkId, detail, outcome });
}

/** A bulk job id from the URL: a UUID, checked before it reaches SQL. */
export function checkBulkId(raw: string): string | null {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw) ? raw.toLowerCase() : null;
}

/** What an action on a bulk job tells the page after it (a code, worded by the page). */
export const BULK_NOTICES = {
  cancelled: 'The bulk check was cancelled: rows not yet checked stay unchecked.',
  retrying: 'The failed and unchecked rows are being checked again.',
  'nothing-to-retry': 'No row needs checking again.',
  resolved: 'Your choice is recorded; the chosen entry is being checked.',
  'resolved-none': 'Your choice is recorded: none of the candidates is this entry.',
  'not-resolved': 'That row is no longer waiting for a choice, or the choice was not one of its candidates.',
  watched: 'The matched rows were added to the watchlist.',
  'no-matches': 'No row is matched yet, so nothing was added to the watchlist.',
  'no-watchlist': 'Choose a watchlist.',
  'not-owner': 'Only the analyst who started this bulk check, or an administrator, can cancel it, retry it, choose for its rows or add it to a watchlist.',
} as const;
export type BulkNotice = keyof typeof BULK_NOTICES;

export function isBulkNotice(value: string | undefined): value is BulkNotice {
  return value !== undefined && Object.hasOwn(BULK_NOTICES, value);
}

/**
 * The answer to an action: a form sent by a browser goes back to the job's page with a notice
 * (HTTP 303), a program gets JSON.
 */
export function actionResponse(
  request: Request,
  pagePath: string,
  status: number,
  notice: BulkNotice,
  extra: Record<string, unknown> = {},
  page: { params?: Record<string, string>; hash?: string } = {},
): Response {
  const wantsHtml = (request.headers.get('accept') ?? '').includes('text/html');
  if (wantsHtml) {
    const url = new URL(pagePath, request.url);
    for (const [k, v] of Object.entries(page.params ?? {})) url.searchParams.set(k, v);
    url.searchParams.set('notice', notice);
    return new Response(null, { status: 303, headers: { location: `${url.pathname}${url.search}${page.hash ? `#${page.hash}` : ''}`, 'cache-control': 'no-store' } });
  }
  return json(status, { notice, message: BULK_NOTICES[notice], ...extra });
}

/** The bulk job named by a route's `id`, or the response that says why there is none. */
export async function loadBulkJob(db: Db, raw: string): Promise<{ ok: true; job: BulkJob } | { ok: false; response: Response }> {
  const id = checkBulkId(raw);
  if (!id) return { ok: false, response: json(400, { error: 'bad-input', message: 'A bulk check id is a UUID.' }) };
  const job = await getBulkJob(db, id);
  if (!job) return { ok: false, response: json(404, { error: 'not-found', message: 'No bulk check has this id (its results may have expired).' }) };
  return { ok: true, job };
}

/**
 * Who may act on a bulk job (cancel, retry, resolve a row, add to a watchlist): the analyst who
 * started it, and administrators on any. Reading (the page, progress, downloads) stays open to
 * every analyst: a team reviews each other's checks, but one analyst's work is not another's to stop.
 */
export function mayActOnBulkJob(user: Pick<SessionUser, 'id' | 'role'>, job: Pick<BulkJob, 'createdById'>): boolean {
  return user.role === 'admin' || (job.createdById !== null && job.createdById === user.id);
}

/**
 * The bulk job named by a route's `id` for an action by `user`, or the response that says why not:
 * 400, 404, or 403 in words (audited as denied) when it is another analyst's. A form sent by a
 * browser goes back to the job's page with the refusal as its notice (still HTTP 403 for a program).
 */
export async function loadBulkJobForAction(
  db: Db,
  raw: string,
  user: SessionUser,
  request: Request,
  action: string,
): Promise<{ ok: true; job: BulkJob } | { ok: false; response: Response }> {
  const loaded = await loadBulkJob(db, raw);
  if (!loaded.ok || mayActOnBulkJob(user, loaded.job)) return loaded;
  await auditBulk(user, action, loaded.job.id, { reason: 'not-owner', owner: loaded.job.createdByEmail }, 'denied');
  const wantsHtml = (request.headers.get('accept') ?? '').includes('text/html');
  if (wantsHtml) return { ok: false, response: actionResponse(request, bulkPath(loaded.job.id), 403, 'not-owner') };
  return {
    ok: false,
    response: json(403, {
      error: 'not-owner',
      message: `This bulk check was started by ${loaded.job.createdByEmail}. ${BULK_NOTICES['not-owner']}`,
    }),
  };
}

/** What the route handlers and pages share, bound to the process's database. */
export const bulkService = bindStore({ progressBody, loadBulkJob, loadBulkJobForAction });
