import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { getSessionUser, type RequestAuthorization, type SessionUser } from '@/lib/auth/session';
import { readReportLimits } from '@/lib/report/limits';
import { getRegisterClient } from '@/lib/register/client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import type { RegisterFailure, RegisterResult } from '@/lib/register/result';
import { csvFilename, csvResponse } from '@/lib/csv/csv';
import type { ExportSubject, RegisterExport } from './register-export';

/**
 * What every CSV route handler does, in order: analysts only (401/403 JSON otherwise; a refused
 * attempt by a signed-in user is audited), inputs checked with the register client's own checks
 * before anything is sent, every page walked through the pacer at report priority up to
 * FSR_EXPORT_MAX_PAGES, the export written to the audit log, and only then the file.
 */

export const EXPORT_ACTION = 'export.csv';

/** The export to run, or why the request can never succeed. */
export type ExportRequest = { ok: true; export: RegisterExport } | { ok: false; field: string; message: string; reference?: string; table: string };

const json = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });

export function failureResponse(failure: RegisterFailure, what: string): Response {
  switch (failure.kind) {
    case 'not-found':
      return json(404, { error: 'not-found', message: `The register has no ${what}. ${failure.message}`.trim() });
    case 'bad-input':
      return json(400, { error: 'bad-input', field: failure.field, message: failure.message });
    case 'rate-limited':
      return json(
        503,
        { error: 'rate-limited', message: `${failure.message} Try again after ${failure.retryAt}.`, retryAt: failure.retryAt },
        { 'retry-after': String(Math.max(1, Math.ceil(failure.retryAfterSeconds))) },
      );
    case 'unauthorised':
      return json(502, { error: 'register-refused-key', message: failure.message });
    case 'upstream-error':
      return json(502, { error: 'upstream-error', message: failure.message });
  }
}

/** For an empty list: whether the record itself exists, so a mistyped number is a 404, not an empty file. */
async function recordLookup(client: RegisterClient, subject: ExportSubject, reference: string | undefined): Promise<RegisterResult<unknown> | undefined> {
  if (!reference) return undefined;
  const options = { priority: 'report' as const };
  if (subject === 'firm') return client.firm(reference, options);
  if (subject === 'individual') return client.individual(reference, options);
  if (subject === 'fund') return client.fund(reference, options);
  return undefined;
}

async function audit(user: SessionUser | null, outcome: 'success' | 'failure' | 'denied', reference: string | undefined, detail: Record<string, unknown>) {
  await recordAudit({ action: EXPORT_ACTION, user, outcome, reference: reference ?? null, detail });
}

/**
 * `auth` is the route handler's own `await authorizeRequest('analyst')`, taken first thing, so the
 * check is visible in every route file (and the route-guard test can see it).
 */
export async function serveRegisterExport(auth: RequestAuthorization, request: ExportRequest, extraDetail: Record<string, unknown> = {}): Promise<Response> {
  const reference = request.ok ? request.export.reference : request.reference;
  const table = request.ok ? request.export.table : request.table;
  if (!auth.ok) {
    if (auth.response.status === 403) await audit(await getSessionUser(), 'denied', reference, { table, ...extraDetail });
    return auth.response;
  }
  const user = auth.user;
  if (!request.ok) {
    await audit(user, 'failure', reference, { table, error: 'bad-input', field: request.field, ...extraDetail });
    return json(400, { error: 'bad-input', field: request.field, message: request.message });
  }

  const def = request.export;
  const client = getRegisterClient();
  const { exportMaxPages } = readReportLimits();
  const started = Date.now();
  const outcome = await def.run(client, { maxPages: exportMaxPages });
  if (outcome.kind === 'failed') {
    await audit(user, 'failure', reference, { table, error: outcome.failure.kind, message: outcome.failure.message, ...extraDetail });
    return failureResponse(outcome.failure, def.what);
  }
  if (outcome.rows === 0) {
    const record = await recordLookup(client, def.subject, def.reference);
    if (record && record.kind !== 'ok') {
      await audit(user, 'failure', reference, { table, error: record.kind, ...extraDetail });
      return failureResponse(record, `${def.subject} ${def.reference}`);
    }
  }
  const filename = csvFilename(def.filename);
  await audit(user, 'success', reference, {
    table,
    file: filename,
    rows: outcome.rows,
    pages: outcome.pagesFetched,
    truncated: outcome.truncated,
    ms: Date.now() - started,
    ...extraDetail,
  });
  return csvResponse(outcome.body, filename, {
    'x-export-rows': String(outcome.rows),
    ...(outcome.truncated ? { 'x-export-truncated': `only the first ${outcome.pagesFetched} pages were fetched` } : {}),
  });
}
