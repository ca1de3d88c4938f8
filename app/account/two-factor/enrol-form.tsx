'use client';

import type { Route } from 'next';
import { useActionState } from 'react';
import { enableTwoFactorAction } from '../actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { RecoveryCodeList } from '../recovery-code-list';
import { ButtonLink, SubmitButton } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

/** Confirms enrolment with a code from the app, then shows the recovery codes once. */
export function EnrolForm({ next }: { next: Route }) {
  const [state, action, pending] = useActionState(enableTwoFactorAction, IDLE);
  if (state.status === 'success') {
    return (
      <div className="space-y-4">
        <FormMessage state={state} statusWord testId="two-factor-message">
          {state.recoveryCodes ? <RecoveryCodeList codes={state.recoveryCodes} /> : null}
        </FormMessage>
        <ButtonLink variant="primary" href={next}>
          I have saved my recovery codes: continue
        </ButtonLink>
      </div>
    );
  }
  return (
    <form action={action} className="space-y-3" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading" className="text-lg font-semibold">
        Confirm with a code
      </h2>
      <Field id="enrol-code" label="Six-digit code from your authenticator app">
        <Input name="code" type="text" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required className="max-w-sm" />
      </Field>
      <SubmitButton pending={pending} pendingText="Checking…">
        Turn on two-factor sign-in
      </SubmitButton>
      <FormMessage state={state} statusWord testId="two-factor-message">
        {state.recoveryCodes ? <RecoveryCodeList codes={state.recoveryCodes} /> : null}
      </FormMessage>
    </form>
  );
}
