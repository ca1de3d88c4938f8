'use client';

import { useActionState } from 'react';
import { endOtherSessionsAction } from './actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { secondaryButtonClass } from './form-styles';

/** "Sign out everywhere else": every session but this one, including any not in the list. */
export function EndOtherSessionsForm() {
  const [state, action, pending] = useActionState(endOtherSessionsAction, IDLE);
  return (
    <form action={action} className="space-y-2">
      <button type="submit" disabled={pending} className={secondaryButtonClass}>
        {pending ? 'Ending…' : 'End all other sessions'}
      </button>
      <FormMessage state={state} statusWord testId="sessions-message" />
    </form>
  );
}
