import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { isoNow } from '@/lib/db/clock';
import type { Db, EntityKind } from '@/lib/db/schema';
import { enqueueJobs, groupProgress, type GroupProgress } from '@/lib/jobs/job-queue';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { defaultWatchedSections, normaliseWatchedSections, watchSection, WATCH_SECTIONS } from './watch-sections';

/**
 * A watch cycle: one check of every entity in scope (every watched entity, one list's, or one
 * entity), each a durable job on the portal's queue. An entity on several lists is checked once,
 * reading the union of the sections its lists watch. A nightly cycle is keyed by its London date,
 * so however many instances start it, it runs once; each entity's job is keyed by cycle and
 * entity, so it is enqueued once, and its check is recorded once (lib/watch/check-entity.ts).
 */

export const WATCH_CHECK_JOB = 'watch-check';
/** Watch checks run before bulk rows (lower runs first). */
export const WATCH_JOB_PRIORITY = 10;
/** A shutdown mid-check costs an attempt; leave room for several restarts in one night. */
export const WATCH_CHECK_ATTEMPTS = 10;

export interface WatchCheckPayload {
  cycleId: string;
  kind: EntityKind;
  ref: string;
  sections: string[];
  name: string | null;
}

export type CycleScope = { scope: 'all' } | { scope: 'list'; watchlistId: string } | { scope: 'entity'; kind: EntityKind; ref: string };

export type CycleRequest = CycleScope & {
  trigger: 'nightly' | 'manual';
  /** What the portal knows of sections never checked (cachedPages(client)), for the estimate. */
  known?: KnownPages;
  /** The e-mail (or "system") of who asked. */
  requestedBy: string;
  /** For a nightly cycle: its London date (yyyy-mm-dd), which makes it unique. */
  nightlyKey?: string;
  now?: number;
};

export interface StartedCycle {
  cycleId: string;
  /** False when a nightly cycle for that date already existed (started by another instance). */
  created: boolean;
  entityCount: number;
  estimatedRequests: number;
  /** Records never checked whose size the portal does not know yet (see CycleEstimate). */
  unknownRecords: number;
}

interface Target {
  kind: EntityKind;
  ref: string;
  name: string | null;
  sections: Set<string>;
}

function parseSections(json: string): Record<EntityKind, string[]> {
  const defaults = defaultWatchedSections();
  try {
    const parsed = JSON.parse(json) as Partial<Record<EntityKind, unknown>>;
    for (const kind of Object.keys(defaults) as EntityKind[]) {
      const list = parsed[kind];
      if (Array.isArray(list))
        defaults[kind] = normaliseWatchedSections(
          kind,
          list.filter((s): s is string => typeof s === 'string'),
        );
    }
  } catch {
    // A list whose settings cannot be read watches everything: never less than the defaults.
  }
  return defaults;
}

/** The entities a cycle of this scope checks, each with the union of the sections its lists watch. */
export async function cycleTargets(db: Db, scope: CycleScope): Promise<Target[]> {
  let q = db.selectFrom('watchlist_entries as e').innerJoin('watchlists as w', 'w.id', 'e.watchlist_id').select(['e.kind', 'e.ref', 'e.name', 'w.sections']);
  if (scope.scope === 'list') q = q.where('e.watchlist_id', '=', scope.watchlistId);
  if (scope.scope === 'entity') q = q.where('e.kind', '=', scope.kind).where('e.ref', '=', scope.ref);
  const rows = await q.orderBy('e.kind').orderBy('e.ref').execute();
  const targets = new Map<string, Target>();
  for (const row of rows) {
    const id = `${row.kind}:${row.ref}`;
    const target = targets.get(id) ?? { kind: row.kind, ref: row.ref, name: row.name, sections: new Set<string>() };
    for (const s of parseSections(row.sections)[row.kind]) target.sections.add(s);
    target.name ??= row.name;
    targets.set(id, target);
  }
  if (scope.scope === 'entity' && targets.size === 0) {
    targets.set(`${scope.kind}:${scope.ref}`, { kind: scope.kind, ref: scope.ref, name: null, sections: new Set(defaultWatchedSections()[scope.kind]) });
  }
  return [...targets.values()];
}

/** What the portal knows of a section's size without asking the register (its first page in the cache); undefined when nothing. */
export type KnownPages = (kind: EntityKind, ref: string, slug: string) => Promise<number | undefined>;

