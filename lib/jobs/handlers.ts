import { afterBulkJob, bulkJobHandlers } from '@/lib/bulk/bulk-jobs';
import { afterCycleClosed, notifyJobHandlers } from '@/lib/notify/notify-jobs';
import { afterPrincipalJob, principalJobHandlers } from '@/lib/principals/principal-check';
import { afterWatchJob, watchJobHandlers } from '@/lib/watch/watch-jobs';
import type { EngineDeps } from './engine-deps';
import type { Job } from './job-queue';
import type { JobHandler } from './worker';

/**
 * Every kind of background job the portal runs, in one place: the kind's handler, and what
 * happens once an attempt is recorded. Add a feature's handlers here.
 */
export function jobHandlers(deps: EngineDeps): Record<string, JobHandler> {
  return { ...watchJobHandlers(deps), ...notifyJobHandlers(deps), ...bulkJobHandlers(deps), ...principalJobHandlers(deps) };
}

/** Runs after every recorded attempt (closing a cycle when its last check is done, …). */
export async function afterJob(deps: EngineDeps, job: Job): Promise<void> {
  // A check that closed its cycle: that cycle's e-mail (high severity) and webhook (lib/notify).
  if ((await afterWatchJob(deps, job)) && job.group) await afterCycleClosed(deps, job.group);
  await afterBulkJob(deps, job);
  await afterPrincipalJob(deps, job);
}
