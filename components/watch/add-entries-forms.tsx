'use client';

import { useActionState } from 'react';
import { addPastedEntriesAction, importCsvAction } from '@/lib/watchlists/actions';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';

/**
 * Adding to a list by pasting numbers or uploading a CSV file. Either way every row is checked
 * first; one bad row and nothing is added, with each bad row named.
 */
export function AddEntriesForms({ watchlistId }: { watchlistId: string }) {
  const [pasteState, pasteAction, pastePending] = useActionState<ActionState, FormData>(addPastedEntriesAction, IDLE);
  const [csvState, csvAction, csvPending] = useActionState<ActionState, FormData>(importCsvAction, IDLE);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <form action={pasteAction} aria-labelledby="paste-heading" className="space-y-2 rounded border border-slate-200 bg-white p-4">
        <h3 id="paste-heading" className="font-semibold">
          Paste numbers
        </h3>
        <input type="hidden" name="watchlistId" value={watchlistId} />
        <Field
          id="paste-numbers"
          label="FRNs, IRNs and PRNs"
          hint={
            <>
              Separated by commas, spaces or new lines, e.g. <span className="font-mono">122702, BKS00001, PRN 800800</span>. Digits alone are looked up on the register (a firm
              first, then a fund); write FRN or PRN before a number to say which it is.
            </>
          }
        >
          <Textarea name="numbers" rows={4} required className="w-full font-mono" />
        </Field>
        <SubmitButton pending={pastePending} pendingText="Adding…">
          Add to list
        </SubmitButton>
        <FormMessage layout="inline" state={pasteState} />
      </form>
      <form action={csvAction} aria-labelledby="csv-heading" className="space-y-2 rounded border border-slate-200 bg-white p-4">
        <h3 id="csv-heading" className="font-semibold">
          Upload a CSV file
        </h3>
        <input type="hidden" name="watchlistId" value={watchlistId} />
        <Field
          id="csv-file"
          label="CSV file"
          hint={
            <>
              One number per row in the first column, or a header row naming a <span className="font-mono">ref</span> column and optionally a{' '}
              <span className="font-mono">kind</span> column (firm, individual or fund). At most 2,000 rows and 512 KB.
            </>
          }
        >
          <Input name="file" type="file" accept=".csv,text/csv" required />
        </Field>
        <SubmitButton pending={csvPending} pendingText="Importing…">
          Import file
        </SubmitButton>
        <FormMessage layout="inline" state={csvState} />
      </form>
    </div>
  );
}
