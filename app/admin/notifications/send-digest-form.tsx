'use client';

import { useActionState } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { IDLE } from '@/lib/actions/action-state';
import { sendDigestNowAction } from './actions';

export function SendDigestForm({ enabled }: { enabled: boolean }) {
  const [state, action, pending] = useActionState(sendDigestNowAction, IDLE);
  return (
    <form action={action} className="space-y-2">
      <button
        type="submit"
        disabled={!enabled || pending}
        aria-describedby="send-digest-help"
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-700 focus:ring-offset-2 disabled:cursor-not-allowed disabled:bg-slate-400"
      >
        {pending ? 'Queuing…' : 'Send the digest now'}
      </button>
      <p id="send-digest-help" className="text-xs text-slate-600">
        {enabled
          ? 'Sends every change not yet e-mailed to the recipients above, as the daily digest does; nothing is sent twice.'
          : 'E-mail is not configured, so there is nothing to send.'}
      </p>
      <FormMessage state={state} />
    </form>
  );
}
