'use client';

import { useActionState } from 'react';
import { deleteWatchlistAction, updateWatchlistAction } from '@/lib/watchlists/actions';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { BUTTON, INPUT, LABEL, SECONDARY_BUTTON } from './styles';

/** Renaming a list (with its description and case reference), and deleting it by typing its name. */
export function WatchlistSettingsForm({
  watchlistId,
  name,
  description,
  caseReference,
}: {
  watchlistId: string;
  name: string;
  description: string | null;
  caseReference: string | null;
}) {
  const [state, action, pending] = useActionState<ActionState, FormData>(updateWatchlistAction, IDLE);
  const [deleteState, deleteAction, deleting] = useActionState<ActionState, FormData>(deleteWatchlistAction, IDLE);
  return (
    <div className="space-y-4">
      <form action={action} className="space-y-3">
        <input type="hidden" name="watchlistId" value={watchlistId} />
        <div className="flex flex-wrap gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor="edit-name" className={LABEL}>
              Name
            </label>
            <input id="edit-name" name="name" required maxLength={120} defaultValue={name} className={`${INPUT} w-72`} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="edit-case" className={LABEL}>
              Case reference
            </label>
            <input id="edit-case" name="caseReference" maxLength={100} defaultValue={caseReference ?? ''} className={`${INPUT} w-48`} />
          </div>
          <div className="flex min-w-72 flex-1 flex-col gap-1">
            <label htmlFor="edit-description" className={LABEL}>
              Description
            </label>
            <input id="edit-description" name="description" maxLength={1000} defaultValue={description ?? ''} className={INPUT} />
          </div>
        </div>
        <button type="submit" disabled={pending} className={BUTTON}>
          {pending ? 'Saving…' : 'Save'}
        </button>
        <FormMessage layout="inline" state={state} />
      </form>
      <form action={deleteAction} className="space-y-2 border-t border-slate-200 pt-3">
        <input type="hidden" name="watchlistId" value={watchlistId} />
        <label htmlFor="delete-confirm" className={LABEL}>
          Delete this list: type its name to confirm
        </label>
        <p id="delete-hint" className="text-sm text-slate-700">
          The records&apos; checks and changes stay in their history.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <input id="delete-confirm" name="confirmName" required aria-describedby="delete-hint" className={`${INPUT} w-72`} />
          <button type="submit" disabled={deleting} className={SECONDARY_BUTTON}>
            {deleting ? 'Deleting…' : 'Delete list'}
          </button>
        </div>
        <FormMessage layout="inline" state={deleteState} />
      </form>
    </div>
  );
}
