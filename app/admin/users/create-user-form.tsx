'use client';

import { useActionState } from 'react';
import { ROLES } from '@/lib/db/schema';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { createUserAction } from './actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { OneTimePassword } from './one-time-password';

const input = 'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700';

export function CreateUserForm({ ssoAvailable }: { ssoAvailable: boolean }) {
  const [state, action, pending] = useActionState(createUserAction, IDLE);
  return (
    <form action={action} aria-labelledby="create-user-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="create-user-heading" className="text-lg font-semibold">
        Add a user
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor="new-user-email" className="block text-sm font-medium">
            E-mail address
          </label>
          <input id="new-user-email" name="email" type="email" required autoComplete="off" className={input} />
        </div>
        <div>
          <label htmlFor="new-user-name" className="block text-sm font-medium">
            Name <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input id="new-user-name" name="name" type="text" maxLength={200} autoComplete="off" className={input} />
        </div>
        <div>
          <label htmlFor="new-user-role" className="block text-sm font-medium">
            Role
          </label>
          <select id="new-user-role" name="role" defaultValue="viewer" className={input}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">How they sign in</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="local" defaultChecked />
            Portal password (generated now, shown once)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="invite" />
            Invite for single sign-on{ssoAvailable ? '' : ' (no provider configured yet)'}
          </label>
        </div>
      </fieldset>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-700 focus:ring-offset-2 disabled:opacity-70"
      >
        {pending ? 'Adding…' : 'Add user'}
      </button>
      <FormMessage state={state}>{state.oneTimePassword ? <OneTimePassword {...state.oneTimePassword} /> : null}</FormMessage>
    </form>
  );
}
