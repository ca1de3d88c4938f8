'use client';

import { useActionState, useId } from 'react';
import { updateChangesAction } from '@/lib/watchlists/actions';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { useInboxStatus } from './inbox-status';
import { BUTTON, INPUT, LABEL, SECONDARY_BUTTON } from './styles';

/** The id of the inbox's bulk form: each row's checkbox belongs to it through its `form` attribute (the rows' own forms cannot nest in it). */
export const BULK_FORM_ID = 'bulk-changes';

/** Ticks or clears every row's checkbox on the page. */
function SelectAll() {
  const id = useId();
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
      <input
        id={id}
        type="checkbox"
        className="h-4 w-4"
        onChange={(event) => {
          for (const box of document.querySelectorAll<HTMLInputElement>(`input[name="ids"][form="${BULK_FORM_ID}"]`)) box.checked = event.currentTarget.checked;
        }}
      />
      Select all on this page
    </label>
  );
}

/** Acknowledge, or mark expected, every selected change with one note; each change is audited on its own. */
export function BulkChangeForm() {
  const report = useInboxStatus();
  const [result, action, pending] = useActionState<ActionState, FormData>(async (previous, form) => {
    const outcome = await updateChangesAction(previous, form);
    report?.(outcome);
    return outcome;
  }, IDLE);
  const id = useId();
  return (
    <form id={BULK_FORM_ID} action={action} aria-label="Update the selected changes" className="no-print space-y-2 rounded border border-slate-200 bg-white px-3 py-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <SelectAll />
        <div className="flex min-w-64 flex-1 items-center gap-2">
          <label htmlFor={`${id}-note`} className={`${LABEL} whitespace-nowrap`}>
            Note for the selected
          </label>
          <input id={`${id}-note`} name="note" maxLength={2000} className={`${INPUT} w-full py-1`} />
        </div>
        <button type="submit" name="state" value="acknowledged" disabled={pending} className={`${BUTTON} py-1.5`}>
          Acknowledge selected
        </button>
        <button type="submit" name="state" value="expected" disabled={pending} className={SECONDARY_BUTTON}>
          Mark selected expected
        </button>
      </div>
      {report ? null : <FormMessage layout="inline" state={result} />}
    </form>
  );
}
