'use client';

import { useActionState } from 'react';
import { deleteWatchlistAction, updateWatchlistAction } from '@/lib/watchlists/actions';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

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
          <Field id="edit-name" label="Name">
            <Input name="name" required maxLength={120} defaultValue={name} className="w-72" />
          </Field>
          <Field id="edit-case" label="Case reference">
            <Input name="caseReference" maxLength={100} defaultValue={caseReference ?? ''} className="w-48" />
          </Field>
          <Field id="edit-description" label="Description" className="min-w-72 flex-1">
            <Input name="description" maxLength={1000} defaultValue={description ?? ''} />
          </Field>
        </div>
        <SubmitButton pending={pending} pendingText="Saving…">
          Save
        </SubmitButton>
        <FormMessage layout="inline" state={state} />
      </form>
      <form action={deleteAction} className="space-y-2 border-t border-slate-200 pt-3">
        <input type="hidden" name="watchlistId" value={watchlistId} />
        <div className="flex flex-wrap items-end gap-2">
          <Field id="delete-confirm" label="Delete this list: type its name to confirm" hint="The records' checks and changes stay in their history.">
            <Input name="confirmName" required className="w-72" />
          </Field>
          <SubmitButton variant="danger" pending={deleting} pendingText="Deleting…">
            Delete list
          </SubmitButton>
        </div>
        <FormMessage layout="inline" state={deleteState} />
      </form>
    </div>
  );
}
