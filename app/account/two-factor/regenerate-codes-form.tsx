'use client';

import { useActionState } from 'react';
import { regenerateRecoveryCodesAction } from '../actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { RecoveryCodeList } from '../recovery-code-list';
import { SubmitButton } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

/** New recovery codes (the earlier ones stop working), after a current code from the app. */
export function RegenerateCodesForm() {
  const [state, action, pending] = useActionState(regenerateRecoveryCodesAction, IDLE);
  return (
    <form action={action} className="space-y-3" aria-labelledby="regenerate-heading">
      <h2 id="regenerate-heading" className="text-lg font-semibold">
        New recovery codes
      </h2>
      <Field id="regenerate-code" label="Six-digit code from your authenticator app">
        <Input name="code" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required className="max-w-sm" />
      </Field>
      <SubmitButton variant="secondary" pending={pending} pendingText="Issuing…">
        Issue new recovery codes
      </SubmitButton>
      <FormMessage state={state} statusWord>
        {state.recoveryCodes ? <RecoveryCodeList codes={state.recoveryCodes} /> : null}
      </FormMessage>
    </form>
  );
}
