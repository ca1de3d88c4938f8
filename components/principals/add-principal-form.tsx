'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { principalPath, PRINCIPALS_API_PATH } from '@/lib/routes/portal-paths';
import { BUTTON, INPUT, LABEL } from '@/components/watch/styles';
import { callPrincipalsApi } from './api-form';

/** Adds a principal firm by FRN (POST /api/principals), then opens its workspace. */
export function AddPrincipalForm() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const frn = String(new FormData(event.currentTarget).get('frn') ?? '').trim();
    setBusy(true);
    setError(null);
    const result = await callPrincipalsApi<{ frn: string }>(PRINCIPALS_API_PATH, {
      method: 'POST',
      body: JSON.stringify({ frn }),
      headers: { 'content-type': 'application/json' },
    });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    router.push(principalPath(result.body.frn));
  };
  return (
    <form onSubmit={submit} aria-labelledby="add-principal-heading" className="space-y-3 rounded border border-slate-200 bg-white p-4">
      <h2 id="add-principal-heading" className="text-lg font-semibold">
        Add a principal
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="principal-frn" className={LABEL}>
            Principal firm&apos;s FRN
          </label>
          <input
            id="principal-frn"
            name="frn"
            required
            inputMode="numeric"
            maxLength={7}
            className={`${INPUT} w-40`}
            aria-describedby={error ? 'add-principal-error' : undefined}
          />
        </div>
        <button type="submit" disabled={busy} className={BUTTON}>
          {busy ? 'Adding…' : 'Add principal'}
        </button>
      </div>
      {error ? (
        <p id="add-principal-error" role="alert" className="text-sm font-medium text-red-900">
          {error}
        </p>
      ) : null}
    </form>
  );
}
