/**
 * `npm run worker`: the portal's background engine without the web server, for deployments that
 * want the work apart from the web processes (the portal's own processes can then run with
 * BACKGROUND_WORK=off, or keep theirs: the queue's leases let any number of engines share it).
 * It runs the job queue's lanes (watch checks, and every other job kind listed in lib/server/background.ts)
 * and keeps the nightly watch schedule (WATCH_NIGHTLY, WATCH_NIGHTLY_AT).
 *
 * It reads the portal's settings: the same database (DATABASE_URL, or the SQLite file in
 * FSR_DATA_DIR), the same register (FSR_API_BASE_URL, FSR_API_EMAIL, FSR_API_KEY,
 * FSR_RATE_BUDGET) and, with REDIS_URL, the same shared budget and cache, so the worker's calls
 * and the pages' calls together stay inside one budget and a page still goes first.
 *
 * Without an FCA key and without FSR_API_BASE_URL, `npm start` starts the register sandbox on
 * SANDBOX_HOST:SANDBOX_PORT (default 127.0.0.1:4010) inside the portal's command. The worker does
 * not start a sandbox of its own (a second one would be another register with its own budget): it
 * uses the portal's at that address, and stops with exit code 2 when nothing answers there.
 *
 * Exit codes: 0 after a graceful stop (SIGTERM or SIGINT: running checks are abandoned and their
 * jobs run again later; the register client and the database are closed), 2 for settings that
 * cannot work, 1 for anything else.
 */
import { hostname } from 'node:os';
import { dbConfigFromEnv, openMigratedDb, type Env } from '@/lib/db/connect';
import { stopEngine } from '@/lib/jobs/engine';
import { readEngineSettings, startEngine } from '@/lib/server/background';
import { loadRegisterConfig, RegisterConfigError, type RegisterConfig } from '@/lib/register/load-config';
import { loadScaleOutConfig, ScaleOutConfigError } from '@/lib/register/scale-out-config';
import { portProblem, redactUrl, settingValue } from '@/lib/runtime/settings-values';
import { appendAudit } from '@/lib/db/queries/audit';
import { readMetricsSettings } from '@/lib/metrics/metrics-endpoint';
import { startMetricsServer } from '@/lib/metrics/metrics-server';
import { installPortalCollectors } from '@/lib/metrics/portal-collectors';
import { createPortalRegistry } from '@/lib/metrics/registry';
import { TokenCeilings } from '@/lib/tokens/token-ceiling';
import { createInstanceRegisterClient } from '@/lib/register/scaled-client';
import { formatMinutes } from '@/lib/watch/nightly';
import { log } from '@/lib/runtime/logger';

/** Exit code for settings the worker cannot work with (the message says which). */
export const SETTINGS_EXIT = 2;

export class WorkerSettingsError extends Error {
  override name = 'WorkerSettingsError';
}

/** Every problem with the settings the worker reads, each naming its variable. */
export function workerSettingsProblems(env: Env): string[] {
  const problems: string[] = [];
  const collect = (read: () => unknown) => {
    try {
      read();
    } catch (error) {
      if (error instanceof RegisterConfigError || error instanceof ScaleOutConfigError) problems.push(...error.problems);
      else problems.push((error as Error).message.replace(/\.$/, ''));
    }
  };
  collect(() => loadRegisterConfig(env));
  collect(() => loadScaleOutConfig(env));
  collect(() => dbConfigFromEnv(env));
  const metricsPort = portProblem('WORKER_METRICS_PORT', env.WORKER_METRICS_PORT);
  if (metricsPort) problems.push(metricsPort);
  problems.push(...readMetricsSettings(env).problems);
  const engine = readEngineSettings(env);
  problems.push(...engine.problems);
  if (engine.problems.length === 0 && !engine.settings.enabled) {
    problems.push('BACKGROUND_WORK is off, so the worker would have nothing to do: unset it (or set it to "on") for `npm run worker`');
  }
  return problems;
}

/** Whether the register settings name the sandbox that `npm start` starts (no key, no FSR_API_BASE_URL). */
export function usesPortalSandbox(env: Env): boolean {
  return !env.FSR_API_KEY?.trim() && !env.FSR_API_BASE_URL?.trim();
}

