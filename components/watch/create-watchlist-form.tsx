'use client';

import { useActionState } from 'react';
import { createWatchlistAction } from '@/lib/watchlists/actions';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

/** A new watchlist: name, optional description and case reference. Opens the list once made. */
export function CreateWatchlistForm() {
  const [state, action, pending] = useActionState<ActionState, FormData>(createWatchlistAction, IDLE);
  return (
    <form action={action} aria-labelledby="create-list-heading" className="space-y-3 rounded border border-slate-200 bg-white p-4">
      <h2 id="create-list-heading" className="text-lg font-semibold">
        New watchlist
      </h2>
      <div className="flex flex-wrap gap-4">
        <Field id="list-name" label="Name">
          <Input name="name" required maxLength={120} className="w-72" />
        </Field>
        <Field id="list-case" label="Case reference" optional>
          <Input name="caseReference" maxLength={100} className="w-48" />
        </Field>
        <Field id="list-description" label="Description" optional className="min-w-72 flex-1">
          <Input name="description" maxLength={1000} />
        </Field>
      </div>
      <SubmitButton pending={pending} pendingText="Creating…">
        Create list
      </SubmitButton>
      <FormMessage layout="inline" state={state} />
    </form>
  );
}
