'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { watchCycleProgressPath } from '@/lib/routes/portal-paths';
import type { CycleProgressBody } from '@/lib/watchlists/cycle-progress-body';
import { formatDuration } from '@/lib/watchlists/cycle-cost';

async function fetchProgress(url: string): Promise<CycleProgressBody> {
  const res = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
  const body = (await res.json().catch(() => null)) as (CycleProgressBody & { message?: string }) | null;
  if (!res.ok || !body) throw new Error(body?.message ?? `The progress could not be read (HTTP ${res.status}).`);
  return body;
}

/**
 * A running cycle's progress, polled every 1.5 s from /api/watch/cycles/[id] until it finishes;
 * then the page refreshes on the server so the records' statuses show the new checks.
 */
export function CycleProgress({ cycleId }: { cycleId: string }) {
  const router = useRouter();
  const { data, error } = useSWR(watchCycleProgressPath(cycleId), fetchProgress, {
    refreshInterval: (latest) => (latest?.finished ? 0 : 1500),
    revalidateOnFocus: false,
  });
  const refreshed = useRef(false);
  useEffect(() => {
    if (data?.finished && !refreshed.current) {
      refreshed.current = true;
      router.refresh();
    }
  }, [data?.finished, router]);

  if (error && !data) {
    return (
      <p role="alert" className="text-sm text-red-900">
        {(error as Error).message}
      </p>
    );
  }
  if (!data) {
    return (
      <p role="status" className="text-sm text-slate-700">
        Reading the check&apos;s progress…
      </p>
    );
  }
  const settled = data.done + data.failed;
  return (
    <div className="space-y-1 text-sm" data-testid="cycle-progress" data-finished={data.finished ? 'true' : 'false'}>
      <label htmlFor={`progress-${cycleId}`} className="font-medium">
        {data.finished ? 'Check finished' : 'Checking'}: {settled.toLocaleString('en-GB')} of {data.total.toLocaleString('en-GB')} records
      </label>
      <progress id={`progress-${cycleId}`} max={Math.max(data.total, 1)} value={settled} className="block w-full max-w-md" />
      <p role="status" aria-live="polite" className="text-slate-700">
        {data.finished ? 'Finished' : 'Running'}: {data.done.toLocaleString('en-GB')} checked
        {data.failed > 0 ? `, ${data.failed.toLocaleString('en-GB')} failed` : ''}; {data.requestsSpent.toLocaleString('en-GB')} register requests spent
        {data.finished ? '.' : `; about ${formatDuration(data.etaSeconds)} left at the background share of the budget.`}
      </p>
    </div>
  );
}
