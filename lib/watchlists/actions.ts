'use server';

import { MAX_REVIEW_NOTE, noteTooLong } from '@/lib/watch/review-fields';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { done, refused, type ActionState } from '@/lib/actions/action-state';
import { defineAction, type ActionContext, type FormActionSpec } from '@/lib/actions/define-action';
import { ChangeInputError, CHANGE_STATES, MAX_BULK_CHANGES, watchStore } from '@/lib/watch/watch-store';
import { WatchlistInputError, watchlistsStore } from '@/lib/watchlists/watchlists-store';
import type { EntityKind } from '@/lib/db/schema';
import { checkFrn, checkIrn, checkPrn } from '@/lib/register/validate';
import { changePath, CHANGES_PATH, entityHistoryPath, entityPath, WATCHLISTS_PATH, watchlistPath } from '@/lib/routes/portal-paths';
import { wakeEngine } from '@/lib/jobs/engine';
import { cachedPages, startCycle } from '@/lib/watch/cycles';
import { getRegisterClient } from '@/lib/register/client';
import { requestsText } from './cycle-cost';
import { parseCsvEntries, parsePastedEntries, type ParsedEntries } from './entry-input';
import { isEngineId, isWatchlistId } from './ids';
import { resolveEntries } from './resolve-entries';
import { ENTITY_KINDS, KIND_LABELS, SectionsChoiceError } from './sections-choice';
import { getDb } from '@/lib/db/client';

// Analysts and admins manage lists and changes; viewers only read. Each action is one
// defineAction (lib/actions/define-action.ts): the role check, the form read through its schema,
// the stores' input errors shown as they are, anything else logged, and the audit entry.

/** The guard every watchlist action shares: analysts and up; what it was doing, for the generic failure. */
function watchAction<Raw, I = Raw>(what: string, path: string, spec: Pick<FormActionSpec<Raw, I>, 'input' | 'schema' | 'run'>) {
  return defineAction<Raw, I>({
    role: 'analyst',
    path,
    known: [WatchlistInputError, SectionsChoiceError, ChangeInputError],
    failure: `${what} failed. Try again; if it keeps failing, check the server log.`,
    logAs: `[watchlists] ${what} failed`,
    ...spec,
  });
}

function listId(form: FormData): string {
  const id = String(form.get('watchlistId') ?? '');
  if (!isWatchlistId(id)) throw new WatchlistInputError('Choose a watchlist.');
  return id;
}

const listFields = z.object({
  name: z.string().trim().min(1, 'Enter a name for the list.').max(120, 'A list name is at most 120 characters.'),
  description: z.string().max(1000, 'A description is at most 1,000 characters.').optional(),
  caseReference: z.string().max(100, 'A case reference is at most 100 characters.').optional(),
});

function readListFields(form: FormData) {
  return listFields.parse({
    name: form.get('name') ?? '',
    description: (form.get('description') as string | null) ?? undefined,
    caseReference: (form.get('caseReference') as string | null) ?? undefined,
  });
}

export const createWatchlistAction = watchAction('Creating the list', WATCHLISTS_PATH, {
  input: readListFields,
  async run(fields, { user, audit }) {
    const list = await watchlistsStore.createWatchlist({ ...fields, owner: { id: user.id, email: user.email } });
    await audit({ action: 'watchlist.create', reference: list.id, detail: { name: list.name, caseReference: list.caseReference } });
    revalidatePath(WATCHLISTS_PATH);
    redirect(watchlistPath(list.id));
  },
});

export const updateWatchlistAction = watchAction('Saving the list', WATCHLISTS_PATH, {
  input: (form) => listId(form),
  async run(id, { raw: form, audit }) {
    const before = await watchlistsStore.getWatchlist(id);
    const list = await watchlistsStore.updateWatchlist(id, readListFields(form));
    await audit({
      action: 'watchlist.update',
      reference: id,
      detail: {
        from: before ? { name: before.name, description: before.description, caseReference: before.caseReference } : null,
        to: { name: list.name, description: list.description, caseReference: list.caseReference },
      },
    });
    revalidatePath(watchlistPath(id));
    return done(`Saved "${list.name}".`);
  },
});

export const deleteWatchlistAction = watchAction('Deleting the list', WATCHLISTS_PATH, {
  input: (form) => listId(form),
  async run(id, { raw: form, audit }) {
    const list = await watchlistsStore.getWatchlist(id);
    if (!list) throw new WatchlistInputError('That watchlist no longer exists.');
    if (String(form.get('confirmName') ?? '').trim() !== list.name) return refused(`Type the list's name, ${list.name}, to delete it.`);
    await watchlistsStore.deleteWatchlist(id);
    await audit({ action: 'watchlist.delete', reference: id, detail: { name: list.name } });
    revalidatePath(WATCHLISTS_PATH);
    redirect(WATCHLISTS_PATH);
  },
});

