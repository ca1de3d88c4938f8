'use client';

import { useActionState } from 'react';
import { manageTokenAction } from './actions';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';
import { OneTimeSecret } from './one-time-secret';
import { IDLE } from '@/lib/actions/action-state';

// One form per row; the submit button's name/value says which change is meant.
export function TokenRowActions({ token }: { token: { id: string; name: string; revoked: boolean } }) {
  const [state, action, pending] = useActionState(manageTokenAction, IDLE);
  // A revoked token has nothing left to do; the message of the action that revoked it stays.
  if (token.revoked) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-600">None (revoked)</p>
        <FormMessage state={state}>{state.oneTimeSecret ? <OneTimeSecret {...state.oneTimeSecret} /> : null}</FormMessage>
      </div>
    );
  }
  return (
    <form action={action} className="space-y-2" aria-label={`Manage the token of ${token.name}`}>
      <input type="hidden" name="tokenId" value={token.id} />
      <div className="flex flex-wrap items-center gap-2">
        <SubmitButton size="sm" variant="secondary" name="intent" value="rotate" disabled={pending}>
          Rotate secret
        </SubmitButton>
        <SubmitButton size="sm" variant="danger" name="intent" value="revoke" disabled={pending}>
          Revoke
        </SubmitButton>
      </div>
      <FormMessage state={state}>{state.oneTimeSecret ? <OneTimeSecret {...state.oneTimeSecret} /> : null}</FormMessage>
    </form>
  );
}
