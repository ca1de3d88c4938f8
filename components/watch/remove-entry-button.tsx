'use client';

import { useActionState } from 'react';
import { removeEntryAction } from '@/lib/watchlists/actions';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import type { EntityKind } from '@/lib/db/schema';
import { SubmitButton } from '@/components/ui/button';

/** Takes one record off a list (its checks and changes stay: they are the record's history). */
export function RemoveEntryButton({ watchlistId, kind, refNumber, label }: { watchlistId: string; kind: EntityKind; refNumber: string; label: string }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(removeEntryAction, IDLE);
  return (
    <form action={action} className="flex flex-col gap-1">
      <input type="hidden" name="watchlistId" value={watchlistId} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="ref" value={refNumber} />
      <SubmitButton variant="danger" size="sm" disabled={pending} className="self-start">
        {pending ? 'Removing…' : 'Remove'}
        <span className="sr-only"> {label}</span>
      </SubmitButton>
      {state.status === 'error' ? (
        <span role="alert" className="text-xs text-red-900">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
