'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { principalApiPath } from '@/lib/routes/portal-paths';
import { SubmitButton } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { callPrincipalsApi } from './api-form';

interface Uploaded {
  version: number;
  sha256: string;
  rows: number;
  refused: Array<{ row: number; message: string }>;
  warning: string | null;
}

/**
 * Uploads a new version of the principal's AR book (POST /api/principals/{frn}/book): says how many
 * rows were kept, lists each refused row with its reason, and warns when the book looks like
 * another principal's. Earlier versions stay listed below.
 */
export function BookUploadForm({ frn, hasBook }: { frn: string; hasBook: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; refused?: Uploaded['refused'] } | null>(null);
  const [done, setDone] = useState<Uploaded | null>(null);
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    setDone(null);
    const result = await callPrincipalsApi<Uploaded>(principalApiPath(frn, 'book'), { method: 'POST', body });
    setBusy(false);
    if (!result.ok) {
      const refused = (result.body as { refused?: Uploaded['refused'] } | undefined)?.refused;
      return setError({ message: result.message, refused });
    }
    setDone(result.body);
    router.refresh();
  };
  return (
    <form onSubmit={submit} aria-labelledby="book-upload-heading" className="space-y-3 rounded border border-slate-200 bg-white p-4">
      <h3 id="book-upload-heading" className="font-semibold">
        {hasBook ? 'Replace the book' : 'Upload the book'}
      </h3>
      <p className="text-sm text-slate-700">
        A CSV or XLSX file with a header row naming the columns: AR FRN (required), AR name, Type (Full or Introducer), Appointed, Terminated, Tied agent. Other columns are kept as
        they are. At most 5,000 rows.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Field id="book-file" label="Book file">
          <Input name="file" type="file" required accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" />
        </Field>
        <SubmitButton pending={busy} pendingText="Uploading…">
          Upload
        </SubmitButton>
      </div>
      {error ? (
        <div role="alert" className="space-y-1 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">{error.message}</p>
          {error.refused?.length ? <RefusedRows rows={error.refused} /> : null}
        </div>
      ) : null}
      {done ? (
        <div role="status" className="space-y-1 text-sm">
          <p className="font-medium text-emerald-900">
            <span aria-hidden="true">✓ </span>Version {done.version} saved: {done.rows.toLocaleString('en-GB')} rows kept
            {done.refused.length ? `, ${done.refused.length.toLocaleString('en-GB')} refused` : ''}.
          </p>
          {done.warning ? (
            <p className="rounded border border-amber-400 bg-amber-50 p-2 text-amber-950">
              <span className="font-semibold">Warning: </span>
              {done.warning}
            </p>
          ) : null}
          {done.refused.length ? <RefusedRows rows={done.refused} /> : null}
        </div>
      ) : null}
    </form>
  );
}

function RefusedRows({ rows }: { rows: Array<{ row: number; message: string }> }) {
  const shown = rows.slice(0, 50);
  return (
    <ul className="list-disc space-y-0.5 pl-5 text-red-900" data-testid="refused-rows">
      {shown.map((r) => (
        <li key={r.row}>{r.message}</li>
      ))}
      {rows.length > shown.length ? <li>…and {(rows.length - shown.length).toLocaleString('en-GB')} more.</li> : null}
    </ul>
  );
}
