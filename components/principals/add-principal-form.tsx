'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { principalPath, PRINCIPALS_API_PATH } from '@/lib/routes/portal-paths';
import { SubmitButton } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
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
        <Field id="principal-frn" label="Principal firm's FRN">
          <Input
            name="frn"
            required
            inputMode="numeric"
            maxLength={7}
            className="w-40"
            aria-describedby={error ? 'add-principal-error' : undefined}
            aria-invalid={error ? true : undefined}
          />
        </Field>
        <SubmitButton pending={busy} pendingText="Adding…">
          Add principal
        </SubmitButton>
      </div>
      {error ? (
        <p id="add-principal-error" role="alert" className="text-sm font-medium text-red-900">
          {error}
        </p>
      ) : null}
    </form>
  );
}
