import { z } from 'zod';
import { defineJob } from '@/lib/jobs/define-job';
import type { EngineDeps } from '@/lib/jobs/engine-deps';
import type { Job } from '@/lib/jobs/job-queue';
import {
  AR_STANDING_ATTEMPTS,
  AR_STANDING_JOB,
  AR_STANDING_PRIORITY,
  arRecordedForPass,
  readArStanding,
  recordArStanding,
  settlePass,
  type ArStandingPayload,
} from './ar-standing';

const payload: z.ZodType<ArStandingPayload> = z.object({ passId: z.string(), principalFrn: z.string(), arFrn: z.string(), arName: z.string() });

/**
 * One current AR's standing for a principal (enqueued by `startStandingPass`, ar-standing.ts):
 * reads its record, requirements, disciplinary history and individuals at idle priority past the
 * cache, and records its standing and findings. Idempotent: an AR already recorded for its pass
 * reads nothing again; a shutdown mid-run answers at once and the job runs again.
 */
export const arStandingJob = defineJob<ArStandingPayload, EngineDeps>({
  kind: AR_STANDING_JOB,
  title: 'AR standing',
  payload,
  priority: AR_STANDING_PRIORITY,
  attempts: AR_STANDING_ATTEMPTS,
  stoppedMessage: "Stopped by a shutdown before the AR's standing was recorded.",
  async run(p, _job, { deps }) {
    if (await arRecordedForPass(deps.db, p)) return { status: 'done', result: { already: true } };
    const read = await readArStanding(deps.client, p.arFrn);
    if (read.kind === 'retry') return { status: 'retry', error: read.message, ...(read.retryAfterMs ? { retryAfterMs: read.retryAfterMs } : {}) };
    if (read.kind === 'not-found') return { status: 'failed', error: read.message };
    const recorded = await recordArStanding(deps.db, p, read, deps.now?.());
    return { status: 'done', result: { ...recorded, level: read.standing.level, requests: read.requests } };
  },
});

/** After an AR standing job's attempt: its pass is finished once none of its jobs is left to run. */
export async function afterArStandingJob(deps: EngineDeps, job: Job): Promise<void> {
  // The job as claimed (its state before the attempt): the pass reads its jobs' states from the queue itself.
  if (job.kind !== AR_STANDING_JOB || !job.group) return;
  await settlePass(deps.db, job.group, deps.now?.());
}
