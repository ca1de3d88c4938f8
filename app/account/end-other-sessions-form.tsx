'use client';

import { useActionState } from 'react';
import { endOtherSessionsAction } from './actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';

/** "Sign out everywhere else": every session but this one, including any not in the list. */
export function EndOtherSessionsForm() {
  const [state, action, pending] = useActionState(endOtherSessionsAction, IDLE);
  return (
    <form action={action} className="space-y-2">
      <SubmitButton variant="secondary" pending={pending} pendingText="Ending…">
        End all other sessions
      </SubmitButton>
      <FormMessage state={state} statusWord testId="sessions-message" />
    </form>
  );
}
