'use client';

import { useActionState, useEffect, useState } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import { saveEvidence } from '@/lib/report/save-evidence-action';
import { SubmitButton } from '@/components/ui/button';

/** The case reference field of the report's options form (components/report/case-reference-form.tsx). */
const CASE_FIELD_ID = 'case-reference';

/**
 * Beside a finished report: saves exactly this report (the data the page was rendered from) as
 * an immutable evidence snapshot, then opens it. The save carries the case reference as it is
 * typed in the report's options above, so the reference typed is the one saved even when the
 * report was not generated again with it; the form says which reference it will save. Without
 * JavaScript it carries the report's own. Not printed.
 */
export function SaveEvidenceForm({ draftId, caseReference }: { draftId: string; caseReference?: string }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(saveEvidence, IDLE);
  const [typed, setTyped] = useState(caseReference ?? '');
  useEffect(() => {
    const field = document.getElementById(CASE_FIELD_ID);
    if (!(field instanceof HTMLInputElement)) return;
    const follow = () => setTyped(field.value);
    follow();
    field.addEventListener('input', follow);
    return () => field.removeEventListener('input', follow);
  }, []);
  useEffect(() => {
    // A document load, not a client navigation: the snapshot's print style carries the new document's CSP nonce.
    if (state.savedPath) window.location.assign(state.savedPath);
  }, [state.savedPath]);
  const shown = typed.trim().replace(/\s+/g, ' ');
  const differs = shown !== (caseReference ?? '');
  return (
    <form action={action} className="no-print flex flex-wrap items-center gap-3">
      <input type="hidden" name="draftId" value={draftId} />
      <input type="hidden" name="caseReference" value={typed} />
      <SubmitButton pending={pending || Boolean(state.savedPath)} pendingText="Saving…">
        Save as evidence
      </SubmitButton>
      <span className="text-sm text-slate-700" aria-live="polite" data-testid="save-case-reference">
        Stores this report, unchangeable, with its SHA-256 fingerprint, under case reference {shown ? <strong>{shown}</strong> : 'none'}
        {differs ? ` (typed above; the report was generated with ${caseReference ? caseReference : 'none'})` : ''}.
      </span>
      {state.status === 'error' ? (
        <div className="w-full">
          <FormMessage layout="inline" state={state} />
        </div>
      ) : null}
    </form>
  );
}
