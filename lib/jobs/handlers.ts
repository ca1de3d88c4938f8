import { afterBulkJob, bulkJobHandlers } from '@/lib/bulk/bulk-jobs';
import { afterWatchJob, watchJobHandlers } from '@/lib/watch/watch-jobs';
import type { EngineDeps } from './engine-deps';
import type { Job } from './job-queue';
import type { JobHandler } from './worker';

/**
 * Every kind of background job the portal runs, in one place: the kind's handler, and what
 * happens once an attempt is recorded. Add a feature's handlers here.
 */
export function jobHandlers(deps: EngineDeps): Record<string, JobHandler> {
  return { ...watchJobHandlers(deps), ...bulkJobHandlers(deps) };
}

/** Runs after every recorded attempt (closing a cycle when its last check is done, …). */
export async function afterJob(deps: EngineDeps, job: Job): Promise<void> {
  await afterWatchJob(deps, job);
  await afterBulkJob(deps, job);
}
