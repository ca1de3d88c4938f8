'use client';

import { useState } from 'react';
import { CycleProgress } from '@/components/watch/cycle-progress';
import { Button } from '@/components/ui/button';
import { principalApiPath } from '@/lib/routes/portal-paths';
import { callPrincipalsApi } from './api-form';

/**
 * "Check now": reads the principal's AR list on the register (every page, at the background share
 * of the budget) and reconciles it with the book (POST /api/principals/{frn}/check); its progress
 * is polled from /api/watch/cycles/{id} like a watch check's, and the page refreshes when it ends.
 */
export function CheckPrincipalNow({ frn, canManage, runningCheckId }: { frn: string; canManage: boolean; runningCheckId: string | null }) {
  const [checkId, setCheckId] = useState<string | null>(runningCheckId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    const result = await callPrincipalsApi<{ cycleId: string }>(principalApiPath(frn, 'check'), { method: 'POST' });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setCheckId(result.body.cycleId);
  };
  return (
    <div className="space-y-2">
      {canManage ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="primary" onClick={start} disabled={busy}>
            {busy ? 'Starting…' : 'Check now'}
          </Button>
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-900">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
      {checkId ? <CycleProgress key={checkId} cycleId={checkId} /> : null}
    </div>
  );
}
