'use client';

import { useActionState } from 'react';
import { endSessionAction } from './actions';
import { ACCOUNT_IDLE } from './action-state';
import { AccountMessage } from './account-message';
import { secondaryButtonClass } from './form-styles';

/** Ends one of the user's other sessions; `label` says which, for screen readers. */
export function EndSessionButton({ handle, label }: { handle: string; label: string }) {
  const [state, action, pending] = useActionState(endSessionAction, ACCOUNT_IDLE);
  return (
    <form action={action} className="space-y-1">
      <input type="hidden" name="session" value={handle} />
      <button type="submit" disabled={pending} className={secondaryButtonClass} aria-label={`End session: ${label}`}>
        {pending ? 'Ending…' : 'End session'}
      </button>
      <AccountMessage state={state} />
    </form>
  );
}
