'use client';

import { useActionState } from 'react';
import { ROLES } from '@/lib/db/schema';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { createUserAction } from './actions';
import { IDLE } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { OneTimePassword } from './one-time-password';

export function CreateUserForm({ ssoAvailable }: { ssoAvailable: boolean }) {
  const [state, action, pending] = useActionState(createUserAction, IDLE);
  return (
    <form action={action} aria-labelledby="create-user-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="create-user-heading" className="text-lg font-semibold">
        Add a user
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="new-user-email" label="E-mail address">
          <Input name="email" type="email" required autoComplete="off" />
        </Field>
        <Field id="new-user-name" label="Name" optional>
          <Input name="name" type="text" maxLength={200} autoComplete="off" />
        </Field>
        <Field id="new-user-role" label="Role">
          <Select name="role" defaultValue="viewer">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        </Field>
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
      <SubmitButton pending={pending} pendingText="Adding…">
        Add user
      </SubmitButton>
      <FormMessage state={state}>{state.oneTimePassword ? <OneTimePassword {...state.oneTimePassword} /> : null}</FormMessage>
    </form>
  );
}