/** Fails with a message saying how to point the worker at the portal's register when the sandbox at the default address does not answer. */
export async function checkSandboxReachable(config: RegisterConfig, fetchImpl: typeof fetch = fetch): Promise<void> {
  const origin = new URL(config.baseUrl).origin;
  try {
    await fetchImpl(`${origin}/`, { signal: AbortSignal.timeout(3000) });
  } catch {
    throw new WorkerSettingsError(
      `No register answers at ${config.baseUrl}. Without FSR_API_KEY or FSR_API_BASE_URL the worker uses the sandbox that the portal's \`npm start\` runs ` +
        `(SANDBOX_HOST:SANDBOX_PORT); start the portal first, or set FSR_API_BASE_URL to the register the portal uses (npm start prints it: "Register sandbox: …"), ` +
        `or FSR_API_EMAIL and FSR_API_KEY for the FCA register.`,
    );
  }
}

async function main(): Promise<number> {
  const env: Env = { ...process.env };
  // Heartbeats and leases name this process apart from the portal instances on the same host.
  env.FSR_INSTANCE_ID ||= `${hostname()}:worker-${process.pid}`;
  const problems = workerSettingsProblems(env);
  if (problems.length > 0) {
    log.fatal({ problems }, `The worker's settings are not usable:\n- ${problems.join('\n- ')}`);
    return SETTINGS_EXIT;
  }
  const config = loadRegisterConfig(env);
  const scaleOut = loadScaleOutConfig(env);
  const settings = readEngineSettings(env).settings;
  if (usesPortalSandbox(env)) {
    try {
      await checkSandboxReachable(config);
    } catch (error) {
      log.fatal((error as Error).message);
      return SETTINGS_EXIT;
    }
  }

  const handle = await openMigratedDb(dbConfigFromEnv(env));
  const client = createInstanceRegisterClient({ config, scaleOut, log: (m) => log.warn(m) });
  const engine = startEngine({ db: handle.db, dialect: handle.dialect, client }, settings);
  // Its own /metrics (docs/deployment.md): the register calls this process makes are counted here, not in the portal's.
  const metricsPort = settingValue(env, 'WORKER_METRICS_PORT');
  const metrics = metricsPort
    ? await startMetricsServer(
        {
          db: async () => handle.db,
          ceilings: new TokenCeilings(),
          audit: (input) =>
            appendAudit(handle.db, { action: input.action, outcome: input.outcome ?? 'success', actor: input.user, reference: input.reference, detail: input.detail }),
          registry: () => {
            const target = createPortalRegistry(env);
            installPortalCollectors(target, { health: () => client.health(), db: async () => handle.db });
            return target.registry;
          },
          env,
        },
        { port: Number(metricsPort), host: settingValue(env, 'WORKER_METRICS_HOST') ?? '127.0.0.1' },
      )
    : undefined;
  log.info(
    [
      `Background worker ${env.FSR_INSTANCE_ID} running: ${settings.lanes} lanes, looking for work every ${settings.pollMs} ms.`,
      `Database: ${handle.location}`,
      `Register: ${config.baseUrl} (${config.source === 'live' ? 'live FCA register' : 'sandbox'}; budget ${config.rate.limit}/${config.rate.windowMs / 1000} s${scaleOut.redisUrl ? `, shared through ${redactUrl(scaleOut.redisUrl)}` : ', this process alone'})`,
      settings.nightly.enabled ? `Nightly watch cycle at ${formatMinutes(settings.nightly.atMinutes)} Europe/London.` : 'Nightly watch cycle: off (WATCH_NIGHTLY=off).',
      metrics ? `Metrics: ${metrics.url} (a metrics-scope token, or loopback with METRICS_ALLOW_LOOPBACK=true).` : 'Metrics: off (WORKER_METRICS_PORT unset).',
    ].join('\n'),
  );

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  log.info(`${signal}: stopping the background worker (checks in progress run again later)…`);
  // A second signal while stopping ends the process at once.
  const force = () => process.exit(1);
  process.once('SIGTERM', force);
  process.once('SIGINT', force);
  await new Promise((resolve) => (metrics ? metrics.server.close(resolve) : resolve(undefined)));
  await stopEngine();
  await client.close();
  await handle.close();
  log.info(`Background worker stopped after ${engine.worker.finished} jobs.`);
  return 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      log.fatal(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
