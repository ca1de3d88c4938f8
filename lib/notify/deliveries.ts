import { isoNow } from '@/lib/db/clock';
import type { ChangeSeverity, ChangeState, Db, EntityKind, NotificationChannel } from '@/lib/db/schema';
import { DUE_REVIEWS_ANCHOR, reviewReminders, REMINDER_WINDOW_DAYS } from '@/lib/principals/review-reminders';
import { changePath, changesPath, entityPath, principalPath, watchlistPath } from '@/lib/routes/portal-paths';
import { changeText, rowsJson, type ChangeRowJson } from '@/lib/watch/change-words';
import { sectionNames } from '@/lib/watch/watch-sections';
import { changesByIds, notifiableChangeIds, type NotifiableChanges } from '@/lib/watch/watch-store';
import { listsWatching } from '@/lib/watchlists/watchlists-store';
import type { ReminderDigest } from './mail';

/**
 * What each channel has sent (notification_deliveries): a sending job first claims the changes it
 * will send (one row per change and channel, so two jobs never claim the same change), sends, and
 * then marks them sent. A retry of the same job sends the same claimed changes; a job that runs
 * again after it sent finds nothing pending and sends nothing. The AR review reminders of a London
 * date are one more such row, keyed `ar-reviews:<date>` in place of a change's id
 * (`claimReviewReminders`), so the day's reminders go out once, with the digest that claims them.
 */

/** Which changes a message is about: a cycle's, or every change, of a severity, detected by an instant. */
export type ChangeFilter = NotifiableChanges;

const BATCH = 400;

/**
 * Claims for `jobId` every change matching `filter` that `channel` has not sent or claimed yet,
 * and returns the ids this job holds pending (those just claimed and any from its earlier attempts).
 */
export async function claimChanges(db: Db, channel: NotificationChannel, jobId: string, filter: ChangeFilter, now: number = Date.now()): Promise<string[]> {
  const q = notifiableChangeIds(db, filter)
    .leftJoin('notification_deliveries as d', (join) => join.onRef('d.change_id', '=', 'c.id').on('d.channel', '=', channel))
    .where('d.change_id', 'is', null);
  const candidates = (await q.execute()).map((r) => r.id);
  const at = isoNow(now);
  for (let i = 0; i < candidates.length; i += BATCH) {
    await db
      .insertInto('notification_deliveries')
      .values(candidates.slice(i, i + BATCH).map((id) => ({ channel, change_id: id, job_id: jobId, state: 'pending' as const, attempts: 0, created_at: at })))
      .onConflict((oc) => oc.columns(['channel', 'change_id']).doNothing())
      .execute();
  }
  const held = await db
    .selectFrom('notification_deliveries')
    .select('change_id')
    .where('channel', '=', channel)
    .where('job_id', '=', jobId)
    .where('state', '=', 'pending')
    .execute();
  return held.map((r) => r.change_id);
}

const REMINDERS_PREFIX = 'ar-reviews:';

/** The delivery row's key for the AR review reminders of a London date (never a change's id). */
export function reviewRemindersKey(date: string): string {
  return `${REMINDERS_PREFIX}${date}`;
}

/** The held ids that are changes (the reminders' row set aside). */
export function changeIdsOf(held: readonly string[]): string[] {
  return held.filter((id) => !id.startsWith(REMINDERS_PREFIX));
}

/**
 * The AR annual reviews overdue or due within 30 days on `date` (a London date), for a digest, if
 * `jobId` can claim that date's reminders on `channel`: null when there are none, or when another
 * job has them (sent already that day, or being sent). Each principal links to its workspace's
 * list of reviews due. When there are none now, a claim this job made on an earlier attempt is
 * given back, so a later digest that day may still send them.
 */
export async function claimReviewReminders(
  db: Db,
  channel: NotificationChannel,
  jobId: string,
  date: string,
  publicUrl: string,
  now: number = Date.now(),
): Promise<ReminderDigest | null> {
  const key = reviewRemindersKey(date);
  const holder = () => db.selectFrom('notification_deliveries').select(['job_id', 'state']).where('channel', '=', channel).where('change_id', '=', key).executeTakeFirst();
  const ours = (row: { job_id: string; state: string } | undefined) => row?.job_id === jobId && row.state === 'pending';
  // Sent already that day, or held by another digest: nothing to read.
  const before = await holder();
  if (before && !ours(before)) return null;
  const principals = await reviewReminders(db, date);
  if (principals.length === 0) {
    if (before)
      await db
        .deleteFrom('notification_deliveries')
        .where('channel', '=', channel)
        .where('change_id', '=', key)
        .where('job_id', '=', jobId)
        .where('state', '=', 'pending')
        .execute();
    return null;
  }
  if (!before) {
    await db
      .insertInto('notification_deliveries')
      .values({ channel, change_id: key, job_id: jobId, state: 'pending', attempts: 0, created_at: isoNow(now) })
      .onConflict((oc) => oc.columns(['channel', 'change_id']).doNothing())
      .execute();
    // Two digests at once: the row is whichever inserted first.
    if (!ours(await holder())) return null;
  }
  return {
    principals: principals.map((p) => ({ ...p, url: `${absolute(publicUrl, principalPath(p.frn))}#${DUE_REVIEWS_ANCHOR}` })),
    overdue: principals.reduce((n, p) => n + p.overdue, 0),
    dueSoon: principals.reduce((n, p) => n + p.dueSoon, 0),
    windowDays: REMINDER_WINDOW_DAYS,
  };
}

