import { auditCsv } from '@/lib/audit/audit-csv';
import { parseAuditFilters } from '@/lib/audit/audit-filters';
import { recordAudit } from '@/lib/audit/record';
import { authorizeRequest, getSessionUser } from '@/lib/auth/session';
import { isoNow } from '@/lib/db/clock';
import { csvFilename, csvResponse } from '@/lib/csv/csv';
import { EXPORT_ACTION } from '@/lib/export/serve-export';
import { auditStore } from '@/lib/audit/audit-store';

/** Entries per file: the query layer's own maximum; a longer log is exported a date range at a time. */
const MAX_ROWS = 10_000;

/**
 * GET /api/export/audit?user=&reference=&action=&from=&to= → the matching audit entries as CSV,
 * newest first. Administrators only, like the audit log page; the export is itself audited.
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRequest('admin');
  const parsed = parseAuditFilters(new URL(request.url).searchParams);
  const detail = { table: 'audit', filters: parsed.values };
  if (!auth.ok) {
    if (auth.response.status === 403) await recordAudit({ action: EXPORT_ACTION, user: await getSessionUser(), outcome: 'denied', detail });
    return auth.response;
  }
  if (parsed.problems.length > 0) {
    await recordAudit({ action: EXPORT_ACTION, user: auth.user, outcome: 'failure', detail: { ...detail, error: 'bad-input' } });
    const [first] = parsed.problems;
    return Response.json({ error: 'bad-input', field: first.field, message: first.message }, { status: 400, headers: { 'cache-control': 'no-store' } });
  }
  const { beforeId: _cursor, ...filter } = parsed.filter;
  const entries = await auditStore.listAudit({ ...filter, limit: MAX_ROWS });
  const filename = csvFilename(['audit-log']);
  await recordAudit({ action: EXPORT_ACTION, user: auth.user, detail: { ...detail, file: filename, rows: entries.length } });
  return csvResponse(auditCsv(entries, MAX_ROWS, isoNow()), filename, { 'x-export-rows': String(entries.length) });
}
