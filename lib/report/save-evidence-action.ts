'use server';

import { refused, type ActionState } from '@/lib/actions/action-state';
import { defineAction } from '@/lib/actions/define-action';
import { DRAFT_LIFETIME_HOURS } from '@/lib/db/queries/report-drafts';
import { reportPath } from '@/lib/routes/portal-paths';
import { checkCaseReference } from './case-reference';
import { snapshotStore } from './snapshot-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ONCE = `a report can be saved once, by the person who generated it, within ${DRAFT_LIFETIME_HOURS} hours. Generate it again to save a new copy.`;

/**
 * "Save as evidence": turns the report draft the user was shown into an immutable snapshot (the
 * same canonical bytes, hashed with SHA-256) and opens it (`savedPath`). Any signed-in person; a
 * draft can only be saved by the user it was generated for, once, within DRAFT_LIFETIME_HOURS.
 * The form carries the case reference as typed beside the report (`caseReference`), which is the
 * one saved. Every refusal is audited (`snapshot.create`, failure); the snapshot's own entry is
 * written with it.
 */
export const saveEvidence = defineAction({
  role: 'signed-in',
  input: (form) => ({ draftId: String(form.get('draftId') ?? ''), caseReference: form.has('caseReference') ? form.get('caseReference') : undefined }),
  failure: 'The report could not be saved. Try again; if it keeps failing, check the server log.',
  logAs: '[report] saving evidence failed',
  async run({ draftId, caseReference }, { user, audit }): Promise<ActionState> {
    const draft = UUID.test(draftId) ? await snapshotStore.getReportDraft(draftId) : null;
    if (!draft || draft.createdById !== user.id) {
      await audit({ action: 'snapshot.create', outcome: 'failure', detail: { draftId: draftId.slice(0, 40), reason: draft ? 'not-yours' : 'no-draft' } });
      return refused(`This report can no longer be saved: ${ONCE}`);
    }
    // The case reference typed beside the report is the one saved, whether or not the report was generated again with it.
    const typed = caseReference === undefined ? undefined : checkCaseReference(caseReference);
    if (typed && !typed.ok) {
      await audit({ action: 'snapshot.create', outcome: 'failure', reference: draft.frn, detail: { draftId: draft.id, reason: 'bad-input', field: 'case' } });
      return refused(`Not saved: ${typed.message}`, { caseReference: String(caseReference ?? '').slice(0, 200) });
    }
    const snapshot = await snapshotStore.snapshotFromDraft(draft, { id: user.id, email: user.email }, typed?.ok ? { value: typed.value } : undefined);
    if (!snapshot) {
      await audit({ action: 'snapshot.create', outcome: 'failure', detail: { draftId: draft.id, reason: 'already-saved' } });
      return refused(`This report has already been saved: ${ONCE}`);
    }
    return { status: 'success', message: '', savedPath: reportPath(snapshot.id) };
  },
});
