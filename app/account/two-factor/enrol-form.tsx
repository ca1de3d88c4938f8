'use client';

import type { Route } from 'next';
import Link from 'next/link';
import { useActionState } from 'react';
import { enableTwoFactorAction } from '../actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { RecoveryCodeList } from '../recovery-code-list';
import { inputClass, primaryButtonClass } from '../form-styles';

/** Confirms enrolment with a code from the app, then shows the recovery codes once. */
export function EnrolForm({ next }: { next: Route }) {
  const [state, action, pending] = useActionState(enableTwoFactorAction, IDLE);
  if (state.status === 'success') {
    return (
      <div className="space-y-4">
        <FormMessage state={state} statusWord testId="two-factor-message">
          {state.recoveryCodes ? <RecoveryCodeList codes={state.recoveryCodes} /> : null}
        </FormMessage>
        <Link href={next} className={`inline-block ${primaryButtonClass}`}>
          I have saved my recovery codes: continue
        </Link>
      </div>
    );
  }
  return (
    <form action={action} className="space-y-3" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading" className="text-lg font-semibold">
        Confirm with a code
      </h2>
      <div>
        <label htmlFor="enrol-code" className="block text-sm font-medium">
          Six-digit code from your authenticator app
        </label>
        <input id="enrol-code" name="code" type="text" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required className={inputClass} />
      </div>
      <button type="submit" disabled={pending} className={primaryButtonClass}>
        {pending ? 'Checking…' : 'Turn on two-factor sign-in'}
      </button>
      <FormMessage state={state} statusWord testId="two-factor-message">
        {state.recoveryCodes ? <RecoveryCodeList codes={state.recoveryCodes} /> : null}
      </FormMessage>
    </form>
  );
}
