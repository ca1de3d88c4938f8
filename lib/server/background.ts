import { bulkRowJob, afterBulkJob } from '@/lib/bulk/bulk-row.job';
import type { AnyJobKind } from '@/lib/jobs/define-job';
import { handlersFor } from '@/lib/jobs/define-job';
import { readWorkerSettings, startEngineWith, type Engine, type WorkerSettings } from '@/lib/jobs/engine';
import type { Job } from '@/lib/jobs/job-queue';
import type { JobHandler } from '@/lib/jobs/worker';
import { afterCycleClosed, digestJob, highMailJob, startDigestSchedule, webhookJob, type NotifyDeps } from '@/lib/notify/notify-jobs';
import { readNightlySettings, startNightlySchedule, type NightlySettings } from '@/lib/watch/nightly';
import { afterWatchJob, watchCheckJob } from '@/lib/watch/watch-check.job';
import { afterPrincipalJob, principalCheckJob } from '@/lib/principals/principal-check.job';
import { startPrincipalNightly } from '@/lib/principals/principal-nightly';
import { afterArStandingJob, arStandingJob } from '@/lib/principals/ar-standing.job';
import { getLogger } from '@/lib/runtime/logger';

/**
 * The composition root of background work: every kind of job the portal runs, what happens after
 * each recorded attempt, and the schedules. A kind is declared once, in its feature's `*.job.ts`
 * (`defineJob`, lib/jobs/define-job.ts); adding one is that file and one line in `JOB_KINDS`.
 * lib/jobs (the queue, the worker, the engine) knows none of them.
 */

/** What the kinds are given: the engine's database, dialect, register client and clock, and where notifications go. */
export type BackgroundDeps = NotifyDeps;

export const JOB_KINDS: readonly AnyJobKind<BackgroundDeps>[] = [watchCheckJob, bulkRowJob, digestJob, highMailJob, webhookJob, principalCheckJob, arStandingJob];

/** Every kind's handler by kind, given the dependencies. */
export function jobHandlers(deps: BackgroundDeps): Record<string, JobHandler> {
  return handlersFor(JOB_KINDS, deps);
}

/** Runs after every recorded attempt (closing a cycle when its last check is done, …). */
export async function afterJob(deps: BackgroundDeps, job: Job): Promise<void> {
  // A check that closed its cycle: that cycle's e-mail (high severity) and webhook (lib/notify).
  if ((await afterWatchJob(deps, job)) && job.group) await afterCycleClosed(deps, job.group);
  await afterBulkJob(deps, job);
  await afterPrincipalJob(deps, job);
  await afterArStandingJob(deps, job);
}

export interface EngineSettings extends WorkerSettings {
  /** The nightly watch cycle's schedule. */
  nightly: NightlySettings;
}

/** Reads BACKGROUND_WORK, BACKGROUND_LANES, BACKGROUND_POLL_MS, BACKGROUND_LEASE_SECONDS, WATCH_NIGHTLY and WATCH_NIGHTLY_AT; problems name the variable. */
export function readEngineSettings(env: Record<string, string | undefined>): { settings: EngineSettings; problems: string[] } {
  const nightly = readNightlySettings(env);
  const worker = readWorkerSettings(env);
  return { settings: { ...worker.settings, nightly: nightly.settings }, problems: [...nightly.problems, ...worker.problems] };
}

/** Starts this process's engine with every kind and schedule (once; a second call returns the first). */
export function startEngine(deps: BackgroundDeps, settings: EngineSettings, log: (message: string) => void = (message) => getLogger().error(message)): Engine {
  return startEngineWith(
    {
      db: deps.db,
      dialect: deps.dialect,
      handlers: jobHandlers(deps),
      afterJob: (job) => afterJob(deps, job),
      schedules: (wake) => [
        ...(settings.nightly.enabled ? [startNightlySchedule({ db: deps.db, now: deps.now, log, onStarted: wake }, settings.nightly)] : []),
        // Every principal's nightly reconciliation (lib/principals), on the same schedule.
        ...(settings.nightly.enabled ? [startPrincipalNightly({ db: deps.db, now: deps.now, log, onStarted: wake }, settings.nightly)] : []),
        // The daily watch digest (lib/notify): keeps today's and tomorrow's digest jobs enqueued.
        startDigestSchedule(deps, log),
      ],
    },
    settings,
    log,
  );
}
