'use client';

import { useActionState } from 'react';
import { checkNowAction } from '@/lib/watchlists/actions';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import type { EntityKind } from '@/lib/db/schema';
import { CycleProgress } from './cycle-progress';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';

/**
 * "Check now": starts a manual cycle over the list (or one record) at background priority and
 * shows its progress. A cycle already running when the page was opened is shown too.
 */
export function CheckNow({
  watchlistId,
  entity,
  runningCycleId,
  canManage,
}: {
  watchlistId?: string;
  entity?: { kind: EntityKind; ref: string };
  runningCycleId?: string | null;
  canManage: boolean;
}) {
  const [state, action, pending] = useActionState<ActionState, FormData>(checkNowAction, IDLE);
  const cycleId = state.cycleId ?? runningCycleId ?? undefined;
  return (
    <div className="space-y-2">
      {canManage ? (
        <form action={action} className="flex flex-wrap items-center gap-3">
          {watchlistId ? <input type="hidden" name="watchlistId" value={watchlistId} /> : null}
          {entity ? (
            <>
              <input type="hidden" name="scope" value="entity" />
              <input type="hidden" name="kind" value={entity.kind} />
              <input type="hidden" name="ref" value={entity.ref} />
            </>
          ) : (
            <input type="hidden" name="scope" value="list" />
          )}
          <SubmitButton pending={pending} pendingText="Starting…">
            Check now
          </SubmitButton>
          <FormMessage layout="inline" state={state} />
        </form>
      ) : null}
      {cycleId ? <CycleProgress key={cycleId} cycleId={cycleId} /> : null}
    </div>
  );
}
