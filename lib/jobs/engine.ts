import { readNightlySettings, startNightlySchedule, type NightlySchedule, type NightlySettings } from '@/lib/watch/nightly';
import type { EngineDeps } from './engine-deps';
import { startDigestSchedule } from '@/lib/notify/notify-jobs';
import { startPrincipalNightly, type PrincipalNightly } from '@/lib/principals/principal-nightly';
import { afterJob, jobHandlers } from './handlers';
import { startWorker, type Worker } from './worker';
import { settingValue, wholeNumberIn } from '@/lib/server/settings-values';
import { getLogger } from '@/lib/server/logger';

/**
 * The background engine of one process: a worker on the portal's job queue with every job kind's
 * handler (lib/jobs/handlers.ts). It runs inside every portal process (`npm start`, each of
 * `npm run instances`) unless BACKGROUND_WORK=off, and alone in `npm run worker`. Every register
 * call it makes goes through the process's register client at background priority, so the pacer
 * puts a person's page first whatever the engine is doing.
 */

export interface EngineSettings {
  /** Whether this process runs background jobs. */
  enabled: boolean;
  /** Jobs one process runs at once. */
  lanes: number;
  /** How often an idle lane looks for work (ms). */
  pollMs: number;
  /** How long a claimed job is this process's before another may take it over (renewed while it runs; ms). */
  leaseMs: number;
  /** The nightly watch cycle's schedule. */
  nightly: NightlySettings;
}

const DEFAULTS: Omit<EngineSettings, 'nightly'> = { enabled: true, lanes: 2, pollMs: 1000, leaseMs: 60_000 };

/** Reads BACKGROUND_WORK, BACKGROUND_LANES, BACKGROUND_POLL_MS, BACKGROUND_LEASE_SECONDS, WATCH_NIGHTLY and WATCH_NIGHTLY_AT; problems name the variable. */
export function readEngineSettings(env: Record<string, string | undefined>): { settings: EngineSettings; problems: string[] } {
  const nightly = readNightlySettings(env);
  const problems: string[] = [...nightly.problems];
  const settings: EngineSettings = { ...DEFAULTS, nightly: nightly.settings };
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

export interface Engine {
  worker: Worker;
  /** The nightly schedule, when WATCH_NIGHTLY is on. */
  nightly: NightlySchedule | null;
  /** The principals' nightly reconciliation (lib/principals), on the same schedule. */
  principalNightly: PrincipalNightly | null;
  stop(): Promise<void>;
}

const KEY = Symbol.for('fsr-portal.background-engine');
type Holder = typeof globalThis & { [KEY]?: Engine };

/** Starts this process's engine (once; a second call returns the first). */
export function startEngine(deps: EngineDeps, settings: EngineSettings, log: (message: string) => void = (message) => getLogger().error(message)): Engine {
  const holder = globalThis as Holder;
  if (holder[KEY]) return holder[KEY];
  const worker = startWorker({
    db: deps.db,
    dialect: deps.dialect,
    handlers: jobHandlers(deps),
    lanes: settings.lanes,
    pollMs: settings.pollMs,
    leaseMs: settings.leaseMs,
    onOutcome: (job) => afterJob(deps, job),
    onError: (error) => log(`Background work: ${error instanceof Error ? error.message : String(error)}`),
  });
  const nightly = settings.nightly.enabled ? startNightlySchedule({ db: deps.db, now: deps.now, log, onStarted: () => worker.wake() }, settings.nightly) : null;
  const principalNightly = settings.nightly.enabled ? startPrincipalNightly({ db: deps.db, now: deps.now, log, onStarted: () => worker.wake() }, settings.nightly) : null;
  // The daily watch digest (lib/notify): keeps today's and tomorrow's digest jobs enqueued.
  const digests = startDigestSchedule(deps, log);
  const engine: Engine = {
    worker,
    nightly,
    principalNightly,
    async stop() {
      await nightly?.stop();
      await principalNightly?.stop();
      digests.stop();
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
