'use client';

import { useActionState } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';
import { IDLE } from '@/lib/actions/action-state';
import { sendDigestNowAction } from './actions';

export function SendDigestForm({ enabled }: { enabled: boolean }) {
  const [state, action, pending] = useActionState(sendDigestNowAction, IDLE);
  return (
    <form action={action} className="space-y-2">
      <SubmitButton pending={pending} pendingText="Queuing…" disabled={!enabled} aria-describedby="send-digest-help">
        Send the digest now
      </SubmitButton>
      <p id="send-digest-help" className="text-xs text-slate-600">
        {enabled
          ? 'Sends every change not yet e-mailed to the recipients above, as the daily digest does; nothing is sent twice.'
          : 'E-mail is not configured, so there is nothing to send.'}
      </p>
      <FormMessage state={state} />
    </form>
  );
}
