'use client';

import { useActionState } from 'react';
import { manageTokenAction } from './actions';
import { FormMessage } from '@/components/ui/form-message';
import { OneTimeSecret } from './one-time-secret';
import { IDLE } from '@/lib/actions/action-state';

const button =
  'rounded-md border border-slate-400 bg-white px-2 py-1 text-sm font-medium text-slate-900 hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-brand-700 disabled:opacity-60';

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
        <button type="submit" name="intent" value="rotate" disabled={pending} className={button}>
          Rotate secret
        </button>
        <button type="submit" name="intent" value="revoke" disabled={pending} className={button}>
          Revoke
        </button>
      </div>
      <FormMessage state={state}>{state.oneTimeSecret ? <OneTimeSecret {...state.oneTimeSecret} /> : null}</FormMessage>
    </form>
  );
}
