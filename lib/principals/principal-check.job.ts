import { z } from 'zod';
import { defineJob } from '@/lib/jobs/define-job';
import type { EngineDeps } from '@/lib/jobs/engine-deps';
import type { Job } from '@/lib/jobs/job-queue';
import { PRINCIPAL_CHECK_ATTEMPTS, PRINCIPAL_CHECK_JOB, PRINCIPAL_CHECK_PRIORITY, runPrincipalCheck, type PrincipalCheckPayload } from './principal-check';
import { startStandingPass } from './ar-standing';
import { failCheck, getCheck } from './principal-store';

const payload: z.ZodType<PrincipalCheckPayload> = z.object({ checkId: z.string(), frn: z.string() });

/**
 * The principal check job (enqueued by `startPrincipalCheck`, principal-check.ts): reads the AR
 * list, records the reading and its findings, and after a nightly check starts the pass that reads
 * each current AR's own standing (ar-standing.ts). A register that does not answer is retried by the
 * queue; a check already recorded records nothing twice.
 */
export const principalCheckJob = defineJob<PrincipalCheckPayload, EngineDeps>({
  kind: PRINCIPAL_CHECK_JOB,
  title: 'principal check',
  payload,
  priority: PRINCIPAL_CHECK_PRIORITY,
  attempts: PRINCIPAL_CHECK_ATTEMPTS,
  stoppedMessage: 'Stopped by a shutdown before the check was recorded.',
  async run(p, _job, { deps }) {
    const run = await runPrincipalCheck(deps, p);
    if (run.outcome === 'retry') return { status: 'retry', error: run.error, ...(run.retryAfterMs ? { retryAfterMs: run.retryAfterMs } : {}) };
    // A nightly check is followed by its ARs' own standing at the idle share (once per check, keyed by it).
    const check = await getCheck(deps.db, p.checkId);
    if (check?.trigger === 'nightly' && check.outcome === 'ok' && check.currentCount > 0)
      await startStandingPass(deps.db, { frn: p.frn, trigger: 'nightly', requestedBy: check.requestedBy, passKey: `standing:${check.id}`, now: deps.now?.() });
    return { status: 'done', result: { findings: run.findings.length, ...run.applied, requests: run.requests } };
  },
});

/** After a principal check's job gave up or was cancelled: its check says so. */
export async function afterPrincipalJob(deps: EngineDeps, job: Job): Promise<void> {
  if (job.kind !== PRINCIPAL_CHECK_JOB) return;
  if (job.state !== 'failed' && job.state !== 'cancelled') return;
  const read = principalCheckJob.read(job.payload);
  if (read.ok) await failCheck(deps.db, read.payload.checkId, job.lastError ?? 'The check was cancelled.', deps.now?.());
}
