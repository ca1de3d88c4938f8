'use client';

import { useActionState } from 'react';
import { createTokenAction } from './actions';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { OneTimeSecret } from './one-time-secret';
import { IDLE } from '@/lib/actions/action-state';

export function CreateTokenForm() {
  const [state, action, pending] = useActionState(createTokenAction, IDLE);
  return (
    <form action={action} aria-labelledby="create-token-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="create-token-heading" className="text-lg font-semibold">
        Issue a token
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Field id="new-token-name" label="Program" className="lg:col-span-2">
          <Input name="name" type="text" required maxLength={100} autoComplete="off" />
        </Field>
        <Field id="new-token-days" label="Expires after (days)">
          <Input name="days" type="number" min={1} max={1095} defaultValue={365} required />
        </Field>
        <Field
          id="new-token-ceiling"
          label="Ceiling (requests/seconds)"
          hint="At most 10 a second on average (e.g. 600/60). The register allows 50 per 10 s for everyone together, and every program together gets a share of that."
        >
          <Input name="ceiling" type="text" defaultValue="60/60" required pattern="\d+/\d+" />
        </Field>
        <Field id="new-token-priority" label="Priority">
          <Select name="priority" defaultValue="report">
            <option value="report">With reports</option>
            <option value="background">Background</option>
          </Select>
        </Field>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">May use (one or more)</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="scope" value="reconcile" defaultChecked />
            Reconciliation service (OpenRefine)
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="scope" value="register-api" />
            Register API
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="scope" value="watch" />
            Watch API
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="scope" value="metrics" />
            Metrics
          </label>
        </div>
      </fieldset>
      <SubmitButton pending={pending} pendingText="Issuing…">
        Issue token
      </SubmitButton>
      <FormMessage state={state}>{state.oneTimeSecret ? <OneTimeSecret {...state.oneTimeSecret} /> : null}</FormMessage>
    </form>
  );
}
