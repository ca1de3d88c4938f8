import { randomUUID } from 'node:crypto';
import type { Standing } from '@/lib/standing/standing';
import { sql } from 'kysely';
import { checkSectionsChoice, defaultSectionsChoice, parseSectionsChoice, type SectionsChoice } from './sections-choice';
import { isoNow } from '@/lib/db/clock';
import type { Db, EntityKind, WatchlistsTable } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/errors';
import { bindStore } from '@/lib/db/bind-store';

/**
 * Watchlists (named, shared lists of firms, individuals and funds) and their entries, as people
 * manage them. What an entity looked like at each check is the engine's (lib/watch); the entry
 * listing here only joins the latest check and the open changes to each entry.
 */

export class WatchlistInputError extends Error {
  override name = 'WatchlistInputError';
  /** What kind of refusal: the input itself, a name already taken, or a list that does not exist (the watch API's 400, 409 and 404). */
  constructor(
    message: string,
    readonly code: 'invalid' | 'duplicate' | 'missing' = 'invalid',
  ) {
    super(message);
  }
}

export interface Watchlist {
  id: string;
  name: string;
  description: string | null;
  caseReference: string | null;
  ownerId: string | null;
  ownerEmail: string;
  sections: SectionsChoice;
  createdAt: string;
  updatedAt: string;
}

export interface WatchlistSummary extends Watchlist {
  entryCount: number;
  /** Changes in state new or escalated on the list's entities. */
  openChanges: number;
}

/** A change is open until someone acknowledges it or marks it expected. */
export const OPEN_STATES = ['new', 'escalated'] as const;

export interface EntityRef {
  kind: EntityKind;
  ref: string;
}

export interface NewEntry extends EntityRef {
  name?: string | null;
}

export type CheckStatus = 'not-checked' | 'baseline' | 'unchanged' | 'changed' | 'incomplete';

export interface WatchlistEntryRow extends EntityRef {
  /** The name the latest check read, else the name given when it was added. */
  name: string | null;
  addedBy: string;
  addedAt: string;
  latestCheck: {
    id: string;
    checkedAt: string;
    status: Exclude<CheckStatus, 'not-checked'>;
    changeCount: number;
    sectionsOk: number;
    sectionsNotChecked: number;
    /** The standing the check read (lib/standing); null for checks made before it was kept. */
    standing: Standing | null;
  } | null;
  openChanges: number;
}

