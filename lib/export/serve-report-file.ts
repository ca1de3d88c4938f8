import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import type { RequestAuthorization } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { getReportDraft } from '@/lib/db/queries/report-drafts';
import { getSnapshot } from '@/lib/db/queries/snapshots';
import { csvResponse } from '@/lib/csv/csv';
import { EXPORT_ACTION } from './serve-export';
import { FIRM_REPORT_FORMAT, type FirmReportData } from '@/lib/report/firm-report-data';
import { sha256OfText } from './report-files';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY = /^[a-z][a-z-]{0,39}$/;

const json = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

/**
 * GET /api/export/report/{draft|snapshot}/{id}/{file}: one CSV file of a summary report, exactly
 * the bytes kept in the report's data (never read from the register again), after checking they
 * still hash to the SHA-256 the report prints. A saved snapshot's files are evidence, readable by
 * every signed-in user as the snapshot is; a draft's only by the user it was generated for, until
 * it is saved or expires. Every download is audited as an export.
 */
export async function serveReportFile(auth: RequestAuthorization, source: string, id: string, key: string): Promise<Response> {
  if (!auth.ok) return auth.response;
  const user = auth.user;
  const table = `report/${key.slice(0, 40)}`;
  const missing = async (reason: string, message: string) => {
    await recordAudit({ action: EXPORT_ACTION, user, outcome: 'failure', detail: { table, source: source.slice(0, 10), id: id.slice(0, 40), reason } });
    return json(404, { error: 'not-found', message });
  };
  if ((source !== 'draft' && source !== 'snapshot') || !UUID.test(id) || !KEY.test(key)) {
    return missing('bad-address', 'There is no such report file: the address names a report draft or snapshot by its id, then one of its files.');
  }
  const db = await getDb();
  let data: Partial<FirmReportData> | null = null;
  let frn: string | null = null;
  if (source === 'draft') {
    const draft = await getReportDraft(db, id);
    if (draft && draft.createdById === user.id) {
      data = draft.data as Partial<FirmReportData>;
      frn = draft.frn;
    }
    if (!data)
      return missing(
        'no-draft',
        'This report can no longer be downloaded from: a report’s files are kept with it for the person who generated it until it is saved as evidence or 24 hours pass. Open the saved report, or generate it again.',
      );
  } else {
    const snapshot = await getSnapshot(db, id);
    if (!snapshot) return missing('no-snapshot', 'There is no saved report with this id.');
    if (!snapshot.intact) {
      await recordAudit({ action: EXPORT_ACTION, user, outcome: 'failure', reference: snapshot.frn, detail: { table, source, id, reason: 'snapshot-does-not-verify' } });
      return json(409, { error: 'integrity', message: 'This saved report no longer hashes to its SHA-256, so its files are not served. Tell an administrator.' });
    }
    data = snapshot.data as Partial<FirmReportData>;
    frn = snapshot.frn;
  }
  const file = data?.format === FIRM_REPORT_FORMAT ? data.summary?.files.find((f) => f.key === key) : undefined;
  if (!file) return missing('no-file', `This report has no file "${key}": only a summary report has files, one for each list with rows.`);
  if (sha256OfText(file.csv) !== file.sha256) {
    await recordAudit({ action: EXPORT_ACTION, user, outcome: 'failure', reference: frn, detail: { table, source, id, reason: 'file-does-not-verify' } });
    return json(409, { error: 'integrity', message: 'This file no longer hashes to the SHA-256 printed in its report, so it is not served. Tell an administrator.' });
  }
  await recordAudit({ action: EXPORT_ACTION, user, outcome: 'success', reference: frn, detail: { table, source, id, file: file.filename, rows: file.rows, sha256: file.sha256 } });
  return csvResponse(file.csv, file.filename, { 'x-export-rows': String(file.rows), 'x-content-sha256': file.sha256 });
}
