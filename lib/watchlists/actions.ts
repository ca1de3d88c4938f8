'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requireRole } from '@/lib/auth/session';
import type { SessionUser } from '@/lib/auth/options';
import { getDb } from '@/lib/db/client';
import { ChangeInputError, CHANGE_STATES, MAX_BULK_CHANGES, updateChange, updateChanges } from '@/lib/watch/watch-store';
import {
  addWatchlistEntries,
  createWatchlist,
  deleteWatchlist,
  getWatchlist,
  removeWatchlistEntry,
  setWatchlistSections,
  updateWatchlist,
  WatchlistInputError,
} from '@/lib/watchlists/watchlists-store';
import type { EntityKind } from '@/lib/db/schema';
import { checkFrn, checkIrn, checkPrn } from '@/lib/register/validate';
import { changePath, CHANGES_PATH, entityHistoryPath, entityPath, WATCHLISTS_PATH, watchlistPath } from '@/lib/routes/portal-paths';
import { wakeEngine } from '@/lib/jobs/engine';
import { cachedPages, startCycle } from '@/lib/watch/cycles';
import { getRegisterClient } from '@/lib/register/client';
import { requestsText } from './cycle-cost';
import type { WatchActionState } from './action-state';
import { parseCsvEntries, parsePastedEntries, type ParsedEntries } from './entry-input';
import { isEngineId, isWatchlistId } from './ids';
import { resolveEntries } from './resolve-entries';
import { ENTITY_KINDS, KIND_LABELS, SectionsChoiceError } from './sections-choice';
import { log } from '@/lib/runtime/logger';

// Every action checks the caller's role itself: a server action is a public POST endpoint, and
// the page that rendered the form proves nothing about who calls it. Analysts and admins manage
// lists and changes; viewers only read.
function manager(path: string): Promise<SessionUser> {
  return requireRole('analyst', path);
}

function listId(form: FormData): string {
  const id = String(form.get('watchlistId') ?? '');
  if (!isWatchlistId(id)) throw new WatchlistInputError('Choose a watchlist.');
  return id;
}

