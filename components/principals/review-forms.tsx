'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button, SubmitButton } from '@/components/ui/button';
import { Field, Select, Textarea } from '@/components/ui/field';
import { principalApiPath } from '@/lib/routes/portal-paths';
import { callPrincipalsApi } from './api-form';

/**
 * Prepares an AR's annual review (POST /api/principals/{frn}/reviews): the assessment and the
 * written self-assessment; the AR's register record is read and kept as its evidence. A second
 * person approves it.
 */
export function PrepareReviewForm({ frn, ars }: { frn: string; ars: Array<{ arFrn: string; label: string }> }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setMessage(null);
    const result = await callPrincipalsApi<{ arName: string; evidenceSha256: string }>(`${principalApiPath(frn, 'reviews')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ arFrn: data.get('arFrn'), assessment: data.get('assessment'), notes: data.get('notes') }),
    });
    setBusy(false);
    if (!result.ok) return setMessage({ ok: false, text: result.message });
    form.reset();
    setMessage({
      ok: true,
      text: `Review of ${result.body.arName} prepared, with its register record as evidence (SHA-256 ${result.body.evidenceSha256.slice(0, 12)}…). A second person approves it.`,
    });
    router.refresh();
  };
  return (
    <form onSubmit={submit} aria-labelledby="prepare-review-heading" className="space-y-3 rounded border border-slate-200 bg-white p-4">
      <h3 id="prepare-review-heading" className="font-semibold">
        Prepare a review
      </h3>
      <div className="flex flex-wrap gap-4">
        <Field id="review-ar" label="Appointed representative" className="max-w-full min-w-0">
          <Select name="arFrn" required className="w-full max-w-md min-w-0">
            {ars.map((a) => (
              <option key={a.arFrn} value={a.arFrn}>
                {a.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="review-assessment" label="Assessment">
          <Select name="assessment" required defaultValue="satisfactory">
            <option value="satisfactory">Satisfactory</option>
            <option value="concerns">Concerns</option>
            <option value="unsatisfactory">Unsatisfactory</option>
          </Select>
        </Field>
        <Field id="review-notes" label="Self-assessment (fitness, solvency, scope, controls)" className="max-w-full min-w-0 flex-1 sm:min-w-72">
          <Textarea name="notes" required rows={3} maxLength={10_000} />
        </Field>
      </div>
      <SubmitButton pending={busy} pendingText="Preparing…">
        Prepare review
      </SubmitButton>
      {message ? (
        <p role={message.ok ? 'status' : 'alert'} className={`text-sm font-medium ${message.ok ? 'text-emerald-900' : 'text-red-900'}`}>
          {message.ok ? <span aria-hidden="true">✓ </span> : null}
          {message.text}
        </p>
      ) : null}
    </form>
  );
}

/** Approves a prepared review (POST …/reviews/{id}/approve); the server refuses the preparer. */
export function ApproveReviewButton({ frn, reviewId, arName }: { frn: string; reviewId: string; arName: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approve = async () => {
    setBusy(true);
    setError(null);
    const result = await callPrincipalsApi(`${principalApiPath(frn, 'reviews')}/${encodeURIComponent(reviewId)}/approve`, { method: 'POST' });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    router.refresh();
  };
  return (
    <span className="flex flex-col items-start gap-1">
      <Button size="sm" onClick={approve} disabled={busy} aria-label={`Approve the review of ${arName}`}>
        {busy ? 'Approving…' : 'Approve'}
      </Button>
      {error ? (
        <span role="alert" className="text-xs font-medium text-red-900">
          {error}
        </span>
      ) : null}
    </span>
  );
}

/** "Attest the AR list as at today" (POST /api/principals/{frn}/attest): a hashed snapshot, then its printable page. */
export function AttestButton({ frn }: { frn: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attest = async () => {
    setBusy(true);
    setError(null);
    const result = await callPrincipalsApi<{ url: string }>(principalApiPath(frn, 'attest'), { method: 'POST' });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    router.refresh();
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="primary" onClick={attest} disabled={busy}>
        {busy ? 'Attesting…' : 'Attest the AR list as at today'}
      </Button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-900">
          {error}
        </p>
      ) : null}
    </div>
  );
}
