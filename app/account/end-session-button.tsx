'use client';

import { useActionState } from 'react';
import { endSessionAction } from './actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';

/** Ends one of the user's other sessions; `label` says which, for screen readers. */
export function EndSessionButton({ handle, label }: { handle: string; label: string }) {
  const [state, action, pending] = useActionState(endSessionAction, IDLE);
  return (
    <form action={action} className="space-y-1">
      <input type="hidden" name="session" value={handle} />
      <SubmitButton variant="secondary" size="sm" pending={pending} pendingText="Ending…" aria-label={`End session: ${label}`}>
        End session
      </SubmitButton>
      <FormMessage state={state} statusWord />
    </form>
  );
}
