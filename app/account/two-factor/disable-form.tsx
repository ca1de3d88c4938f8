'use client';

import { useActionState } from 'react';
import { disableTwoFactorAction } from '../actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

/** Turning two-factor off needs both the password and a current code (or a recovery code). */
export function DisableForm({ required }: { required: boolean }) {
  const [state, action, pending] = useActionState(disableTwoFactorAction, IDLE);
  return (
    <form action={action} className="space-y-3" aria-labelledby="disable-heading">
      <h2 id="disable-heading" className="text-lg font-semibold">
        Turn off two-factor sign-in
      </h2>
      {required ? (
        <p className="text-sm text-slate-700">
          An administrator requires two-factor sign-in: after turning it off you will be asked to set it up again (for example with a new phone).
        </p>
      ) : null}
      <Field id="disable-password" label="Your password">
        <Input name="password" type="password" required autoComplete="current-password" className="max-w-sm" />
      </Field>
      <Field id="disable-code" label="Code from your authenticator app, or a recovery code">
        <Input name="code" type="text" autoComplete="one-time-code" required maxLength={24} className="max-w-sm" />
      </Field>
      <SubmitButton variant="danger" pending={pending} pendingText="Turning off…">
        Turn off two-factor sign-in
      </SubmitButton>
      <FormMessage state={state} statusWord />
    </form>
  );
}