export const setSectionsAction = watchAction('Saving the sections', WATCHLISTS_PATH, {
  input: (form) => ({
    id: listId(form),
    chosen: Object.fromEntries(ENTITY_KINDS.map((kind) => [kind, form.getAll(`section-${kind}`).map(String)])) as Record<EntityKind, string[]>,
  }),
  async run({ id, chosen }, { audit }) {
    const list = await watchlistsStore.setWatchlistSections(id, chosen);
    await audit({ action: 'watchlist.sections', reference: id, detail: { sections: list.sections } });
    revalidatePath(watchlistPath(id));
    return done('Saved the sections to watch. The next check reads these.');
  },
});

async function addParsed(id: string, parsed: ParsedEntries, via: 'paste' | 'csv', addedBy: string, audit: ActionContext<FormData>['audit']): Promise<ActionState> {
  const resolved = await resolveEntries(parsed);
  if (!resolved.ok) {
    const n = resolved.errors.length;
    return refused(`Nothing was added: ${n === 1 ? 'one row needs' : `${n} rows need`} correcting.`, { rowErrors: resolved.errors.slice(0, 200) });
  }
  const result = await watchlistsStore.addWatchlistEntries(id, resolved.entries, addedBy);
  await audit({
    action: 'watchlist.entries.add',
    reference: id,
    detail: { via, added: result.added.map((e) => `${e.kind}:${e.ref}`).slice(0, 200), addedCount: result.added.length, alreadyListed: result.alreadyListed.length },
  });
  revalidatePath(watchlistPath(id));
  const parts = [`Added ${result.added.length} ${result.added.length === 1 ? 'record' : 'records'}.`];
  if (result.alreadyListed.length > 0) {
    parts.push(
      `${result.alreadyListed.length} already on the list: ${result.alreadyListed
        .slice(0, 10)
        .map((e) => `${KIND_LABELS[e.kind].number} ${e.ref}`)
        .join(', ')}${result.alreadyListed.length > 10 ? ', …' : ''}.`,
    );
  }
  return done(parts.join(' '));
}

export const addPastedEntriesAction = watchAction('Adding the numbers', WATCHLISTS_PATH, {
  input: (form) => ({ id: listId(form), text: String(form.get('numbers') ?? '') }),
  async run({ id, text }, { user, audit }) {
    if (text.length > 100_000) return refused('That is too much text: paste at most 2,000 numbers at a time.');
    return addParsed(id, parsePastedEntries(text), 'paste', user.email, audit);
  },
});

const MAX_CSV_BYTES = 512 * 1024;

export const importCsvAction = watchAction('Importing the file', WATCHLISTS_PATH, {
  input: (form) => ({ id: listId(form), file: form.get('file') }),
  async run({ id, file }, { user, audit }) {
    if (!(file instanceof File) || file.size === 0) return refused('Choose a CSV file to upload.');
    if (file.size > MAX_CSV_BYTES) return refused(`The file is ${Math.ceil(file.size / 1024)} KB; at most ${MAX_CSV_BYTES / 1024} KB can be uploaded.`);
    const text = new TextDecoder('utf-8', { fatal: false }).decode(await file.arrayBuffer());
    return addParsed(id, parseCsvEntries(text), 'csv', user.email, audit);
  },
});

const entityField = z.object({
  kind: z.enum(['firm', 'individual', 'fund'], { message: 'Choose firm, individual or fund.' }),
  ref: z.string(),
});

function checkedEntity(form: FormData): { kind: EntityKind; ref: string } {
  const { kind, ref } = entityField.parse({ kind: form.get('kind'), ref: form.get('ref') ?? '' });
  const checked = (kind === 'firm' ? checkFrn : kind === 'individual' ? checkIrn : checkPrn)(ref);
  if (!checked.ok) throw new WatchlistInputError(checked.message);
  return { kind, ref: checked.value };
}

export const removeEntryAction = watchAction('Removing the record', WATCHLISTS_PATH, {
  input: (form) => ({ id: listId(form), entity: checkedEntity(form) }),
  async run({ id, entity }, { audit }) {
    const removed = await watchlistsStore.removeWatchlistEntry(id, entity);
    await audit({ action: 'watchlist.entries.remove', reference: id, outcome: removed ? 'success' : 'failure', detail: { entity: `${entity.kind}:${entity.ref}` } });
    revalidatePath(watchlistPath(id));
    const label = `${KIND_LABELS[entity.kind].number} ${entity.ref}`;
    return removed ? done(`Removed ${label} from the list.`) : refused(`${label} was not on the list.`);
  },
});

