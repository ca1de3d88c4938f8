'use client';

import { useActionState } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/auth/password-rules';
import { changePasswordAction } from './actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { inputClass, panelClass, primaryButtonClass } from './form-styles';

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
      <div>
        <label htmlFor="current-password" className="block text-sm font-medium">
          Current password
        </label>
        <input id="current-password" name="currentPassword" type="password" required autoComplete="current-password" className={inputClass} />
      </div>
      <div>
        <label htmlFor="new-password" className="block text-sm font-medium">
          New password
        </label>
        <input
          id="new-password"
          name="newPassword"
          type="password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
          aria-describedby="password-rules"
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="confirm-password" className="block text-sm font-medium">
          New password again
        </label>
        <input id="confirm-password" name="confirmPassword" type="password" required maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" className={inputClass} />
      </div>
      <button type="submit" disabled={pending} className={primaryButtonClass}>
        {pending ? 'Changing…' : 'Change password'}
      </button>
      <FormMessage state={state} statusWord testId="password-message" />
    </form>
  );
}
