import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { isoNow } from '@/lib/db/clock';
import type { Db, DialectName, JobState, JobsTable } from '@/lib/db/schema';

/**
 * The portal's one queue of durable background work (watch checks, notifications, bulk rows), in
 * its own database: SQLite by default, PostgreSQL when scaled out. A worker claims a job with a
 * lease; while the lease runs the job is its own, and a lease that runs out (the process died)
 * makes the job claimable again, so nothing is lost across restarts. On PostgreSQL the claim takes
 * the row `FOR UPDATE SKIP LOCKED`, so several instances claim different jobs without waiting on
 * each other; on SQLite the claim is one `UPDATE … RETURNING` statement, which the database's
 * single writer makes atomic.
 *
 * Finishing is guarded by the lease owner: a worker whose lease was taken over cannot mark the job
 * done or failed behind the new owner's back.
 */

export interface Job<P = unknown> {
  id: string;
  kind: string;
  group: string | null;
  dedupeKey: string | null;
  payload: P;
  priority: number;
  state: JobState;
  runAfter: string;
  leaseOwner: string | null;
  leaseUntil: string | null;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  result: unknown;
  createdAt: string;
  finishedAt: string | null;
}

export interface NewJob {
  kind: string;
  payload: unknown;
  group?: string;
  /** Enqueueing a job whose key is already in the table does nothing. */
  dedupeKey?: string;
  /** Lower runs first; default 0. */
  priority?: number;
  /** Not before this time (ISO); default now. */
  runAfter?: string;
  /** Default 5. */
  maxAttempts?: number;
}

function toJob(row: Selectable<JobsTable>): Job {
  return {
    id: row.id,
    kind: row.kind,
    group: row.job_group,
    dedupeKey: row.dedupe_key,
    payload: JSON.parse(row.payload),
    priority: Number(row.priority),
    state: row.state,
    runAfter: row.run_after,
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    lastError: row.last_error,
    result: row.result === null ? null : JSON.parse(row.result),
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** Adds jobs (in one statement per 200); returns how many were new (a repeated dedupe key is skipped). */
export async function enqueueJobs(db: Db, jobs: NewJob[], now: number = Date.now()): Promise<number> {
  const at = isoNow(now);
  let added = 0;
  for (let i = 0; i < jobs.length; i += 200) {
    const rows = jobs.slice(i, i + 200).map((j) => ({
      id: randomUUID(),
      kind: j.kind,
      job_group: j.group ?? null,
      dedupe_key: j.dedupeKey ?? null,
      payload: JSON.stringify(j.payload ?? null),
      priority: j.priority ?? 0,
      state: 'queued' as const,
      run_after: j.runAfter ?? at,
      max_attempts: j.maxAttempts ?? 5,
      created_at: at,
      updated_at: at,
    }));
    const result = await db
      .insertInto('jobs')
      .values(rows)
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export interface ClaimOptions {
  /** Who holds the lease (instance and worker). */
  owner: string;
  /** Only these kinds; default any. */
  kinds?: readonly string[];
  /** How long the lease lasts before another worker may take the job over. */
  leaseMs: number;
  now?: number;
}

/**
 * Claims the next runnable job: queued and due, or running with a lease that has run out. Lowest
 * priority number first, then the oldest due. Counts the attempt. Null when there is nothing to do.
 */
export async function claimJob(db: Db, dialect: DialectName, options: ClaimOptions): Promise<Job | null> {
  const now = options.now ?? Date.now();
  const at = isoNow(now);
  const leaseUntil = isoNow(now + options.leaseMs);
  const kinds = options.kinds;
  let candidate = db
    .selectFrom('jobs')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', at)]), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', at)])]))
    .orderBy('priority')
    .orderBy('run_after')
    .orderBy('created_at')
    .limit(1);
  if (kinds && kinds.length > 0) candidate = candidate.where('kind', 'in', [...kinds]);
  const lockedCandidate = dialect === 'postgres' ? candidate.forUpdate().skipLocked() : candidate;
  const row = await db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running' as const,
      lease_owner: options.owner,
      lease_until: leaseUntil,
      attempts: eb('attempts', '+', 1),
      updated_at: at,
    }))
    .where('id', '=', (eb) => eb.selectFrom(lockedCandidate.as('c')).select('c.id'))
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : null;
}

