import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import type { SessionUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { createReportDraft } from '@/lib/db/queries/report-drafts';
import { getRegisterClient } from '@/lib/register/client';
import { registerSource } from '@/lib/register/config';
import { assembleFirmReport } from './assemble-firm-report';
import { type FirmReportData, reportFirmName, reportGaps, type ReportSummary } from './firm-report-data';
import { readReportLimits } from './limits';
import type { ReportProgress } from './report-progress';

export interface GeneratedReport {
  data: FirmReportData;
  /** The stored draft "Save as evidence" turns into a snapshot. */
  draftId: string;
}

/**
 * The live report, end to end: assemble it through the process's register client, keep it as a
 * draft (so saving stores exactly this), and write the audit entry, all before the page renders
 * the finished report.
 */
export async function generateFirmReport(
  user: SessionUser,
  frn: string,
  caseReference: string | undefined,
  progress: ReportProgress,
  /** For a summary report: its summary, from the assembled data (lib/export/report-files.ts). */
  summarise?: (data: FirmReportData) => ReportSummary,
): Promise<GeneratedReport> {
  const limits = readReportLimits();
  const { data, stats } = await assembleFirmReport(getRegisterClient(), {
    frn,
    generatedBy: { email: user.email, name: user.name },
    caseReference,
    source: registerSource(),
    maxPages: limits.reportMaxPages,
    maxDetails: limits.reportMaxDetails,
    progress,
  });
  // A summary keeps its full lists as files, made from this data and kept in it (so in the draft and any snapshot of it).
  if (summarise) data.summary = summarise(data);
  const db = await getDb();
  const draftId = await createReportDraft(db, { frn, subjectName: reportFirmName(data), createdBy: user, caseReference, data });
  const gaps = reportGaps(data);
  await recordAudit({
    action: 'report.complete',
    user,
    reference: frn,
    outcome: gaps.failed.length > 0 ? 'failure' : 'success',
    detail: {
      caseReference: caseReference ?? null,
      view: data.summary ? 'summary' : 'full',
      ...(data.summary ? { files: data.summary.files.map((f) => ({ file: f.filename, rows: f.rows, sha256: f.sha256 })) } : {}),
      pages: stats.pages,
      cachedPages: stats.cachedPages,
      ms: stats.ms,
      truncated: gaps.truncated,
      failed: gaps.failed,
      detailsCut: gaps.detailsCut,
      draftId,
    },
  });
  return { data, draftId };
}
