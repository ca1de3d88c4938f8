'use client';

import { useActionState } from 'react';
import { addPastedEntriesAction, importCsvAction } from '@/lib/watchlists/actions';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { BUTTON, INPUT, LABEL } from './styles';

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
        <label htmlFor="paste-numbers" className={LABEL}>
          FRNs, IRNs and PRNs
        </label>
        <p id="paste-hint" className="text-sm text-slate-700">
          Separated by commas, spaces or new lines, e.g. <span className="font-mono">122702, BKS00001, PRN 800800</span>. Digits alone are looked up on the register (a firm first,
          then a fund); write FRN or PRN before a number to say which it is.
        </p>
        <textarea id="paste-numbers" name="numbers" rows={4} required aria-describedby="paste-hint" className={`${INPUT} w-full font-mono`} />
        <button type="submit" disabled={pastePending} className={BUTTON}>
          {pastePending ? 'Adding…' : 'Add to list'}
        </button>
        <FormMessage layout="inline" state={pasteState} />
      </form>
      <form action={csvAction} aria-labelledby="csv-heading" className="space-y-2 rounded border border-slate-200 bg-white p-4">
        <h3 id="csv-heading" className="font-semibold">
          Upload a CSV file
        </h3>
        <input type="hidden" name="watchlistId" value={watchlistId} />
        <p id="csv-hint" className="text-sm text-slate-700">
          One number per row in the first column, or a header row naming a <span className="font-mono">ref</span> column and optionally a <span className="font-mono">kind</span>{' '}
          column (firm, individual or fund). At most 2,000 rows and 512 KB.
        </p>
        <label htmlFor="csv-file" className={LABEL}>
          CSV file
        </label>
        <input id="csv-file" name="file" type="file" accept=".csv,text/csv" required aria-describedby="csv-hint" className="block text-sm" />
        <button type="submit" disabled={csvPending} className={BUTTON}>
          {csvPending ? 'Importing…' : 'Import file'}
        </button>
        <FormMessage layout="inline" state={csvState} />
      </form>
    </div>
  );
}
