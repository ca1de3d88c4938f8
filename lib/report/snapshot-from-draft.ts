import { appendAudit } from '@/lib/db/queries/audit';
import { deleteReportDraft, type ReportDraft } from '@/lib/db/queries/report-drafts';
import { createSnapshot, type SnapshotSummary } from '@/lib/db/queries/snapshots';
import type { Db } from '@/lib/db/schema';

/**
 * "Save as evidence" in the database: in one transaction the draft is taken, the snapshot stored
 * and its audit entry written, or nothing changes. Taking the draft first means a second save of
 * the same draft (a double click, another tab on another portal instance) finds nothing to take
 * and saves nothing: null.
 */
export async function snapshotFromDraft(db: Db, draft: ReportDraft, user: { id: string; email: string }): Promise<SnapshotSummary | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await deleteReportDraft(trx, draft.id))) return null;
    const saved = await createSnapshot(trx, {
      frn: draft.frn,
      subjectName: draft.subjectName,
      createdBy: { id: user.id, email: user.email },
      caseReference: draft.caseReference,
      data: draft.data,
    });
    await appendAudit(trx, {
      action: 'snapshot.create',
      outcome: 'success',
      actor: { id: user.id, email: user.email },
      reference: saved.frn,
      detail: { id: saved.id, sha256: saved.sha256, caseReference: saved.caseReference },
    });
    return saved;
  });
}