function toWatchlist(row: WatchlistsTable): Watchlist {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    caseReference: row.case_reference,
    ownerId: row.owner_id,
    ownerEmail: row.owner_email,
    sections: parseSectionsChoice(row.sections),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface WatchlistFields {
  name: string;
  description?: string | null;
  caseReference?: string | null;
}

function cleanFields(input: WatchlistFields): { name: string; description: string | null; case_reference: string | null } {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (!name) throw new WatchlistInputError('Enter a name for the list.');
  if (name.length > 120) throw new WatchlistInputError('A list name is at most 120 characters.');
  const description = input.description?.trim() || null;
  if (description && description.length > 1000) throw new WatchlistInputError('A description is at most 1,000 characters.');
  const caseReference = input.caseReference?.trim() || null;
  if (caseReference && caseReference.length > 100) throw new WatchlistInputError('A case reference is at most 100 characters.');
  return { name, description, case_reference: caseReference };
}

async function nameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('watchlists')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function createWatchlist(db: Db, input: WatchlistFields & { owner: { id: string | null; email: string }; sections?: Partial<SectionsChoice> }): Promise<Watchlist> {
  const fields = cleanFields(input);
  if (await nameTaken(db, fields.name)) throw new WatchlistInputError(`There is already a list called "${fields.name}".`, 'duplicate');
  const sections = input.sections ? checkSectionsChoice(input.sections) : defaultSectionsChoice();
  const now = isoNow();
  const row: WatchlistsTable = {
    id: randomUUID(),
    ...fields,
    owner_id: input.owner.id,
    owner_email: input.owner.email.toLowerCase(),
    sections: JSON.stringify(sections),
    created_at: now,
    updated_at: now,
  };
  try {
    await db.insertInto('watchlists').values(row).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw new WatchlistInputError(`There is already a list called "${fields.name}".`, 'duplicate');
    throw err;
  }
  return toWatchlist(row);
}

export async function getWatchlist(db: Db, id: string): Promise<Watchlist | null> {
  const row = await db.selectFrom('watchlists').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toWatchlist(row) : null;
}

async function requireList(db: Db, id: string): Promise<Watchlist> {
  const list = await getWatchlist(db, id);
  if (!list) throw new WatchlistInputError('That watchlist no longer exists.', 'missing');
  return list;
}

/** Renames a list and sets its description and case reference. */
export async function updateWatchlist(db: Db, id: string, input: WatchlistFields): Promise<Watchlist> {
  await requireList(db, id);
  const fields = cleanFields(input);
  if (await nameTaken(db, fields.name, id)) throw new WatchlistInputError(`There is already a list called "${fields.name}".`, 'duplicate');
  try {
    await db
      .updateTable('watchlists')
      .set({ ...fields, updated_at: isoNow() })
      .where('id', '=', id)
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw new WatchlistInputError(`There is already a list called "${fields.name}".`, 'duplicate');
    throw err;
  }
  return requireList(db, id);
}

export async function setWatchlistSections(db: Db, id: string, sections: Partial<SectionsChoice>): Promise<Watchlist> {
  await requireList(db, id);
  const choice = checkSectionsChoice(sections);
  await db
    .updateTable('watchlists')
    .set({ sections: JSON.stringify(choice), updated_at: isoNow() })
    .where('id', '=', id)
    .execute();
  return requireList(db, id);
}

/** Deletes a list and its entries. The checks and changes stay: they are the entities' history. */
export async function deleteWatchlist(db: Db, id: string): Promise<Watchlist> {
  const list = await requireList(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('watchlist_entries').where('watchlist_id', '=', id).execute();
    await trx.deleteFrom('watchlists').where('id', '=', id).execute();
  });
  return list;
}

function openChangesByEntity(db: Db) {
  return db
    .selectFrom('watch_changes')
    .select(['kind', 'ref', (eb) => eb.fn.countAll<number | string>().as('open')])
    .where('state', 'in', [...OPEN_STATES])
    .groupBy(['kind', 'ref']);
}