/** Marks the job's pending changes sent. */
export async function markSent(db: Db, channel: NotificationChannel, jobId: string, attempts: number, now: number = Date.now()): Promise<number> {
  const result = await db
    .updateTable('notification_deliveries')
    .set({ state: 'sent', attempts, last_error: null, finished_at: isoNow(now) })
    .where('channel', '=', channel)
    .where('job_id', '=', jobId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Records a failed attempt on the job's pending changes (they stay claimed for the retry). */
export async function recordAttempt(db: Db, channel: NotificationChannel, jobId: string, attempts: number, error: string): Promise<void> {
  await db
    .updateTable('notification_deliveries')
    .set({ attempts, last_error: error.slice(0, 1000) })
    .where('channel', '=', channel)
    .where('job_id', '=', jobId)
    .where('state', '=', 'pending')
    .execute();
}

/** The job gave up: its pending changes are recorded as failed (not sent by this channel again). */
export async function markFailed(db: Db, channel: NotificationChannel, jobId: string, attempts: number, error: string, now: number = Date.now()): Promise<number> {
  const result = await db
    .updateTable('notification_deliveries')
    .set({ state: 'failed', attempts, last_error: error.slice(0, 1000), finished_at: isoNow(now) })
    .where('channel', '=', channel)
    .where('job_id', '=', jobId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The job gave up: its pending changes are released, so the next message (the digest) takes them. */
export async function releaseClaims(db: Db, channel: NotificationChannel, jobId: string): Promise<number> {
  const result = await db.deleteFrom('notification_deliveries').where('channel', '=', channel).where('job_id', '=', jobId).where('state', '=', 'pending').executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface NotifiedChange {
  id: string;
  cycleId: string;
  kind: EntityKind;
  ref: string;
  entityName: string | null;
  section: string;
  /** The section's title for people ("Permissions"). */
  sectionTitle: string;
  severity: ChangeSeverity;
  /** The first two sentences and "and N more", as the inbox says it. */
  summary: string;
  /** One sentence per row the register changed (lib/watch/change-words.ts), as the inbox and the change's page say them. */
  sentences: string[];
  /** The rows in words, as the watch API gives them. */
  rows: ChangeRowJson[];
  state: ChangeState;
  detectedAt: string;
  /** Absolute link to the change in the portal. */
  url: string;
}

export interface EntityGroup {
  kind: EntityKind;
  ref: string;
  name: string | null;
  url: string;
  changes: NotifiedChange[];
}

export interface ListGroup {
  /** Null for changes to entities no longer on any list. */
  list: { id: string; name: string; url: string } | null;
  entities: EntityGroup[];
}

export interface ChangeReport {
  changes: NotifiedChange[];
  /** By list, then entity; the most severe first at every level. */
  groups: ListGroup[];
  counts: Record<ChangeSeverity, number>;
  inboxUrl: string;
}

export const SEVERITY_ORDER: Record<ChangeSeverity, number> = { high: 0, medium: 1, low: 2 };

function absolute(publicUrl: string, path: string): string {
  return `${publicUrl}${path}`;
}

/** Reads the changes with these ids and groups them by list and entity, most severe first. */
export async function changeReport(db: Db, ids: readonly string[], publicUrl: string): Promise<ChangeReport> {
  const changes: NotifiedChange[] = (await changesByIds(db, ids)).map((c) => {
    const text = changeText(c.kind, c.section, c.rows, c.summary);
    return {
      id: c.id,
      cycleId: c.cycleId,
      kind: c.kind,
      ref: c.ref,
      entityName: c.entityName,
      section: c.section,
      sectionTitle: sectionNames(c.kind, c.section).title,
      severity: c.severity,
      summary: text.summary,
      sentences: text.sentences,
      rows: rowsJson(text.words),
      state: c.state,
      detectedAt: c.detectedAt,
      url: absolute(publicUrl, changePath(c.id)),
    };
  });
  changes.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.detectedAt.localeCompare(b.detectedAt) || a.id.localeCompare(b.id));

  const refs = [...new Set(changes.map((c) => c.ref))];
  const memberships = await listsWatching(db, refs);

  const lists = new Map<string, ListGroup & { entityMap: Map<string, EntityGroup> }>();
  for (const change of changes) {
    const key = `${change.kind}:${change.ref}`;
    const onLists = memberships.get(key) ?? [null];
    for (const list of onLists) {
      const listKey = list?.id ?? '';
      let group = lists.get(listKey);
      if (!group) {
        group = { list: list ? { ...list, url: absolute(publicUrl, watchlistPath(list.id)) } : null, entities: [], entityMap: new Map() };
        lists.set(listKey, group);
      }
      let entity = group.entityMap.get(key);
      if (!entity) {
        entity = { kind: change.kind, ref: change.ref, name: change.entityName, url: absolute(publicUrl, entityPath(change.kind, change.ref)), changes: [] };
        group.entityMap.set(key, entity);
        group.entities.push(entity);
      }
      entity.name ??= change.entityName;
      entity.changes.push(change);
    }
  }
  const worst = (cs: readonly NotifiedChange[]) => Math.min(...cs.map((c) => SEVERITY_ORDER[c.severity]));
  const groups: ListGroup[] = [...lists.values()].map(({ list, entities }) => ({
    list,
    entities: entities.sort((a, b) => worst(a.changes) - worst(b.changes) || (a.name ?? a.ref).localeCompare(b.name ?? b.ref) || a.ref.localeCompare(b.ref)),
  }));
  groups.sort((a, b) => {
    if (!a.list !== !b.list) return a.list ? -1 : 1;
    return worst(a.entities.flatMap((e) => e.changes)) - worst(b.entities.flatMap((e) => e.changes)) || (a.list?.name ?? '').localeCompare(b.list?.name ?? '');
  });
  const counts: Record<ChangeSeverity, number> = { high: 0, medium: 0, low: 0 };
  for (const c of changes) counts[c.severity] += 1;
  return { changes, groups, counts, inboxUrl: absolute(publicUrl, changesPath()) };
}
