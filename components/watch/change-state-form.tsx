'use client';

import { useActionState, useId } from 'react';
import { updateChangeAction } from '@/lib/watchlists/actions';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import type { ChangeState } from '@/lib/db/schema';
import { FormMessage } from '@/components/ui/form-message';
import { useInboxStatus } from './inbox-status';
import { SubmitButton } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';

const CHOICES: Array<{ value: ChangeState; label: string }> = [
  { value: 'new', label: 'New' },
  { value: 'acknowledged', label: 'Acknowledged' },
  { value: 'escalated', label: 'Escalated' },
  { value: 'expected', label: 'Expected' },
];

/**
 * Acknowledge, escalate or mark a change expected, with an assignee and a note; every save is
 * audited. It starts from the change as it is: a new change shows New until someone chooses.
 */
export function ChangeStateForm({
  changeId,
  state,
  assigneeEmail,
  note,
  compact = false,
  popoverId,
  save = updateChangeAction,
  noun = 'change',
}: {
  changeId: string;
  state: ChangeState;
  assigneeEmail: string | null;
  note: string | null;
  compact?: boolean;
  /** The Review panel the form sits in: closed once the change is saved. */
  popoverId?: string;
  /** The server action that saves it: a watch change's by default, a principal's finding's (lib/principals/actions.ts) on its page. */
  save?: (previous: ActionState, form: FormData) => Promise<ActionState>;
  /** What is reviewed, for the form's name. */
  noun?: 'change' | 'finding';
}) {
  const report = useInboxStatus();
  const [result, action, pending] = useActionState<ActionState, FormData>(async (previous, form) => {
    const outcome = await save(previous, form);
    // In the inbox the page's status line says what happened (the row may leave the list), and the panel closes once saved.
    if (report) {
      report(outcome);
      if (outcome.status === 'success' && popoverId) document.getElementById(popoverId)?.hidePopover();
    }
    return outcome;
  }, IDLE);
  const id = useId();
  return (
    <form action={action} className={compact ? 'flex flex-col gap-1.5' : 'space-y-3'} aria-label={`Update the ${noun}`}>
      <input type="hidden" name="id" value={changeId} />
      <div className={compact ? 'flex flex-col gap-1' : 'flex flex-wrap gap-4'}>
        <Field id={`${id}-state`} label="State">
          <Select name="state" defaultValue={state}>
            {CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-assignee`} label="Assignee (e-mail)">
          <Input name="assignee" type="email" maxLength={254} defaultValue={assigneeEmail ?? ''} />
        </Field>
        <Field id={`${id}-note`} label="Note" className="flex-1">
          <Textarea name="note" rows={compact ? 2 : 3} maxLength={2000} defaultValue={note ?? ''} />
        </Field>
      </div>
      <div>
        <SubmitButton pending={pending} pendingText="Saving…">
          Save
        </SubmitButton>
      </div>
      {report ? null : <FormMessage layout="inline" state={result} />}
    </form>
  );
}
