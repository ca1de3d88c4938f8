'use client';

import { useActionState } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/auth/password-rules';
import { changePasswordAction } from './actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { panelClass } from './form-styles';
import { SubmitButton } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

export function ChangePasswordForm() {
  const [state, action, pending] = useActionState(changePasswordAction, IDLE);
  return (
    <form action={action} aria-labelledby="password-heading" className={panelClass}>
      <h2 id="password-heading" className="text-lg font-semibold">
        Change your password
      </h2>
      <p id="password-rules" className="text-sm text-slate-700">
        At least {PASSWORD_MIN_LENGTH} characters (up to {PASSWORD_MAX_LENGTH}); spaces and any characters are fine, and commonly used passwords are refused. Changing it signs you
        out of your other sessions.
      </p>
      <Field id="current-password" label="Current password">
        <Input name="currentPassword" type="password" required autoComplete="current-password" className="max-w-sm" />
      </Field>
      <Field id="new-password" label="New password">
        <Input
          name="newPassword"
          type="password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
          aria-describedby="password-rules"
          className="max-w-sm"
        />
      </Field>
      <Field id="confirm-password" label="New password again">
        <Input name="confirmPassword" type="password" required maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" className="max-w-sm" />
      </Field>
      <SubmitButton pending={pending} pendingText="Changing…">
        Change password
      </SubmitButton>
      <FormMessage state={state} statusWord testId="password-message" />
    </form>
  );
}
