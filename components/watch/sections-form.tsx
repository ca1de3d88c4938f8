'use client';

import { useActionState } from 'react';
import { setSectionsAction } from '@/lib/watchlists/actions';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import type { EntityKind } from '@/lib/db/schema';
import type { SectionsChoice, WatchableSection } from '@/lib/watchlists/sections-choice';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/button';

const KIND_HEADINGS: Record<EntityKind, string> = { firm: 'Firms', individual: 'Individuals', fund: 'Funds' };

/** Which sections the list's checks read, per kind of record (viewers see the choice, read-only). */
export function SectionsForm({
  watchlistId,
  available,
  chosen,
  canManage,
}: {
  watchlistId: string;
  available: Record<EntityKind, WatchableSection[]>;
  chosen: SectionsChoice;
  canManage: boolean;
}) {
  const [state, action, pending] = useActionState<ActionState, FormData>(setSectionsAction, IDLE);
  return (
    <form action={action} className="space-y-3">
      <input type="hidden" name="watchlistId" value={watchlistId} />
      <div className="grid gap-4 md:grid-cols-3">
        {(Object.keys(KIND_HEADINGS) as EntityKind[]).map((kind) => (
          <fieldset key={kind} className="rounded border border-slate-200 bg-white p-3">
            <legend className="px-1 font-semibold">{KIND_HEADINGS[kind]}</legend>
            <ul className="space-y-1 text-sm">
              {available[kind].map((s) => {
                const id = `section-${kind}-${s.slug}`;
                return (
                  <li key={s.slug} className="flex items-center gap-2">
                    <input
                      id={id}
                      type="checkbox"
                      name={`section-${kind}`}
                      value={s.slug}
                      defaultChecked={s.always || chosen[kind].includes(s.slug)}
                      disabled={!canManage || s.always}
                      aria-describedby={s.always ? `${id}-always` : undefined}
                    />
                    <label htmlFor={id}>{s.title}</label>
                    {s.always ? (
                      <span id={`${id}-always`} className="text-xs text-slate-600">
                        (always watched)
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </div>
      {canManage ? (
        <SubmitButton pending={pending} pendingText="Saving…">
          Save sections
        </SubmitButton>
      ) : null}
      <FormMessage layout="inline" state={state} />
    </form>
  );
}
