import type { Job } from '@/lib/jobs/job-queue';
import type { JobHandler, JobOutcome } from '@/lib/jobs/worker';
import type { EngineDeps } from '@/lib/jobs/engine-deps';
import { checkEntity, CheckStopped } from './check-entity';
import { finishCycleIfDone, WATCH_CHECK_JOB, type WatchCheckPayload } from './cycles';
import { isEntityKind } from './watch-sections';

/**
 * The watch check job: one entity of one cycle. The check itself never fails for a section the
 * register would not give (that section is "not checked"); the job is retried only when the
 * database or the process failed under it, and a repeated job records nothing twice.
 */
export function watchJobHandlers(deps: EngineDeps): Record<string, JobHandler> {
  return {
    [WATCH_CHECK_JOB]: async (job: Job, { signal }): Promise<JobOutcome> => {
      const p = job.payload as WatchCheckPayload;
      if (!p || typeof p.cycleId !== 'string' || !isEntityKind(p.kind) || typeof p.ref !== 'string' || !Array.isArray(p.sections)) {
        return { status: 'failed', error: 'The watch check job is not readable (cycle, kind, reference or sections missing).' };
      }
      // On shutdown, answer at once rather than wait for queued register calls: the job runs again.
      // The worker's signal is shared by every job: the listener goes when this job ends.
      let onAbort = () => undefined as void;
      const stopped = new Promise<'stopped'>((resolve) => {
        onAbort = () => resolve('stopped');
        if (signal.aborted) resolve('stopped');
        else signal.addEventListener('abort', onAbort, { once: true });
      });
      const checking = checkEntity({ db: deps.db, client: deps.client, now: deps.now, signal }, p);
      const outcome = await Promise.race([checking, stopped])
        .catch((error: unknown) => {
          if (error instanceof CheckStopped) return 'stopped' as const;
          throw error;
        })
        .finally(() => signal.removeEventListener('abort', onAbort));
      if (outcome === 'stopped') {
        checking.catch(() => undefined);
        return { status: 'retry', error: 'Stopped by a shutdown before the check was recorded.' };
      }
      return {
        status: 'done',
        result: { checkId: outcome.checkId, baseline: outcome.baseline, changes: outcome.changes.length, notChecked: outcome.sectionsNotChecked, requests: outcome.requests },
      };
    },
  };
}

/** After a watch check's job is recorded: closes its cycle when it was the last (true then). */
export async function afterWatchJob(deps: EngineDeps, job: Job): Promise<boolean> {
  if (job.kind !== WATCH_CHECK_JOB || !job.group) return false;
  return finishCycleIfDone(deps.db, job.group, deps.now?.());
}
