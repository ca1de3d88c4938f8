/**
 * Runs once when a portal server process starts, in the Node.js runtime only (instrumentation.ts
 * imports it there, so the Edge build never sees process.exit). Checks every setting
 * (lib/server/check-settings.ts), also when `next start` runs without `npm start`, so a
 * mistyped setting stops start-up with a message naming the variable instead of failing the
 * first page or report, and starts the daily
 * housekeeping: audit entries older than AUDIT_RETENTION_DAYS and expired report drafts are
 * deleted at start-up and then every 24 hours. With REDIS_URL set it creates the register client
 * now, so the connection to Redis is up before the first page. It also installs the graceful
 * shutdown: on SIGTERM, once Next has finished the requests in flight, the register client
 * releases its locks and closes Redis, then the database pool is closed.
 */
export async function registerNodeServer(): Promise<void> {
  const { readAuditRetentionDays } = await import('@/lib/audit/retention');
  const { loadScaleOutConfig } = await import('@/lib/register/scale-out-config');
  const { settingsProblems } = await import('@/lib/server/check-settings');
  // Next would otherwise keep running and answer 500 to everything (a short NEXTAUTH_SECRET, a
  // half-configured sign-in provider…); stop, naming every variable at fault and no value.
  const { log } = await import('@/lib/runtime/logger');
  const problems = settingsProblems(process.env);
  if (problems.length > 0) {
    log.fatal({ problems }, `The portal's settings are not usable:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  // Under a bare `next start` nobody has put the forwarded headers right (lib/server/http-server.ts).
  if (process.env.NODE_ENV === 'production' && !process.env.FSR_PORTAL_SERVER) {
    log.warn('Served without scripts/serve.ts (npm start): X-Forwarded-For and X-Forwarded-Host are taken as clients send them; start the portal with npm start.');
  }
  // Owner-only data folder, database, secrets and backups (lib/runtime/private-files.ts).
  const { securePortalFiles } = await import('@/lib/server/secure-data-folder');
  for (const line of securePortalFiles(process.env)) log.warn(`[files] ${line}`);
  const retentionDays = readAuditRetentionDays(process.env);
  const redisConfigured = Boolean(loadScaleOutConfig(process.env).redisUrl);

  const { runHousekeeping, scheduleDaily } = await import('@/lib/server/housekeeping');
  const { getDb } = await import('@/lib/db/client');
  scheduleDaily(
    async () => {
      const result = await runHousekeeping(await getDb(), retentionDays);
      if (result.audit.deleted > 0 || result.drafts > 0 || result.jobs > 0) {
        log.info(
          `Housekeeping: removed ${result.audit.deleted} audit entries older than ${result.audit.before}, ${result.drafts} expired report drafts and ${result.jobs} finished background jobs.`,
        );
      }
    },
    (message) => log.error(message),
  );

  const { installGracefulShutdown, onShutdown } = await import('@/lib/runtime/shutdown');
  const { existingRegisterClient, getRegisterClient } = await import('@/lib/register/client');
  const { closeDb } = await import('@/lib/db/client');
  installGracefulShutdown({ log: (message) => log.info(message) });
  // The background engine (watch checks, bulk rows, notifications) runs in every portal process
  // unless BACKGROUND_WORK=off. It stops first on shutdown, before the register client and the
  // database it uses; a job in progress is left to its lease and claimed again later.
  const { stopEngine } = await import('@/lib/jobs/engine');
  const { readEngineSettings, startEngine } = await import('@/lib/server/background');
  const engineSettings = readEngineSettings(process.env).settings;
  onShutdown('background engine', stopEngine);
  onShutdown('register client (queued calls, Redis locks and connection)', async () => {
    await existingRegisterClient()?.close();
  });
  onShutdown('database', closeDb);
  if (redisConfigured) {
    try {
      getRegisterClient();
    } catch (error) {
      log.fatal({ err: error }, (error as Error).message);
      process.exit(1);
    }
  }

  // Ready means able to write: the proxy and /api/ready use this probe (a small transaction on a
  // table of its own) to tell whether the database takes writes, and while it does not, it is
  // tried again in the background too, so the portal comes back by itself even with no traffic.
  const { registerWriteProbe, stillUnwritable, RECHECK_MS } = await import('@/lib/db/db-writable');
  const { probeInstance, probeWrite } = await import('@/lib/health/write-probe');
  const { getDbHandle: dbHandle } = await import('@/lib/db/client');
  const instance = probeInstance(process.env);
  registerWriteProbe(async () => {
    await probeWrite((await dbHandle()).db, instance);
  });
  setInterval(() => void stillUnwritable(), RECHECK_MS * 2).unref();

  // Two-factor secrets written before they were encrypted at rest are encrypted now (once; every
  // instance may try, each row is updated only while it is still plain).
  void (async () => {
    try {
      const { encryptPlainTotpSecrets, totpKey } = await import('@/lib/auth/totp-encryption');
      const encrypted = await encryptPlainTotpSecrets(await getDb(), totpKey());
      if (encrypted > 0) log.warn(`[two-factor] encrypted ${encrypted} two-factor secret${encrypted === 1 ? '' : 's'} stored before encryption at rest`);
    } catch (error) {
      log.error(`[two-factor] could not encrypt stored two-factor secrets: ${(error as Error).message}`);
    }
  })();

  if (engineSettings.enabled) {
    const { getDbHandle } = await import('@/lib/db/client');
    // The database may still be starting (PostgreSQL beside the portal): keep trying, quietly after the first message.
    const begin = async (attempt: number): Promise<void> => {
      try {
        const handle = await getDbHandle();
        startEngine({ db: handle.db, dialect: handle.dialect, client: getRegisterClient() }, engineSettings);
      } catch (error) {
        if (attempt === 0) log.error(`Background work waits for the database: ${(error as Error).message}`);
        setTimeout(() => void begin(attempt + 1), 30_000).unref();
      }
    };
    await begin(0);
  }
}
