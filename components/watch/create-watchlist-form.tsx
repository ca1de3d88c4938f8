'use client';

import { useActionState } from 'react';
import { createWatchlistAction } from '@/lib/watchlists/actions';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { BUTTON, INPUT, LABEL } from './styles';

/** A new watchlist: name, optional description and case reference. Opens the list once made. */
export function CreateWatchlistForm() {
  const [state, action, pending] = useActionState<ActionState, FormData>(createWatchlistAction, IDLE);
  return (
    <form action={action} aria-labelledby="create-list-heading" className="space-y-3 rounded border border-slate-200 bg-white p-4">
      <h2 id="create-list-heading" className="text-lg font-semibold">
        New watchlist
      </h2>
      <div className="flex flex-wrap gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor="list-name" className={LABEL}>
            Name
          </label>
          <input id="list-name" name="name" required maxLength={120} className={`${INPUT} w-72`} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="list-case" className={LABEL}>
            Case reference <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input id="list-case" name="caseReference" maxLength={100} className={`${INPUT} w-48`} />
        </div>
        <div className="flex min-w-72 flex-1 flex-col gap-1">
          <label htmlFor="list-description" className={LABEL}>
            Description <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input id="list-description" name="description" maxLength={1000} className={INPUT} />
        </div>
      </div>
      <button type="submit" disabled={pending} className={BUTTON}>
        {pending ? 'Creating…' : 'Create list'}
      </button>
      <FormMessage layout="inline" state={state} />
    </form>
  );
}
