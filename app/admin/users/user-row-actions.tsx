'use client';

import { useActionState, useId } from 'react';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { ROLES, type Role } from '@/lib/db/schema';
import { manageUserAction } from './actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { OneTimePassword } from './one-time-password';

interface Props {
  user: { id: string; email: string; role: Role; disabled: boolean; hasLocalPassword: boolean; hasTwoFactor: boolean };
  isSelf: boolean;
}

// One form per row; the submit button's name/value says which change is meant.
export function UserRowActions({ user, isSelf }: Props) {
  const [state, action, pending] = useActionState(manageUserAction, IDLE);
  const roleId = useId();
  return (
    <form action={action} className="space-y-2" aria-label={`Manage ${user.email}`}>
      <input type="hidden" name="userId" value={user.id} />
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={roleId} className="sr-only">
          Role for {user.email}
        </label>
        <Select id={roleId} name="role" defaultValue={user.role}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
        <SubmitButton size="sm" variant="secondary" name="intent" value="set-role" disabled={pending}>
          Change role
        </SubmitButton>
        {user.disabled ? (
          <SubmitButton size="sm" variant="secondary" name="intent" value="enable" disabled={pending}>
            Enable
          </SubmitButton>
        ) : (
          <SubmitButton size="sm" variant="danger" name="intent" value="disable" disabled={pending || isSelf}>
            Disable
          </SubmitButton>
        )}
        {user.hasLocalPassword ? (
          <SubmitButton size="sm" variant="secondary" name="intent" value="reset-password" disabled={pending}>
            Reset password
          </SubmitButton>
        ) : null}
        {user.hasTwoFactor ? (
          <SubmitButton size="sm" variant="secondary" name="intent" value="reset-two-factor" disabled={pending}>
            Reset two-factor
          </SubmitButton>
        ) : null}
        <SubmitButton size="sm" variant="secondary" name="intent" value="revoke-sessions" disabled={pending}>
          Sign out everywhere
        </SubmitButton>
      </div>
      <FormMessage state={state}>{state.oneTimePassword ? <OneTimePassword {...state.oneTimePassword} /> : null}</FormMessage>
    </form>
  );
}