/** The section sizes the register client's cache holds (each section's `knownPages`). */
export function cachedPages(client: RegisterClient): KnownPages {
  return async (kind, ref, slug) => watchSection(kind, slug)?.knownPages(client, ref);
}

export interface CycleEstimate {
  /** Register requests the checks will cost. */
  requests: number;
  /**
   * Records never checked whose lists the portal has not seen either: each of their unknown lists
   * is counted as one request, and a long list costs more. Their size is known after the first check.
   */
  unknownRecords: number;
}

/**
 * Register requests a check of each target will cost: per section, the pages its last good
 * reading took (a list grows or shrinks slowly); for a section never read, what the portal knows
 * of it (`known`: its first page in the cache says how many pages it has, as the overview's
 * counts leave it); else one page, and the record is counted among those whose size is unknown.
 */
export async function estimateCycle(db: Db, targets: readonly Target[], known?: KnownPages): Promise<CycleEstimate> {
  let requests = 0;
  let unknownRecords = 0;
  for (let i = 0; i < targets.length; i += 200) {
    const batch = targets.slice(i, i + 200);
    const latest = await db
      .selectFrom('watch_checks as c')
      .select(['c.kind', 'c.ref', 'c.canonical'])
      .where((eb) => eb.or(batch.map((t) => eb.and([eb('c.kind', '=', t.kind), eb('c.ref', '=', t.ref)]))))
      .where('c.checked_at', '=', (eb) =>
        eb
          .selectFrom('watch_checks as d')
          .select(sql<string>`max(d.checked_at)`.as('m'))
          .whereRef('d.kind', '=', 'c.kind')
          .whereRef('d.ref', '=', 'c.ref'),
      )
      .execute();
    const pagesBy = new Map(latest.map((r) => [`${r.kind}:${r.ref}`, (JSON.parse(r.canonical) as { sections: Record<string, { pages?: number }> }).sections]));
    for (const t of batch) {
      const checked = pagesBy.get(`${t.kind}:${t.ref}`);
      let unknown = false;
      for (const s of t.sections) {
        const read = checked?.[s]?.pages;
        if (read !== undefined && read > 0) {
          requests += read;
          continue;
        }
        const pages = known ? await known(t.kind, t.ref, s) : undefined;
        if (pages === undefined) unknown = true;
        requests += Math.max(1, pages ?? 1);
      }
      if (unknown) unknownRecords += 1;
    }
  }
  return { requests, unknownRecords };
}

