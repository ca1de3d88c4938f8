/**
 * `npm start`: the portal on a fresh machine, one command.
 *
 * 1. Without an FCA key (FSR_API_KEY unset and no FSR_API_BASE_URL), starts the offline register
 *    sandbox on SANDBOX_HOST:SANDBOX_PORT and points the portal at it.
 * 2. Validates every setting (lib/server/check-settings.ts), prepares the database (migrations), the next-auth secret,
 *    and on the very first run creates an administrator whose generated password is printed once.
 * 3. Builds the portal's production bundle when it is missing or older than the sources.
 * 4. Serves the portal (scripts/serve.ts: Next inside the portal's own HTTP server, JSON log lines) on
 *    HOSTNAME:PORT and prints the one address to open: the public one (PORTAL_URL) when it is set.
 * SIGINT/SIGTERM stop the portal (which finishes in-flight requests) and then the sandbox.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadRegisterConfig } from '@/lib/register/load-config';
import { loadScaleOutConfig } from '@/lib/register/scale-out-config';
import { readPublicUrl } from '@/lib/runtime/public-url';
import { redactUrl } from '@/lib/runtime/settings-values';
import { settingsProblems } from '@/lib/server/check-settings';
import { dbConfigFromEnv, openMigratedDb } from '@/lib/db/connect';
import { ensureFirstAdmin } from '@/lib/auth/first-admin';
import { resolveAuthSecret } from '@/lib/auth/secret';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { sandboxOptionsFromEnv } from '@/sandbox/config';
import { buildIfNeeded } from './production-build';

const root = path.resolve(__dirname, '..');
const env: NodeJS.ProcessEnv = { ...process.env };
env.PORT ||= '3000';
env.HOSTNAME ||= '127.0.0.1';
env.NEXT_TELEMETRY_DISABLED ||= '1';
const portalUrl = `http://${env.HOSTNAME.includes(':') ? `[${env.HOSTNAME}]` : env.HOSTNAME}:${env.PORT}`;

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

/** Resolves once the portal answers HTTP (any status), so the printed address works when printed. */
async function waitUntilServing(portal: ReturnType<typeof spawn>): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (portal.exitCode !== null) return;
    try {
      await fetch(`${portalUrl}/api/health`, { redirect: 'manual', signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function main(): Promise<void> {
  let sandbox: RunningSandbox | undefined;
  if (!env.FSR_API_KEY && !env.FSR_API_BASE_URL) {
    try {
      sandbox = await startSandbox(sandboxOptionsFromEnv(env));
    } catch (error) {
      fail(`Could not start the register sandbox: ${(error as Error).message}`);
    }
    env.FSR_API_BASE_URL = sandbox.baseUrl;
    console.log(`Register sandbox: ${sandbox.baseUrl} (fictional data; account ${sandbox.accounts[0]?.email})`);
  }

  // Every setting at once (lib/server/check-settings.ts), before the database or the build is touched.
  const problems = settingsProblems(env);
  if (problems.length > 0) {
    await sandbox?.close();
    fail(`The portal's settings are not usable:\n- ${problems.join('\n- ')}`);
  }
  // next-auth's name for the public address follows the portal's one address (lib/runtime/public-url.ts).
  const address = readPublicUrl(env);
  env.NEXTAUTH_URL ||= address.origin;
  if (address.deprecated.length > 0) console.log(`Note: ${address.deprecated.join(', ')} is deprecated; name the public address PORTAL_URL.`);
  const config = loadRegisterConfig(env);
  if (!sandbox) console.log(`Register: ${config.baseUrl} (${config.source === 'live' ? 'live FCA register' : 'sandbox'})`);
  const scaleOut = loadScaleOutConfig(env);
  if (scaleOut.redisUrl) {
    console.log(`Redis: ${redactUrl(scaleOut.redisUrl)} (shared budget and cache; instance ${scaleOut.instanceId}, 1/${scaleOut.instances} of the budget if Redis is lost)`);
  }

  try {
    const secret = resolveAuthSecret(env);
    env.NEXTAUTH_SECRET = secret.secret;
    if (secret.source === 'generated') console.log(`Generated a sign-in secret and stored it in ${secret.file}.`);
  } catch (error) {
    fail((error as Error).message);
  }

  let admin: Awaited<ReturnType<typeof ensureFirstAdmin>>;
  try {
    const handle = await openMigratedDb(dbConfigFromEnv(env));
    console.log(`Database: ${handle.location}`);
    admin = await ensureFirstAdmin({ handle, env });
    await handle.close();
  } catch (error) {
    fail(`Could not prepare the database: ${(error as Error).message}`);
  }

  if (!buildIfNeeded(root, env).ok) fail('The production build failed; see the output above.');

  const portal = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'serve.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  await waitUntilServing(portal);
  console.log(`\nFSR Portal is ready: ${address.origin}${address.origin !== new URL(portalUrl).origin ? ` (served on ${portalUrl})` : ''}`);
  if (admin.created) {
    console.log('\nFirst run: an administrator account was created. This password is shown only once:');
    console.log(`  e-mail:   ${admin.email}`);
    console.log(`  password: ${admin.password}`);
    console.log('Sign in and create accounts for your colleagues under Admin › Users (or `npm run users -- --help`).\n');
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    portal.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  portal.on('exit', async (code, signal) => {
    await sandbox?.close();
    process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
  });
}

main().catch((error) => fail((error as Error).stack ?? String(error)));
