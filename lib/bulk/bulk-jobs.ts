import type { EngineDeps } from '@/lib/jobs/engine-deps';
import type { Job } from '@/lib/jobs/job-queue';
import type { JobHandler } from '@/lib/jobs/worker';
import { BULK_ROW_JOB, settleBulkJob } from '@/lib/db/queries/bulk';
import { createBulkRowHandler } from './bulk-row-handler';

/** The bulk check's job kinds for the engine (lib/jobs/handlers.ts). */
export function bulkJobHandlers(deps: EngineDeps): Record<string, JobHandler> {
  return { [BULK_ROW_JOB]: createBulkRowHandler({ db: deps.db, client: deps.client, now: deps.now }) };
}

/**
 * After a bulk row's job is recorded: marks the bulk job finished when it was its last (a row
 * whose job failed without recording a result, after every attempt, still ends the job).
 */
export async function afterBulkJob(deps: EngineDeps, job: Job): Promise<boolean> {
  if (job.kind !== BULK_ROW_JOB || !job.group) return false;
  return (await settleBulkJob(deps.db, job.group, deps.now?.())) === 'finished';
}