/** Starts a cycle: records it and enqueues one check job per entity. */
export async function startCycle(db: Db, request: CycleRequest): Promise<StartedCycle> {
  const now = request.now ?? Date.now();
  if (request.nightlyKey) {
    const existing = await db.selectFrom('watch_cycles').select(['id', 'entity_count', 'estimated_requests']).where('nightly_key', '=', request.nightlyKey).executeTakeFirst();
    if (existing)
      return { cycleId: existing.id, created: false, entityCount: Number(existing.entity_count), estimatedRequests: Number(existing.estimated_requests), unknownRecords: 0 };
  }
  const targets = await cycleTargets(db, request);
  const estimate = await estimateCycle(db, targets, request.known);
  const estimatedRequests = estimate.requests;
  const cycleId = randomUUID();
  const inserted = await db
    .insertInto('watch_cycles')
    .values({
      id: cycleId,
      trigger: request.trigger,
      scope: request.scope,
      watchlist_id: request.scope === 'list' ? request.watchlistId : null,
      entity_kind: request.scope === 'entity' ? request.kind : null,
      entity_ref: request.scope === 'entity' ? request.ref : null,
      nightly_key: request.nightlyKey ?? null,
      requested_by: request.requestedBy,
      created_at: isoNow(now),
      finished_at: targets.length === 0 ? isoNow(now) : null,
      entity_count: targets.length,
      estimated_requests: estimatedRequests,
    })
    .onConflict((oc) => oc.column('nightly_key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0 && request.nightlyKey) {
    // Another instance started tonight's cycle between the look and the insert.
    const existing = await db
      .selectFrom('watch_cycles')
      .select(['id', 'entity_count', 'estimated_requests'])
      .where('nightly_key', '=', request.nightlyKey)
      .executeTakeFirstOrThrow();
    return { cycleId: existing.id, created: false, entityCount: Number(existing.entity_count), estimatedRequests: Number(existing.estimated_requests), unknownRecords: 0 };
  }
  await enqueueJobs(
    db,
    targets.map((t) => ({
      kind: WATCH_CHECK_JOB,
      group: cycleId,
      dedupeKey: `${cycleId}:${t.kind}:${t.ref}`,
      priority: WATCH_JOB_PRIORITY,
      maxAttempts: WATCH_CHECK_ATTEMPTS,
      payload: {
        cycleId,
        kind: t.kind,
        ref: t.ref,
        sections: WATCH_SECTIONS[t.kind].filter((s) => t.sections.has(s.slug)).map((s) => s.slug),
        name: t.name,
      } satisfies WatchCheckPayload,
    })),
    now,
  );
  return { cycleId, created: true, entityCount: targets.length, estimatedRequests, unknownRecords: estimate.unknownRecords };
}

/** Marks a cycle finished once none of its jobs is queued or running; true when this call finished it. */
export async function finishCycleIfDone(db: Db, cycleId: string, now: number = Date.now()): Promise<boolean> {
  const progress = await groupProgress(db, cycleId);
  if (progress.queued + progress.running > 0) return false;
  const result = await db
    .updateTable('watch_cycles')
    .set({ finished_at: isoNow(now) })
    .where('id', '=', cycleId)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface CycleProgress {
  cycleId: string;
  trigger: 'nightly' | 'manual';
  scope: 'all' | 'list' | 'entity';
  createdAt: string;
  finishedAt: string | null;
  entities: { total: number; checked: number; failed: number; waiting: number };
  jobs: GroupProgress;
  /** Register requests the checks recorded so far, and the estimate for the whole cycle. */
  requests: { spent: number; estimated: number };
  changes: number;
  notChecked: number;
  /** Seconds the rest will take at `backgroundRate` requests a second; null when finished. */
  etaSeconds: number | null;
}

/**
 * Requests a second background work may spend: the key's budget less the slots kept for people's
 * pages (FSR_RATE_INTERACTIVE_RESERVE). Reports and people's pages go first, so this is the most a
 * cycle gets, and the basis of its time estimate.
 */
export function backgroundRate(rate: { limit: number; windowMs: number; interactiveReserve: number }): number {
  return Math.max(1, rate.limit - rate.interactiveReserve) / (rate.windowMs / 1000);
}

/** A cycle's progress, for the list page's live widget. */
export async function cycleProgress(db: Db, cycleId: string, backgroundRate: number): Promise<CycleProgress | null> {
  const cycle = await db.selectFrom('watch_cycles').selectAll().where('id', '=', cycleId).executeTakeFirst();
  if (!cycle) return null;
  const jobs = await groupProgress(db, cycleId);
  const totals = await db
    .selectFrom('watch_checks')
    .select([
      sql<number>`count(*)`.as('checked'),
      sql<number>`coalesce(sum(request_count), 0)`.as('spent'),
      sql<number>`coalesce(sum(change_count), 0)`.as('changes'),
      sql<number>`coalesce(sum(case when sections_not_checked > 0 then 1 else 0 end), 0)`.as('not_checked'),
    ])
    .where('cycle_id', '=', cycleId)
    .executeTakeFirstOrThrow();
  const estimated = Number(cycle.estimated_requests);
  const spent = Number(totals.spent);
  const finished = cycle.finished_at !== null;
  return {
    cycleId,
    trigger: cycle.trigger,
    scope: cycle.scope,
    createdAt: cycle.created_at,
    finishedAt: cycle.finished_at,
    entities: { total: Number(cycle.entity_count), checked: Number(totals.checked), failed: jobs.failed, waiting: jobs.queued + jobs.running },
    jobs,
    requests: { spent, estimated },
    changes: Number(totals.changes),
    notChecked: Number(totals.not_checked),
    etaSeconds: finished ? null : Math.ceil(Math.max(0, estimated - spent) / Math.max(0.001, backgroundRate)),
  };
}

/** The most recent cycles (newest first), optionally of one list. */
export async function recentCycles(db: Db, options: { watchlistId?: string; limit?: number } = {}) {
  let q = db
    .selectFrom('watch_cycles')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(options.limit ?? 10);
  if (options.watchlistId) q = q.where('watchlist_id', '=', options.watchlistId);
  return q.execute();
}
