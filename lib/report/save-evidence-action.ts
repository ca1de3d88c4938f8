'use server';

import { recordAudit } from '@/lib/audit/record';
import { requireUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { DRAFT_LIFETIME_HOURS, getReportDraft } from '@/lib/db/queries/report-drafts';
import { reportPath } from '@/lib/routes/portal-paths';
import { checkCaseReference } from './case-reference';
import { snapshotFromDraft } from './snapshot-from-draft';

export type SaveEvidenceState = {
  error?: string;
  caseReference?: string;
  /** The saved snapshot's page, which the form opens as a new document (its print style needs that document's CSP nonce). */ savedPath?: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * "Save as evidence": turns the report draft the user was shown into an immutable snapshot (the
 * same canonical bytes, hashed with SHA-256) and opens it. Checks the session itself; a draft can
 * only be saved by the user it was generated for, once, within DRAFT_LIFETIME_HOURS. The form
 * carries the case reference as typed beside the report (`caseReference`), which is the one saved.
 */
export async function saveEvidence(_previous: SaveEvidenceState, form: FormData): Promise<SaveEvidenceState> {
  const user = await requireUser();
  const draftId = String(form.get('draftId') ?? '');
  const db = await getDb();
  const draft = UUID.test(draftId) ? await getReportDraft(db, draftId) : null;
  if (!draft || draft.createdById !== user.id) {
    await recordAudit({ action: 'snapshot.create', user, outcome: 'failure', detail: { draftId: draftId.slice(0, 40), reason: draft ? 'not-yours' : 'no-draft' } });
    return {
      error: `This report can no longer be saved: a report can be saved once, by the person who generated it, within ${DRAFT_LIFETIME_HOURS} hours. Generate it again to save a new copy.`,
    };
  }
  // The case reference typed beside the report is the one saved, whether or not the report was generated again with it.
  const typed = form.has('caseReference') ? checkCaseReference(form.get('caseReference')) : undefined;
  if (typed && !typed.ok) {
    await recordAudit({ action: 'snapshot.create', user, outcome: 'failure', reference: draft.frn, detail: { draftId: draft.id, reason: 'bad-input', field: 'case' } });
    return { error: `Not saved: ${typed.message}`, caseReference: String(form.get('caseReference') ?? '').slice(0, 200) };
  }
  const snapshot = await snapshotFromDraft(db, draft, { id: user.id, email: user.email }, typed?.ok ? { value: typed.value } : undefined);
  if (!snapshot) {
    await recordAudit({ action: 'snapshot.create', user, outcome: 'failure', detail: { draftId: draft.id, reason: 'already-saved' } });
    return {
      error: `This report has already been saved: a report can be saved once, by the person who generated it, within ${DRAFT_LIFETIME_HOURS} hours. Generate it again to save a new copy.`,
    };
  }
  return { savedPath: reportPath(snapshot.id) };
}
