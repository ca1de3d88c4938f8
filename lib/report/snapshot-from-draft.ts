import { appendAudit } from '@/lib/db/queries/audit';
import { deleteReportDraft, type ReportDraft } from '@/lib/db/queries/report-drafts';
import { createSnapshot, type SnapshotSummary } from '@/lib/db/queries/snapshots';
import type { Db } from '@/lib/db/schema';

/**
 * The draft's data with the case reference the person saving it gave (typed beside the report
 * and carried by the save): the stamp's case reference is the saved copy's, so what the snapshot
 * shows and what it is filed under agree. No reference removes it. Only the case reference
 * changes; the register data is the draft's, byte for byte.
 */
export function withCaseReference(data: unknown, caseReference: string | undefined): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  const { caseReference: _previous, ...rest } = data as Record<string, unknown>;
  return caseReference ? { ...rest, caseReference } : rest;
}

/**
 * "Save as evidence" in the database: in one transaction the draft is taken, the snapshot stored
 * and its audit entry written, or nothing changes. Taking the draft first means a second save of
 * the same draft (a double click, another tab on another portal instance) finds nothing to take
 * and saves nothing: null. `caseReference`, when given (checked already), is the one saved: it
 * replaces the draft's, in the snapshot's data (its stamp) and its own column alike.
 */
export async function snapshotFromDraft(
  db: Db,
  draft: ReportDraft,
  user: { id: string; email: string },
  caseReference?: { value: string | undefined },
): Promise<SnapshotSummary | null> {
  const changed = caseReference !== undefined && (caseReference.value ?? null) !== (draft.caseReference ?? null);
  return db.transaction().execute(async (trx) => {
    if (!(await deleteReportDraft(trx, draft.id))) return null;
    const saved = await createSnapshot(trx, {
      frn: draft.frn,
      subjectName: draft.subjectName,
      createdBy: { id: user.id, email: user.email },
      caseReference: changed ? (caseReference.value ?? null) : draft.caseReference,
      data: changed ? withCaseReference(draft.data, caseReference.value) : draft.data,
    });
    await appendAudit(trx, {
      action: 'snapshot.create',
      outcome: 'success',
      actor: { id: user.id, email: user.email },
      reference: saved.frn,
      detail: { id: saved.id, sha256: saved.sha256, caseReference: saved.caseReference, ...(changed ? { caseReferenceGenerated: draft.caseReference } : {}) },
    });
    return saved;
  });
}