/** Every list, by name, with how many entities it holds and how many of their changes are open. */
export async function listWatchlists(db: Db): Promise<WatchlistSummary[]> {
  const lists = await db.selectFrom('watchlists').selectAll().orderBy('name').execute();
  if (lists.length === 0) return [];
  const counts = await db
    .selectFrom('watchlist_entries')
    .select(['watchlist_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('watchlist_id')
    .execute();
  const open = await db
    .selectFrom('watchlist_entries as e')
    .innerJoin(openChangesByEntity(db).as('o'), (j) => j.onRef('o.kind', '=', 'e.kind').onRef('o.ref', '=', 'e.ref'))
    .select(['e.watchlist_id', (eb) => eb.fn.sum<number | string>('o.open').as('open')])
    .groupBy('e.watchlist_id')
    .execute();
  const entryCount = new Map(counts.map((c) => [c.watchlist_id, Number(c.n)]));
  const openCount = new Map(open.map((c) => [c.watchlist_id, Number(c.open)]));
  return lists.map((l) => ({ ...toWatchlist(l), entryCount: entryCount.get(l.id) ?? 0, openChanges: openCount.get(l.id) ?? 0 }));
}

export interface AddEntriesResult {
  added: EntityRef[];
  /** Already on the list: left as they were. */
  alreadyListed: EntityRef[];
}

/**
 * Adds entities to a list in one transaction: all of them or (on any error) none. Entities
 * already on the list are reported, not duplicated; repeats within the input count once.
 */
export async function addWatchlistEntries(db: Db, id: string, entries: readonly NewEntry[], addedBy: string): Promise<AddEntriesResult> {
  await requireList(db, id);
  const unique = new Map<string, NewEntry>();
  for (const e of entries) {
    const key = `${e.kind}:${e.ref}`;
    if (!unique.has(key) || (!unique.get(key)?.name && e.name)) unique.set(key, e);
  }
  const now = isoNow();
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('watchlist_entries').select(['kind', 'ref']).where('watchlist_id', '=', id).execute();
    const have = new Set(existing.map((e) => `${e.kind}:${e.ref}`));
    const added: EntityRef[] = [];
    const alreadyListed: EntityRef[] = [];
    const rows = [];
    for (const [key, e] of unique) {
      if (have.has(key)) {
        alreadyListed.push({ kind: e.kind, ref: e.ref });
        continue;
      }
      added.push({ kind: e.kind, ref: e.ref });
      rows.push({ watchlist_id: id, kind: e.kind, ref: e.ref, name: e.name?.trim() || null, added_by: addedBy.toLowerCase(), added_at: now });
    }
    // Batches keep each statement under the engines' parameter limits.
    for (let i = 0; i < rows.length; i += 100)
      await trx
        .insertInto('watchlist_entries')
        .values(rows.slice(i, i + 100))
        .execute();
    if (rows.length > 0) await trx.updateTable('watchlists').set({ updated_at: now }).where('id', '=', id).execute();
    return { added, alreadyListed };
  });
}

/** Removes one entity from a list; false when it was not on it. */
export async function removeWatchlistEntry(db: Db, id: string, entity: EntityRef): Promise<boolean> {
  const result = await db.deleteFrom('watchlist_entries').where('watchlist_id', '=', id).where('kind', '=', entity.kind).where('ref', '=', entity.ref).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function statusOf(check: { baseline: number; change_count: number; sections_not_checked: number }): Exclude<CheckStatus, 'not-checked'> {
  if (check.sections_not_checked > 0) return 'incomplete';
  if (check.baseline) return 'baseline';
  return check.change_count > 0 ? 'changed' : 'unchanged';
}

/** A list's entities (firms, then individuals, then funds, each by number) with their latest check and open changes. */
export async function listWatchlistEntries(db: Db, id: string): Promise<WatchlistEntryRow[]> {
  const entries = await db.selectFrom('watchlist_entries').selectAll().where('watchlist_id', '=', id).execute();
  if (entries.length === 0) return [];
  const latest = await db
    .selectFrom('watch_checks as c')
    .innerJoin(
      db
        .selectFrom('watch_checks as w')
        .innerJoin('watchlist_entries as e', (j) => j.onRef('e.kind', '=', 'w.kind').onRef('e.ref', '=', 'w.ref'))
        .where('e.watchlist_id', '=', id)
        .select(['w.kind', 'w.ref', (eb) => eb.fn.max('w.checked_at').as('last')])
        .groupBy(['w.kind', 'w.ref'])
        .as('l'),
      (j) => j.onRef('l.kind', '=', 'c.kind').onRef('l.ref', '=', 'c.ref').onRef('l.last', '=', 'c.checked_at'),
    )
    .select(['c.id', 'c.kind', 'c.ref', 'c.name', 'c.checked_at', 'c.baseline', 'c.change_count', 'c.sections_ok', 'c.sections_not_checked', 'c.standing'])
    .execute();
  const open = await db
    .selectFrom('watchlist_entries as e')
    .innerJoin(openChangesByEntity(db).as('o'), (j) => j.onRef('o.kind', '=', 'e.kind').onRef('o.ref', '=', 'e.ref'))
    .where('e.watchlist_id', '=', id)
    .select(['e.kind', 'e.ref', 'o.open'])
    .execute();
  const latestBy = new Map(latest.map((c) => [`${c.kind}:${c.ref}`, c]));
  const openBy = new Map(open.map((o) => [`${o.kind}:${o.ref}`, Number(o.open)]));
  const kindOrder: Record<EntityKind, number> = { firm: 0, individual: 1, fund: 2 };
  return entries
    .map((e) => {
      const c = latestBy.get(`${e.kind}:${e.ref}`);
      return {
        kind: e.kind,
        ref: e.ref,
        name: c?.name ?? e.name,
        addedBy: e.added_by,
        addedAt: e.added_at,
        latestCheck: c
          ? {
              id: c.id,
              checkedAt: c.checked_at,
              status: statusOf(c),
              changeCount: c.change_count,
              sectionsOk: c.sections_ok,
              sectionsNotChecked: c.sections_not_checked,
              standing: c.standing ? (JSON.parse(c.standing) as Standing) : null,
            }
          : null,
        openChanges: openBy.get(`${e.kind}:${e.ref}`) ?? 0,
      };
    })
    .sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind] || a.ref.length - b.ref.length || a.ref.localeCompare(b.ref));
}

