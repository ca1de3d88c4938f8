'use client';

import { useActionState, useId } from 'react';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { ROLES, type Role } from '@/lib/db/schema';
import { manageUserAction } from './actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { OneTimePassword } from './one-time-password';

interface Props {
  user: { id: string; email: string; role: Role; disabled: boolean; hasLocalPassword: boolean; hasTwoFactor: boolean };
  isSelf: boolean;
}

const button =
  'rounded-md border border-slate-400 bg-white px-2 py-1 text-sm font-medium text-slate-900 hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-brand-700 disabled:opacity-60';

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
        <select id={roleId} name="role" defaultValue={user.role} className="rounded-md border border-slate-400 px-2 py-1 text-sm">
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        <button type="submit" name="intent" value="set-role" disabled={pending} className={button}>
          Change role
        </button>
        {user.disabled ? (
          <button type="submit" name="intent" value="enable" disabled={pending} className={button}>
            Enable
          </button>
        ) : (
          <button type="submit" name="intent" value="disable" disabled={pending || isSelf} className={button}>
            Disable
          </button>
        )}
        {user.hasLocalPassword ? (
          <button type="submit" name="intent" value="reset-password" disabled={pending} className={button}>
            Reset password
          </button>
        ) : null}
        {user.hasTwoFactor ? (
          <button type="submit" name="intent" value="reset-two-factor" disabled={pending} className={button}>
            Reset two-factor
          </button>
        ) : null}
        <button type="submit" name="intent" value="revoke-sessions" disabled={pending} className={button}>
          Sign out everywhere
        </button>
      </div>
      <FormMessage state={state}>{state.oneTimePassword ? <OneTimePassword {...state.oneTimePassword} /> : null}</FormMessage>
    </form>
  );
}
