'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { principalApiPath } from '@/lib/routes/portal-paths';
import { callPrincipalsApi } from './api-form';

/**
 * "Read standings now": reads each current AR's own standing (POST /api/principals/{frn}/standings)
 * at the idle share of the register's budget, so it takes minutes for a large network; the page
 * says how far it has got when reloaded.
 */
export function ReadStandingsNow({ frn }: { frn: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const start = async () => {
    setBusy(true);
    setMessage(null);
    const result = await callPrincipalsApi<{ total: number }>(principalApiPath(frn, 'standings'), { method: 'POST' });
    setBusy(false);
    if (!result.ok) return setMessage({ text: result.message, error: true });
    setMessage({
      text: `Reading the standing of ${result.body.total.toLocaleString('en-GB')} current ARs at the idle share; reload the page to see how far it has got.`,
      error: false,
    });
    router.refresh();
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="primary" onClick={start} disabled={busy}>
        {busy ? 'Starting…' : 'Read standings now'}
      </Button>
      {message ? (
        <p role={message.error ? 'alert' : 'status'} className={`text-sm font-medium ${message.error ? 'text-red-900' : 'text-slate-800'}`}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
