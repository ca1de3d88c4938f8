'use client';

import { useActionState } from 'react';
import { twoFactorRequirementAction } from './actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';

/** The administrator's switch: every local (portal-password) account needs two-factor sign-in. */
export function TwoFactorRequirementForm({ required, enrolled, local }: { required: boolean; enrolled: number; local: number }) {
  const [state, action, pending] = useActionState(twoFactorRequirementAction, IDLE);
  return (
    <form action={action} aria-labelledby="two-factor-setting-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="two-factor-setting-heading" className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      <p className="text-sm text-slate-700">
        {enrolled} of {local} portal-password {local === 1 ? 'account has' : 'accounts have'} two-factor sign-in. Single sign-on users use their organisation’s.
      </p>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="requireTwoFactor" defaultChecked={required} className="h-4 w-4" />
        Require two-factor sign-in for every portal-password account
      </label>
      <SubmitButton pending={pending} pendingText="Saving…">
        Save two-factor setting
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
