import { pruneExpiredBulkJobs } from '@/lib/bulk/bulk-store';
import { pruneEndedSessions } from '@/lib/db/queries/ended-sessions';
import { pruneReportDrafts } from '@/lib/db/queries/report-drafts';
import type { Db } from '@/lib/db/schema';
import { pruneFinishedJobs } from '@/lib/jobs/job-queue';
import { pruneExpiredAudit, type PruneResult } from '@/lib/audit/retention';

/**
 * The portal's daily clean-up of its own records: audit entries past the retention period, report
 * drafts nobody saved, the records of signed-out sessions that have expired anyway, and bulk
 * checks whose results are past BULK_RETENTION_DAYS (with their rows and queue jobs), and background
 * jobs finished (done, failed or cancelled) more than JOB_RETENTION_DAYS ago: what a job did is kept
 * where it belongs (a watch check in watch_checks, a row's result in bulk_rows). Runs when
 * each portal process starts and then once a day (lib/server/instrumentation-node.ts); with
 * several instances each runs it, which is harmless (deleting what is already deleted removes
 * nothing).
 */

export const HOUSEKEEPING_INTERVAL_MS = 24 * 3_600_000;

/** How long a finished background job stays in the queue's table (the notifications page lists recent ones). */
export const JOB_RETENTION_DAYS = 30;

export interface HousekeepingResult {
  audit: PruneResult;
  drafts: number;
  endedSessions: number;
  bulkJobs: number;
  /** Finished background jobs removed from the queue. */
  jobs: number;
}

export async function runHousekeeping(db: Db, retentionDays: number, now: number = Date.now()): Promise<HousekeepingResult> {
  const audit = await pruneExpiredAudit(db, retentionDays, now);
  const drafts = await pruneReportDrafts(db, now);
  const endedSessions = await pruneEndedSessions(db, now);
  const bulkJobs = await pruneExpiredBulkJobs(db, now);
  const jobs = await pruneFinishedJobs(db, new Date(now - JOB_RETENTION_DAYS * 86_400_000).toISOString());
  return { audit, drafts, endedSessions, bulkJobs, jobs };
}

export interface HousekeepingSchedule {
  /** Resolves when the first run (at start) has finished or failed. */
  firstRun: Promise<void>;
  stop(): void;
}

/**
 * Runs `task` now and every `intervalMs`. A failure is logged and retried at the next tick, never
 * thrown: a database that is briefly down must not stop the portal. The timer does not keep the
 * process alive.
 */
export function scheduleDaily(task: () => Promise<void>, log: (message: string) => void, intervalMs: number = HOUSEKEEPING_INTERVAL_MS): HousekeepingSchedule {
  const run = async () => {
    try {
      await task();
    } catch (error) {
      log(`Housekeeping failed (retried in ${Math.round(intervalMs / 3_600_000)} h): ${(error as Error).message}`);
    }
  };
  const firstRun = run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { firstRun, stop: () => clearInterval(timer) };
}
