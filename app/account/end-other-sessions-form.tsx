'use client';

import { useActionState } from 'react';
import { endOtherSessionsAction } from './actions';
import { ACCOUNT_IDLE } from './action-state';
import { AccountMessage } from './account-message';
import { secondaryButtonClass } from './form-styles';

/** "Sign out everywhere else": every session but this one, including any not in the list. */
export function EndOtherSessionsForm() {
  const [state, action, pending] = useActionState(endOtherSessionsAction, ACCOUNT_IDLE);
  return (
    <form action={action} className="space-y-2">
      <button type="submit" disabled={pending} className={secondaryButtonClass}>
        {pending ? 'Ending…' : 'End all other sessions'}
      </button>
      <AccountMessage state={state} testId="sessions-message" />
    </form>
  );
}