/** The lists an entity is on (for the Watch control on its page). */
export async function watchlistsWithEntity(db: Db, entity: EntityRef): Promise<Array<{ id: string; name: string }>> {
  return db
    .selectFrom('watchlists as l')
    .innerJoin('watchlist_entries as e', 'e.watchlist_id', 'l.id')
    .where('e.kind', '=', entity.kind)
    .where('e.ref', '=', entity.ref)
    .select(['l.id', 'l.name'])
    .orderBy('l.name')
    .execute();
}

/** Every list's id and name, by name (for choosing a list). */
export async function watchlistNames(db: Db): Promise<Array<{ id: string; name: string }>> {
  return db.selectFrom('watchlists').select(['id', 'name']).orderBy('name').execute();
}

/** The newest unfinished cycle over a list (or over everything), for the list page's progress. */
export async function runningCycleForList(db: Db, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('watch_cycles')
    .select('id')
    .where('finished_at', 'is', null)
    .where((eb) => eb.or([eb('watchlist_id', '=', id), eb('scope', '=', 'all')]))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The newest unfinished cycle over one entity alone, for its History tab's progress. */
export async function runningCycleForEntity(db: Db, entity: EntityRef): Promise<string | null> {
  const row = await db
    .selectFrom('watch_cycles')
    .select('id')
    .where('finished_at', 'is', null)
    .where('scope', '=', 'entity')
    .where('entity_kind', '=', entity.kind)
    .where('entity_ref', '=', entity.ref)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The lists each of these entities is on, keyed `kind:ref` (a notification groups its changes by list). */
export async function listsWatching(db: Db, refs: readonly string[]): Promise<Map<string, Array<{ id: string; name: string }>>> {
  const memberships = new Map<string, Array<{ id: string; name: string }>>();
  for (let i = 0; i < refs.length; i += 400) {
    const entries = await db
      .selectFrom('watchlist_entries as e')
      .innerJoin('watchlists as w', 'w.id', 'e.watchlist_id')
      .select(['e.kind', 'e.ref', 'w.id', 'w.name'])
      .where('e.ref', 'in', refs.slice(i, i + 400))
      .execute();
    for (const e of entries) {
      const key = `${e.kind}:${e.ref}`;
      memberships.set(key, [...(memberships.get(key) ?? []), { id: e.id, name: e.name }]);
    }
  }
  return memberships;
}

/** The store bound to the process's database: what pages, route handlers and components call. */
export const watchlistsStore = bindStore({
  createWatchlist,
  getWatchlist,
  updateWatchlist,
  setWatchlistSections,
  deleteWatchlist,
  listWatchlists,
  addWatchlistEntries,
  removeWatchlistEntry,
  listWatchlistEntries,
  watchlistsWithEntity,
  watchlistNames,
  runningCycleForList,
  runningCycleForEntity,
});