function failure(err: unknown, what: string): WatchActionState {
  if (err instanceof WatchlistInputError || err instanceof SectionsChoiceError || err instanceof ChangeInputError) {
    return { status: 'error', message: err.message };
  }
  if (err instanceof z.ZodError) return { status: 'error', message: err.issues.map((i) => i.message).join(' ') };
  log.error({ err }, `[watchlists] ${what} failed`);
  return { status: 'error', message: `${what} failed. Try again; if it keeps failing, check the server log.` };
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

export async function createWatchlistAction(_prev: WatchActionState, form: FormData): Promise<WatchActionState> {
  const user = await manager(WATCHLISTS_PATH);
  let id: string;
  try {
    const fields = readListFields(form);
    const list = await createWatchlist(await getDb(), { ...fields, owner: { id: user.id, email: user.email } });
    await recordAudit({ action: 'watchlist.create', user, reference: list.id, detail: { name: list.name, caseReference: list.caseReference } });
    id = list.id;
  } catch (err) {
    return failure(err, 'Creating the list');
  }
  revalidatePath(WATCHLISTS_PATH);
  redirect(watchlistPath(id));
}

export async function updateWatchlistAction(_prev: WatchActionState, form: FormData): Promise<WatchActionState> {
  const user = await manager(WATCHLISTS_PATH);
  try {
    const id = listId(form);
    const before = await getWatchlist(await getDb(), id);
    const list = await updateWatchlist(await getDb(), id, readListFields(form));
    await recordAudit({
      action: 'watchlist.update',
      user,
      reference: id,
      detail: {
        from: before ? { name: before.name, description: before.description, caseReference: before.caseReference } : null,
        to: { name: list.name, description: list.description, caseReference: list.caseReference },
      },
    });
    revalidatePath(watchlistPath(id));
    return { status: 'success', message: `Saved "${list.name}".` };
  } catch (err) {
    return failure(err, 'Saving the list');
  }
}

export async function deleteWatchlistAction(_prev: WatchActionState, form: FormData): Promise<WatchActionState> {
  const user = await manager(WATCHLISTS_PATH);
  try {
    const id = listId(form);
    const db = await getDb();
    const list = await getWatchlist(db, id);
    if (!list) throw new WatchlistInputError('That watchlist no longer exists.');
    if (String(form.get('confirmName') ?? '').trim() !== list.name) {
      return { status: 'error', message: `Type the list's name, ${list.name}, to delete it.` };
    }
    await deleteWatchlist(db, id);
    await recordAudit({ action: 'watchlist.delete', user, reference: id, detail: { name: list.name } });
  } catch (err) {
    return failure(err, 'Deleting the list');
  }
  revalidatePath(WATCHLISTS_PATH);
  redirect(WATCHLISTS_PATH);
}

export async function setSectionsAction(_prev: WatchActionState, form: FormData): Promise<WatchActionState> {
  const user = await manager(WATCHLISTS_PATH);
  try {
    const id = listId(form);
    const chosen = Object.fromEntries(ENTITY_KINDS.map((kind) => [kind, form.getAll(`section-${kind}`).map(String)])) as Record<EntityKind, string[]>;
    const list = await setWatchlistSections(await getDb(), id, chosen);
    await recordAudit({ action: 'watchlist.sections', user, reference: id, detail: { sections: list.sections } });
    revalidatePath(watchlistPath(id));
    return { status: 'success', message: 'Saved the sections to watch. The next check reads these.' };
  } catch (err) {
    return failure(err, 'Saving the sections');
  }
}

async function addParsed(user: SessionUser, id: string, parsed: ParsedEntries, via: 'paste' | 'csv'): Promise<WatchActionState> {
  const resolved = await resolveEntries(parsed);
  if (!resolved.ok) {
    const n = resolved.errors.length;
    return {
      status: 'error',
      message: `Nothing was added: ${n === 1 ? 'one row needs' : `${n} rows need`} correcting.`,
      rowErrors: resolved.errors.slice(0, 200),
    };
  }
  const result = await addWatchlistEntries(await getDb(), id, resolved.entries, user.email);
  await recordAudit({
    action: 'watchlist.entries.add',
    user,
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
  return { status: 'success', message: parts.join(' ') };
}

export async function addPastedEntriesAction(_prev: WatchActionState, form: FormData): Promise<WatchActionState> {
  const user = await manager(WATCHLISTS_PATH);
  try {
    const id = listId(form);
    const text = String(form.get('numbers') ?? '');
    if (text.length > 100_000) return { status: 'error', message: 'That is too much text: paste at most 2,000 numbers at a time.' };
    return await addParsed(user, id, parsePastedEntries(text), 'paste');
  } catch (err) {
    return failure(err, 'Adding the numbers');
  }
}

const MAX_CSV_BYTES = 512 * 1024;

export async function importCsvAction(_prev: WatchActionState, form: FormData): Promise<WatchActionState> {
  const user = await manager(WATCHLISTS_PATH);
  try {
    const id = listId(form);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return { status: 'error', message: 'Choose a CSV file to upload.' };
    if (file.size > MAX_CSV_BYTES) return { status: 'error', message: `The file is ${Math.ceil(file.size / 1024)} KB; at most ${MAX_CSV_BYTES / 1024} KB can be uploaded.` };
    const text = new TextDecoder('utf-8', { fatal: false }).decode(await file.arrayBuffer());
    return await addParsed(user, id, parseCsvEntries(text), 'csv');
  } catch (err) {
    return failure(err, 'Importing the file');
  }
}

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

export async function removeEntryAction(_prev: WatchActionState, form: FormData): Promise<WatchActionState> {
  const user = await manager(WATCHLISTS_PATH);
  try {
    const id = listId(form);
    const entity = checkedEntity(form);
    const removed = await removeWatchlistEntry(await getDb(), id, entity);
    await recordAudit({ action: 'watchlist.entries.remove', user, reference: id, outcome: removed ? 'success' : 'failure', detail: { entity: `${entity.kind}:${entity.ref}` } });
    revalidatePath(watchlistPath(id));
    const label = `${KIND_LABELS[entity.kind].number} ${entity.ref}`;
    return removed ? { status: 'success', message: `Removed ${label} from the list.` } : { status: 'error', message: `${label} was not on the list.` };
  } catch (err) {
    return failure(err, 'Removing the record');
  }
}

/** "Watch" on an entity's page: adds it to the chosen list. */
export async function watchEntityAction(_prev: WatchActionState, form: FormData): Promise<WatchActionState> {
  const user = await manager(WATCHLISTS_PATH);
  try {
    const id = listId(form);
    const entity = checkedEntity(form);
    const name =
      String(form.get('name') ?? '')
        .trim()
        .slice(0, 300) || null;
    const db = await getDb();
    const list = await getWatchlist(db, id);
    if (!list) throw new WatchlistInputError('That watchlist no longer exists.');
    const result = await addWatchlistEntries(db, id, [{ ...entity, name }], user.email);
    if (result.added.length > 0) {
      await recordAudit({
        action: 'watchlist.entries.add',
        user,
        reference: id,
        detail: { via: 'watch-button', added: [`${entity.kind}:${entity.ref}`], addedCount: 1, alreadyListed: 0 },
      });
    }
    revalidatePath(entityPath(entity.kind, entity.ref));
    revalidatePath(watchlistPath(id));
    return result.added.length > 0
      ? { status: 'success', message: `Watching on "${list.name}". The next check of the list reads it.` }
      : { status: 'success', message: `Already on "${list.name}".` };
  } catch (err) {
    return failure(err, 'Watching the record');
  }
}

/** "Check now": a manual cycle over a list, or over one entity. */
export async function checkNowAction(_prev: WatchActionState, form: FormData): Promise<WatchActionState> {
  const user = await manager(WATCHLISTS_PATH);
  try {
    const db = await getDb();
    const scope = form.get('scope') === 'entity' ? 'entity' : 'list';
    const known = cachedPages(getRegisterClient());
    const started =
      scope === 'entity'
        ? await startCycle(db, { trigger: 'manual', scope, ...checkedEntity(form), requestedBy: user.email, known })
        : await startCycle(db, { trigger: 'manual', scope, watchlistId: listId(form), requestedBy: user.email, known });
    // Start now rather than at the engine's next look for work.
    wakeEngine();
    await recordAudit({
      action: 'watch.check-now',
      user,
      reference: started.cycleId,
      detail: {
        scope,
        watchlistId: form.get('watchlistId') ?? null,
        entity: scope === 'entity' ? `${form.get('kind')}:${form.get('ref')}` : null,
        entities: started.entityCount,
        estimatedRequests: started.estimatedRequests,
      },
    });
    if (started.entityCount === 0) return { status: 'error', message: 'There is nothing to check: add firms, individuals or funds to the list first.' };
    return {
      status: 'success',
      cycleId: started.cycleId,
      message: `Checking ${started.entityCount} ${started.entityCount === 1 ? 'record' : 'records'}: ${requestsText(started.estimatedRequests, started.unknownRecords, started.entityCount)}.`,
    };
  } catch (err) {
    return failure(err, 'Starting the check');
  }
}

const changeUpdate = z.object({
  id: z.string().refine(isEngineId, 'That change does not exist.'),
  state: z.enum(CHANGE_STATES as [string, ...string[]], { message: `Choose a state: ${CHANGE_STATES.join(', ')}.` }),
  assignee: z.string().max(254, 'That e-mail address is too long.'),
  note: z.string().max(2000, 'A note is at most 2,000 characters.'),
});

/** Acknowledge, escalate or mark expected, with an assignee and a note (audited with the update). */
export async function updateChangeAction(_prev: WatchActionState, form: FormData): Promise<WatchActionState> {
  const user = await manager(CHANGES_PATH);
  try {
    const input = changeUpdate.parse({ id: form.get('id'), state: form.get('state'), assignee: form.get('assignee') ?? '', note: form.get('note') ?? '' });
    const change = await updateChange(
      await getDb(),
      input.id,
      { state: input.state as (typeof CHANGE_STATES)[number], assigneeEmail: input.assignee, note: input.note },
      { id: user.id, email: user.email },
    );
    revalidatePath(CHANGES_PATH);
    revalidatePath(changePath(change.id));
    revalidatePath(entityHistoryPath(change.kind, change.ref));
    return { status: 'success', message: `Marked ${change.state}${change.assigneeEmail ? `, assigned to ${change.assigneeEmail}` : ''}.` };
  } catch (err) {
    return failure(err, 'Saving the change');
  }
}

const bulkUpdate = z.object({
  ids: z
    .array(z.string().refine(isEngineId, 'A change chosen does not exist.'))
    .min(1, 'Select the changes to update first.')
    .max(MAX_BULK_CHANGES, `At most ${MAX_BULK_CHANGES} changes can be updated at once.`),
  state: z.enum(['acknowledged', 'expected'], { message: 'Choose Acknowledge selected or Mark selected expected.' }),
  note: z.string().max(2000, 'A note is at most 2,000 characters.'),
});

/** The inbox's "Acknowledge selected" / "Mark selected expected": one note for all, each change audited on its own. */
export async function updateChangesAction(_prev: WatchActionState, form: FormData): Promise<WatchActionState> {
  const user = await manager(CHANGES_PATH);
  try {
    const input = bulkUpdate.parse({ ids: form.getAll('ids').map(String), state: form.get('state'), note: form.get('note') ?? '' });
    const changes = await updateChanges(await getDb(), input.ids, { state: input.state, note: input.note }, { id: user.id, email: user.email });
    revalidatePath(CHANGES_PATH);
    for (const c of changes) revalidatePath(changePath(c.id));
    const n = changes.length;
    return { status: 'success', message: `Marked ${n === 1 ? 'one change' : `${n.toLocaleString('en-GB')} changes`} ${input.state}${input.note.trim() ? ', with the note' : ''}.` };
  } catch (err) {
    return failure(err, 'Saving the changes');
  }
}
