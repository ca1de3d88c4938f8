'use client';

import { useActionState } from 'react';
import { createTokenAction } from './actions';
import { FormMessage } from '@/components/ui/form-message';
import { OneTimeSecret } from './one-time-secret';
import { IDLE } from '@/lib/actions/action-state';

const input = 'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700';

export function CreateTokenForm() {
  const [state, action, pending] = useActionState(createTokenAction, IDLE);
  return (
    <form action={action} aria-labelledby="create-token-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="create-token-heading" className="text-lg font-semibold">
        Issue a token
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <label htmlFor="new-token-name" className="block text-sm font-medium">
            Program
          </label>
          <input id="new-token-name" name="name" type="text" required maxLength={100} autoComplete="off" className={input} />
        </div>
        <div>
          <label htmlFor="new-token-days" className="block text-sm font-medium">
            Expires after (days)
          </label>
          <input id="new-token-days" name="days" type="number" min={1} max={1095} defaultValue={365} required className={input} />
        </div>
        <div>
          <label htmlFor="new-token-ceiling" className="block text-sm font-medium">
            Ceiling (requests/seconds)
          </label>
          <input id="new-token-ceiling" name="ceiling" type="text" defaultValue="60/60" required pattern="\d+/\d+" className={input} aria-describedby="new-token-ceiling-help" />
          <p id="new-token-ceiling-help" className="mt-1 text-xs text-slate-600">
            At most 10 a second on average (e.g. 600/60). The register allows 50 per 10 s for everyone together, and every program together gets a share of that.
          </p>
        </div>
        <div>
          <label htmlFor="new-token-priority" className="block text-sm font-medium">
            Priority
          </label>
          <select id="new-token-priority" name="priority" defaultValue="report" className={input}>
            <option value="report">With reports</option>
            <option value="background">Background</option>
          </select>
        </div>
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
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-700 focus:ring-offset-2 disabled:opacity-70"
      >
        {pending ? 'Issuing…' : 'Issue token'}
      </button>
      <FormMessage state={state}>{state.oneTimeSecret ? <OneTimeSecret {...state.oneTimeSecret} /> : null}</FormMessage>
    </form>
  );
}
