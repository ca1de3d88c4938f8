'use client';

/**
 * "Refresh from the register": fetches again, bypassing the portal's cache, exactly the register
 * calls the page shows, then re-renders the page on the server.
 *
 * Usage (in a server component; list every call whose data the page renders, with its page):
 *
 *   import { RefreshButton } from '@/components/register/refresh-button';
 *
 *   <RefreshButton
 *     calls={[
 *       { endpoint: 'firm', args: [frn] },
 *       { endpoint: 'firmPermissions', args: [frn], page },
 *     ]}
 *   />
 *
 * `endpoint` is a RegisterEndpoints name (lib/register/register-client-types.ts) and `args` its
 * identifying arguments in order. The server action checks the names and argument counts, the
 * register client checks the values, data fetched in the last 15 s is not fetched again, and each
 * person may force only so many calls a minute past the cache (lib/page-data/refresh-limit.ts):
 * over that the action says, in words, how long to wait.
 * Put it beside the page's ProvenanceLine; it is hidden in print.
 */

import { useId, useState, useTransition } from 'react';
import { formatDateTime } from '@/lib/format/date';
import type { RefreshOutcome, RegisterCall } from '@/lib/page-data/refresh-calls';
import { refreshRegisterCalls } from '@/lib/page-data/refresh-register-calls';
import { Button } from '@/components/ui/button';

function describe(outcome: RefreshOutcome): string {
  if (!outcome.ok) return outcome.message;
  const parts: string[] = [];
  if (outcome.refreshed > 0) parts.push(`${outcome.refreshed} fetched again from the register`);
  if (outcome.alreadyFresh > 0) parts.push(`${outcome.alreadyFresh} already up to date`);
  const when = formatDateTime(outcome.at);
  if (outcome.failures.length === 0) return `Refreshed at ${when}: ${parts.join(', ') || 'nothing to do'}.`;
  const failed = outcome.failures.map((f) => f.message).join(' ');
  return `Refresh at ${when}: ${parts.length ? `${parts.join(', ')}; ` : ''}${outcome.failures.length} could not be fetched. ${failed}`;
}

export function RefreshButton({ calls, label = 'Refresh from the register' }: { calls: RegisterCall[]; label?: string }) {
  const statusId = useId();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  const onClick = () => {
    setMessage(null);
    startTransition(async () => {
      try {
        const outcome = await refreshRegisterCalls(calls);
        setMessage({ text: describe(outcome), failed: !outcome.ok || outcome.failures.length > 0 });
      } catch {
        setMessage({ text: 'The refresh could not reach the portal. Check your connection and try again.', failed: true });
      }
    });
  };

  return (
    <div className="no-print flex flex-wrap items-center gap-2 text-sm">
      <Button size="sm" onClick={onClick} disabled={pending} aria-describedby={statusId}>
        <span aria-hidden="true">↻</span>
        {pending ? 'Refreshing…' : label}
      </Button>
      <span id={statusId} role="status" aria-live="polite" className={message?.failed ? 'text-red-800' : 'text-slate-700'}>
        {message?.text ?? ''}
      </span>
    </div>
  );
}
