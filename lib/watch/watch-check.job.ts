import { z } from 'zod';
import { defineJob } from '@/lib/jobs/define-job';
import type { EngineDeps } from '@/lib/jobs/engine-deps';
import type { Job } from '@/lib/jobs/job-queue';
import type { EntityKind } from '@/lib/db/schema';
import { checkEntity } from './check-entity';
import { finishCycleIfDone, WATCH_CHECK_ATTEMPTS, WATCH_CHECK_JOB, WATCH_JOB_PRIORITY, type WatchCheckPayload } from './cycles';
import { isEntityKind } from './watch-sections';

const payload: z.ZodType<WatchCheckPayload> = z.object({
  cycleId: z.string(),
  kind: z.custom<EntityKind>(isEntityKind, 'not a kind of record'),
  ref: z.string(),
  sections: z.array(z.string()),
  name: z.string().nullable().default(null),
});

/**
 * The watch check job: one entity of one cycle (enqueued by `startCycle`, lib/watch/cycles.ts). The
 * check itself never fails for a section the register would not give (that section is "not
 * checked"); the job is retried only when the database or the process failed under it, and a
 * repeated job records nothing twice.
 */
export const watchCheckJob = defineJob<WatchCheckPayload, EngineDeps>({
  kind: WATCH_CHECK_JOB,
  title: 'watch check',
  payload,
  priority: WATCH_JOB_PRIORITY,
  attempts: WATCH_CHECK_ATTEMPTS,
  stoppedMessage: 'Stopped by a shutdown before the check was recorded.',
  async run(p, _job, { deps, signal }) {
    const outcome = await checkEntity({ db: deps.db, client: deps.client, now: deps.now, signal }, p);
    return {
      status: 'done',
      result: { checkId: outcome.checkId, baseline: outcome.baseline, changes: outcome.changes.length, notChecked: outcome.sectionsNotChecked, requests: outcome.requests },
    };
  },
});

/** After a watch check's job is recorded: closes its cycle when it was the last (true then). */
export async function afterWatchJob(deps: EngineDeps, job: Job): Promise<boolean> {
  if (job.kind !== WATCH_CHECK_JOB || !job.group) return false;
  return finishCycleIfDone(deps.db, job.group, deps.now?.());
}
