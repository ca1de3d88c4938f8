'use client';

import { useActionState, useId } from 'react';
import { updateChangesAction } from '@/lib/watchlists/actions';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';
import { useInboxStatus } from './inbox-status';
import { SubmitButton } from '@/components/ui/button';
import { Input } from '@/components/ui/field';

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
          <label htmlFor={`${id}-note`} className="text-sm font-medium whitespace-nowrap">
            Note for the selected
          </label>
          <Input id={`${id}-note`} name="note" maxLength={2000} className="w-full" />
        </div>
        <SubmitButton size="sm" name="state" value="acknowledged" disabled={pending}>
          Acknowledge selected
        </SubmitButton>
        <SubmitButton size="sm" variant="secondary" name="state" value="expected" disabled={pending}>
          Mark selected expected
        </SubmitButton>
      </div>
      {report ? null : <FormMessage layout="inline" state={result} />}
    </form>
  );
}
