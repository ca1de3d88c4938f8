import type { Db, DialectName } from '@/lib/db/schema';
import type { Job } from './job-queue';
import { startWorker, type JobHandler, type Worker } from './worker';
import { settingValue, wholeNumberIn } from '@/lib/runtime/settings-values';
import { getLogger } from '@/lib/runtime/logger';

/**
 * The background engine of one process: a worker on the portal's job queue with the handlers and
 * schedules it is given. Which kinds of work exist, and the schedules, are the composition root's
 * (lib/server/background.ts): this folder knows no feature. It runs inside every portal process
 * (`npm start`, each of `npm run instances`) unless BACKGROUND_WORK=off, and alone in `npm run
 * worker`. Every register call a job makes goes through the process's register client at
 * background priority, so the pacer puts a person's page first whatever the engine is doing.
 */

export interface WorkerSettings {
  /** Whether this process runs background jobs. */
  enabled: boolean;
  /** Jobs one process runs at once. */
  lanes: number;
  /** How often an idle lane looks for work (ms). */
  pollMs: number;
  /** How long a claimed job is this process's before another may take it over (renewed while it runs; ms). */
  leaseMs: number;
}

const DEFAULTS: WorkerSettings = { enabled: true, lanes: 2, pollMs: 1000, leaseMs: 60_000 };

/** Reads BACKGROUND_WORK, BACKGROUND_LANES, BACKGROUND_POLL_MS and BACKGROUND_LEASE_SECONDS; problems name the variable. */
export function readWorkerSettings(env: Record<string, string | undefined>): { settings: WorkerSettings; problems: string[] } {
  const problems: string[] = [];
  const settings: WorkerSettings = { ...DEFAULTS };
  const work = settingValue(env, 'BACKGROUND_WORK')?.toLowerCase();
  if (work) {
    if (work === 'on') settings.enabled = true;
    else if (work === 'off') settings.enabled = false;
    else problems.push('BACKGROUND_WORK must be "on" or "off"');
  }
  const int = (name: string, min: number, max: number, apply: (n: number) => void) => {
    const raw = settingValue(env, name);
    if (raw === undefined) return;
    const n = wholeNumberIn(raw, min, max);
    if (n === undefined) problems.push(`${name} must be a whole number from ${min} to ${max}`);
    else apply(n);
  };
  int('BACKGROUND_LANES', 1, 16, (n) => (settings.lanes = n));
  int('BACKGROUND_POLL_MS', 50, 60_000, (n) => (settings.pollMs = n));
  // After a crash, a job in progress waits out its lease before it runs again.
  int('BACKGROUND_LEASE_SECONDS', 3, 3600, (n) => (settings.leaseMs = n * 1000));
  return { settings, problems };
}

/** Something that runs on a timer beside the worker (the nightly cycle, the digests), stopped with it. */
export interface Schedule {
  stop(): void | Promise<void>;
}

export interface EngineParts {
  db: Db;
  dialect: DialectName;
  /** Every kind's handler by kind. */
  handlers: Record<string, JobHandler>;
  /** After every recorded attempt (closing a cycle when its last check is done, …). */
  afterJob(job: Job): Promise<void>;
  /** Started with the worker; `wake` starts idle lanes now. */
  schedules(wake: () => void): Schedule[];
}

export interface Engine {
  worker: Worker;
  stop(): Promise<void>;
}

const KEY = Symbol.for('fsr-portal.background-engine');
type Holder = typeof globalThis & { [KEY]?: Engine };

/** Starts this process's engine (once; a second call returns the first). */
export function startEngineWith(parts: EngineParts, settings: WorkerSettings, log: (message: string) => void = (message) => getLogger().error(message)): Engine {
  const holder = globalThis as Holder;
  if (holder[KEY]) return holder[KEY];
  const worker = startWorker({
    db: parts.db,
    dialect: parts.dialect,
    handlers: parts.handlers,
    lanes: settings.lanes,
    pollMs: settings.pollMs,
    leaseMs: settings.leaseMs,
    onOutcome: (job) => parts.afterJob(job),
    onError: (error) => log(`Background work: ${error instanceof Error ? error.message : String(error)}`),
  });
  const schedules = parts.schedules(() => worker.wake());
  const engine: Engine = {
    worker,
    async stop() {
      for (const schedule of schedules) await schedule.stop();
      await worker.stop();
      if (holder[KEY] === engine) holder[KEY] = undefined;
    },
  };
  holder[KEY] = engine;
  return engine;
}

/** Tells this process's engine that work was just enqueued, so it starts now rather than at its next look. */
export function wakeEngine(): void {
  (globalThis as Holder)[KEY]?.worker.wake();
}

/** Stops this process's engine, if one runs (graceful shutdown). */
export async function stopEngine(): Promise<void> {
  await (globalThis as Holder)[KEY]?.stop();
}
