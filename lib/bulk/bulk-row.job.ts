import { z } from 'zod';
import { defineJob } from '@/lib/jobs/define-job';
import type { EngineDeps } from '@/lib/jobs/engine-deps';
import type { Job } from '@/lib/jobs/job-queue';
import type { JobHandler } from '@/lib/jobs/worker';
import { BULK_ROW_ATTEMPTS, BULK_ROW_JOB, BULK_ROW_PRIORITY, settleBulkJob, type BulkRowPayload } from '@/lib/bulk/bulk-store';
import { bulkRowChecker, type BulkRowHandlerDeps } from './bulk-row-handler';

const payload: z.ZodType<BulkRowPayload> = z.object({ bulkId: z.string(), rowNo: z.number().int() });

/**
 * The `bulk-row` job: one row of a bulk check (enqueued by lib/bulk/bulk-store.ts when a check
 * starts, a row is retried or a person picks a candidate). What it does: lib/bulk/bulk-row-handler.ts.
 * On shutdown it answers at once rather than wait for queued register calls: the job runs again,
 * and if this run still records the row, the next one finds it recorded and fetches nothing.
 */
export const bulkRowJob = defineJob<BulkRowPayload, BulkRowHandlerDeps>({
  kind: BULK_ROW_JOB,
  title: 'bulk row',
  payload,
  priority: BULK_ROW_PRIORITY,
  attempts: BULK_ROW_ATTEMPTS,
  stoppedMessage: 'Stopped by a shutdown before the row was recorded.',
  run: (p, job, { deps, signal }) => bulkRowChecker(deps)(p, job, signal),
});

/** The queue handler for one bulk row, for tests and the benchmark that run rows without the engine. */
export function createBulkRowHandler(deps: BulkRowHandlerDeps): JobHandler {
  return bulkRowJob.handler(deps);
}

/**
 * After a bulk row's job is recorded: marks the bulk job finished when it was its last (a row
 * whose job failed without recording a result, after every attempt, still ends the job).
 */
export async function afterBulkJob(deps: EngineDeps, job: Job): Promise<boolean> {
  if (job.kind !== BULK_ROW_JOB || !job.group) return false;
  return (await settleBulkJob(deps.db, job.group, deps.now?.())) === 'finished';
}