/** "Watch" on an entity's page: adds it to the chosen list. */
export const watchEntityAction = watchAction('Watching the record', WATCHLISTS_PATH, {
  input: (form) => ({
    id: listId(form),
    entity: checkedEntity(form),
    name:
      String(form.get('name') ?? '')
        .trim()
        .slice(0, 300) || null,
  }),
  async run({ id, entity, name }, { user, audit }) {
    const list = await watchlistsStore.getWatchlist(id);
    if (!list) throw new WatchlistInputError('That watchlist no longer exists.');
    const result = await watchlistsStore.addWatchlistEntries(id, [{ ...entity, name }], user.email);
    if (result.added.length > 0) {
      await audit({ action: 'watchlist.entries.add', reference: id, detail: { via: 'watch-button', added: [`${entity.kind}:${entity.ref}`], addedCount: 1, alreadyListed: 0 } });
    }
    revalidatePath(entityPath(entity.kind, entity.ref));
    revalidatePath(watchlistPath(id));
    return result.added.length > 0 ? done(`Watching on "${list.name}". The next check of the list reads it.`) : done(`Already on "${list.name}".`);
  },
});

/** "Check now": a manual cycle over a list, or over one entity. */
export const checkNowAction = watchAction('Starting the check', WATCHLISTS_PATH, {
  input: (form) => (form.get('scope') === 'entity' ? { scope: 'entity' as const, ...checkedEntity(form) } : { scope: 'list' as const, watchlistId: listId(form) }),
  async run(target, { user, raw: form, audit }) {
    const known = cachedPages(getRegisterClient());
    const started = await startCycle(await getDb(), { trigger: 'manual', ...target, requestedBy: user.email, known });
    // Start now rather than at the engine's next look for work.
    wakeEngine();
    await audit({
      action: 'watch.check-now',
      reference: started.cycleId,
      detail: {
        scope: target.scope,
        watchlistId: form.get('watchlistId') ?? null,
        entity: target.scope === 'entity' ? `${form.get('kind')}:${form.get('ref')}` : null,
        entities: started.entityCount,
        estimatedRequests: started.estimatedRequests,
      },
    });
    if (started.entityCount === 0) return refused('There is nothing to check: add firms, individuals or funds to the list first.');
    return done(
      `Checking ${started.entityCount} ${started.entityCount === 1 ? 'record' : 'records'}: ${requestsText(started.estimatedRequests, started.unknownRecords, started.entityCount)}.`,
      {
        cycleId: started.cycleId,
      },
    );
  },
});

const changeUpdate = z.object({
  id: z.string().refine(isEngineId, 'That change does not exist.'),
  state: z.enum(CHANGE_STATES as [string, ...string[]], { message: `Choose a state: ${CHANGE_STATES.join(', ')}.` }),
  assignee: z.string().max(254, 'That e-mail address is too long.'),
  note: z.string().max(MAX_REVIEW_NOTE, noteTooLong()),
});

/** Acknowledge, escalate or mark expected, with an assignee and a note (audited with the update, in the store's transaction). */
export const updateChangeAction = watchAction('Saving the change', CHANGES_PATH, {
  input: (form) => ({ id: form.get('id'), state: form.get('state'), assignee: form.get('assignee') ?? '', note: form.get('note') ?? '' }),
  schema: changeUpdate,
  async run(input, { user }) {
    const change = await watchStore.updateChange(
      input.id,
      { state: input.state as (typeof CHANGE_STATES)[number], assigneeEmail: input.assignee, note: input.note },
      { id: user.id, email: user.email },
    );
    revalidatePath(CHANGES_PATH);
    revalidatePath(changePath(change.id));
    revalidatePath(entityHistoryPath(change.kind, change.ref));
    return done(`Marked ${change.state}${change.assigneeEmail ? `, assigned to ${change.assigneeEmail}` : ''}.`);
  },
});

const bulkUpdate = z.object({
  ids: z
    .array(z.string().refine(isEngineId, 'A change chosen does not exist.'))
    .min(1, 'Select the changes to update first.')
    .max(MAX_BULK_CHANGES, `At most ${MAX_BULK_CHANGES} changes can be updated at once.`),
  state: z.enum(['acknowledged', 'expected'], { message: 'Choose Acknowledge selected or Mark selected expected.' }),
  note: z.string().max(MAX_REVIEW_NOTE, noteTooLong()),
});

/** The inbox's "Acknowledge selected" / "Mark selected expected": one note for all, each change audited on its own (in the store). */
export const updateChangesAction = watchAction('Saving the changes', CHANGES_PATH, {
  input: (form) => ({ ids: form.getAll('ids').map(String), state: form.get('state'), note: form.get('note') ?? '' }),
  schema: bulkUpdate,
  async run(input, { user }) {
    const changes = await watchStore.updateChanges(input.ids, { state: input.state, note: input.note }, { id: user.id, email: user.email });
    revalidatePath(CHANGES_PATH);
    for (const c of changes) revalidatePath(changePath(c.id));
    const n = changes.length;
    return done(`Marked ${n === 1 ? 'one change' : `${n.toLocaleString('en-GB')} changes`} ${input.state}${input.note.trim() ? ', with the note' : ''}.`);
  },
});
