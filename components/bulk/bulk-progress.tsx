'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { durationText } from '@/lib/bulk/bulk-estimate';

interface Progress {
  state: 'running' | 'finished' | 'cancelled';
  rows: number;
  toCheck: number;
  checked: number;
  matched: number;
  notFound: number;
  ambiguous: number;
  unauthorised: number;
  mismatch: number;
  failed: number;
  invalid: number;
  pending: number;
  etaSeconds: number | null;
}

const fetcher = async (url: string): Promise<Progress> => {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
};

/**
 * A bulk check's live progress, polled every second from its JSON route while it runs: rows done,
 * failed so far, waiting for a choice, and the time left. When the job's state changes (finished,
 * cancelled) the page is refreshed so the results table shows every row.
 */
export function BulkProgress({ url, initial }: { url: string; initial: Progress }) {
  const router = useRouter();
  const { data, error } = useSWR(url, fetcher, {
    fallbackData: initial,
    // SWR keeps fallback data out of its cache, so `latest` is undefined until the first answer:
    // read the server's state then, or a first answer equal to it would never start the polling.
    refreshInterval: (latest) => ((latest ?? initial).state === 'running' ? 1000 : 0),
    revalidateOnFocus: false,
  });
  const p = data ?? initial;
  const seen = useRef({ state: initial.state, checked: initial.checked });
  useEffect(() => {
    // Refresh the server-rendered results when the job ends, and every 25 rows while it runs.
    if (p.state !== seen.current.state || p.checked - seen.current.checked >= 25) {
      seen.current = { state: p.state, checked: p.checked };
      router.refresh();
    }
  }, [p.state, p.checked, router]);
  const percent = p.toCheck > 0 ? Math.floor((p.checked / p.toCheck) * 100) : 100;
  return (
    <section aria-labelledby="bulk-progress-heading" className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <h2 id="bulk-progress-heading" className="text-lg font-semibold">
        Progress
      </h2>
      <div role="status" aria-live="polite" className="mt-2 space-y-2">
        <p data-testid="bulk-state">
          <strong>{p.state === 'running' ? 'Running' : p.state === 'finished' ? 'Finished' : 'Cancelled'}</strong>
          {': '}
          <span data-testid="bulk-done">
            {p.checked.toLocaleString('en-GB')} of {p.toCheck.toLocaleString('en-GB')}
          </span>{' '}
          rows checked ({percent}%)
          {p.state === 'running' && p.etaSeconds !== null ? `, about ${durationText(p.etaSeconds)} left` : ''}.
        </p>
        <progress max={Math.max(1, p.toCheck)} value={p.checked} className="h-2 w-full" aria-label="Rows checked">
          {percent}%
        </progress>
        <p>
          Matched {p.matched.toLocaleString('en-GB')} · unauthorised or clone {p.unauthorised.toLocaleString('en-GB')} · not found {p.notFound.toLocaleString('en-GB')} · waiting
          for a choice {(p.ambiguous + p.mismatch).toLocaleString('en-GB')} · invalid {p.invalid.toLocaleString('en-GB')} ·{' '}
          <span data-testid="bulk-failed">register errors so far {p.failed.toLocaleString('en-GB')}</span>
        </p>
        {error && <p className="text-amber-900">Progress could not be refreshed just now ({String(error.message)}); the check carries on.</p>}
      </div>
    </section>
  );
}
