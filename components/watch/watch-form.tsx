'use client';

import { useActionState, useId } from 'react';
import { watchEntityAction } from '@/lib/watchlists/actions';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import type { EntityKind } from '@/lib/db/schema';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';
import { Select } from '@/components/ui/field';

/**
 * "Watch": adds the record to the chosen list. Stays mounted when the record is on every list (the
 * page refreshes after adding), so what the action said is still shown.
 */
export function WatchForm({ kind, refNumber, name, lists }: { kind: EntityKind; refNumber: string; name: string | null; lists: Array<{ id: string; name: string }> }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(watchEntityAction, IDLE);
  const id = useId();
  if (lists.length === 0) return <FormMessage layout="inline" state={state} />;
  return (
    <form action={action} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="ref" value={refNumber} />
      <input type="hidden" name="name" value={name ?? ''} />
      <label htmlFor={`${id}-list`} className="text-sm font-medium">
        Watch on list
      </label>
      <Select id={`${id}-list`} name="watchlistId" required>
        {lists.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </Select>
      <SubmitButton variant="secondary" pending={pending} pendingText="Adding…">
        Watch
      </SubmitButton>
      <FormMessage layout="inline" state={state} />
    </form>
  );
}
