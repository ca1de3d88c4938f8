'use client';

import { useActionState } from 'react';
import { saveEvidence, type SaveEvidenceState } from '@/lib/report/save-evidence-action';

/**
 * Beside a finished report: saves exactly this report (the data the page was rendered from) as
 * an immutable evidence snapshot, then opens it. Not printed.
 */
export function SaveEvidenceForm({ draftId }: { draftId: string }) {
  const [state, action, pending] = useActionState<SaveEvidenceState, FormData>(saveEvidence, {});
  return (
    <form action={action} className="no-print flex flex-wrap items-center gap-3">
      <input type="hidden" name="draftId" value={draftId} />
      <button type="submit" disabled={pending} className="rounded bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800 disabled:opacity-60">
        {pending ? 'Saving…' : 'Save as evidence'}
      </button>
      <span className="text-sm text-slate-700">Stores this report, unchangeable, with its SHA-256 fingerprint.</span>
      {state.error ? (
        <p role="alert" className="w-full text-sm font-medium text-red-800">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