/** Keeps a long job's lease; false when the lease is no longer this owner's (taken over). */
export async function extendLease(db: Db, id: string, owner: string, leaseMs: number, now: number = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_until: isoNow(now + leaseMs), updated_at: isoNow(now) })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a claimed job done; false when the lease was lost (another worker owns it now). */
export async function completeJob(db: Db, id: string, owner: string, result?: unknown, now: number = Date.now()): Promise<boolean> {
  const at = isoNow(now);
  const updated = await db
    .updateTable('jobs')
    .set({ state: 'done', result: result === undefined ? null : JSON.stringify(result), lease_owner: null, lease_until: null, finished_at: at, updated_at: at, last_error: null })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Backoff before attempt `attempts + 1`: 5 s, 10 s, 20 s… capped at 10 minutes, or what the failure asked for. */
export function backoffMs(attempts: number, retryAfterMs?: number): number {
  const exponential = Math.min(10 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
  return Math.max(exponential, retryAfterMs ?? 0);
}

export interface FailOptions {
  /** False for a failure that another attempt cannot mend (the job fails at once). */
  retryable: boolean;
  /** Wait at least this long before the next attempt (a rate-limit's retry time). */
  retryAfterMs?: number;
  now?: number;
}

/**
 * Records a failed attempt: queued again after a backoff while attempts remain and the failure is
 * retryable, otherwise failed for good. Returns the job's new state, or null when the lease was lost.
 */
export async function failJob(db: Db, id: string, owner: string, error: string, options: FailOptions): Promise<JobState | null> {
  const now = options.now ?? Date.now();
  const at = isoNow(now);
  const row = await db
    .selectFrom('jobs')
    .select(['attempts', 'max_attempts'])
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  if (!row) return null;
  const attempts = Number(row.attempts);
  const again = options.retryable && attempts < Number(row.max_attempts);
  const state: JobState = again ? 'queued' : 'failed';
  const updated = await db
    .updateTable('jobs')
    .set({
      state,
      last_error: error.slice(0, 2000),
      run_after: again ? isoNow(now + backoffMs(attempts, options.retryAfterMs)) : at,
      lease_owner: null,
      lease_until: null,
      finished_at: again ? null : at,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? state : null;
}

/** Cancels a group's jobs that have not finished (a running one finishes its current attempt but cannot complete). */
export async function cancelGroup(db: Db, group: string, now: number = Date.now()): Promise<number> {
  const at = isoNow(now);
  const result = await db
    .updateTable('jobs')
    .set({ state: 'cancelled', lease_owner: null, lease_until: null, finished_at: at, updated_at: at })
    .where('job_group', '=', group)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type GroupProgress = Record<JobState, number> & { total: number };

/** How many of a group's jobs are in each state. */
export async function groupProgress(db: Db, group: string): Promise<GroupProgress> {
  const rows = await db
    .selectFrom('jobs')
    .select(['state', sql<number>`count(*)`.as('n')])
    .where('job_group', '=', group)
    .groupBy('state')
    .execute();
  const progress: GroupProgress = { queued: 0, running: 0, done: 0, failed: 0, cancelled: 0, total: 0 };
  for (const r of rows) {
    progress[r.state] = Number(r.n);
    progress.total += Number(r.n);
  }
  return progress;
}

/** Queued jobs with the given kinds that are due now (what a worker would find to do). */
export async function dueJobCount(db: Db, kinds?: readonly string[], now: number = Date.now()): Promise<number> {
  let q = db
    .selectFrom('jobs')
    .select(sql<number>`count(*)`.as('n'))
    .where('state', '=', 'queued')
    .where('run_after', '<=', isoNow(now));
  if (kinds && kinds.length > 0) q = q.where('kind', 'in', [...kinds]);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** One job by id. */
export async function getJob(db: Db, id: string): Promise<Job | null> {
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toJob(row) : null;
}

/** Removes finished jobs older than `before` (ISO); returns how many. */
export async function pruneFinishedJobs(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('jobs').where('state', 'in', ['done', 'failed', 'cancelled']).where('finished_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
