/**
 * `npm run instances -- N`: N production portal instances on one machine, as a load balancer
 * would have them, for trying scale-out locally. They listen on PORT, PORT+1, … (default 3000),
 * and share one register sandbox (unless FSR_API_KEY or FSR_API_BASE_URL points elsewhere), one
 * REDIS_URL (required), one database (DATABASE_URL, or the SQLite file in FSR_DATA_DIR, which
 * several processes on one machine can share), one NEXTAUTH_SECRET and one production build (so
 * one server-actions key and deployment id). Each gets FSR_INSTANCE_ID host:port and
 * FSR_INSTANCES=N (the share each uses alone if Redis is lost). Sessions work on every instance:
 * browsers send the same cookie to every port of 127.0.0.1. Each instance runs the background
 * engine (watch checks, the nightly watch schedule) from its instrumentation, all on the one job
 * queue in the shared database (BACKGROUND_WORK=off leaves the work to `npm run worker`).
 *
 *   REDIS_URL=redis://127.0.0.1:6379 npm run instances -- 3
 *   REDIS_URL=… DATABASE_URL=postgres://… NEXTAUTH_SECRET=… npm run instances -- 2
 *
 * Ctrl-C (or SIGTERM) stops every instance gracefully, then the sandbox.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { ensureFirstAdmin } from '@/lib/auth/first-admin';
import { resolveAuthSecret } from '@/lib/auth/secret';
import { dbConfigFromEnv, openMigratedDb } from '@/lib/db/connect';
import { loadScaleOutConfig } from '@/lib/register/scale-out-config';
import { readPublicUrl } from '@/lib/runtime/public-url';
import { redactUrl } from '@/lib/runtime/settings-values';
import { settingsProblems } from '@/lib/server/check-settings';
import { sandboxOptionsFromEnv } from '@/sandbox/config';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { buildIfNeeded } from './production-build';

const root = path.resolve(__dirname, '..');

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

/** Parses `N` (1–20) from the command line. */
export function parseInstanceCount(argv: string[]): number {
  const raw = argv.find((a) => !a.startsWith('-')) ?? '3';
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 20) {
    throw new Error(`The number of instances must be a whole number from 1 to 20 (got "${raw}"): npm run instances -- 3`);
  }
  return Number(raw);
}

async function waitUntilServing(url: string, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return false;
}

/** Copies a child's output line by line with a prefix, so interleaved logs stay readable. */
function prefixLines(stream: NodeJS.ReadableStream | null, prefix: string, out: NodeJS.WriteStream): void {
  let buffered = '';
  stream?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix} ${line}\n`);
  });
}

async function main(): Promise<void> {
  let count: number;
  try {
    count = parseInstanceCount(process.argv.slice(2));
  } catch (error) {
    fail((error as Error).message);
  }
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  env.HOSTNAME ||= '127.0.0.1';
  const basePort = Number(env.PORT || 3000);
  if (!Number.isInteger(basePort) || basePort < 1 || basePort + count - 1 > 65535) fail('PORT must be a port number that leaves room for every instance.');
  if (!env.REDIS_URL?.trim()) fail('REDIS_URL is required: the instances share their rate budget and cache through it (e.g. REDIS_URL=redis://127.0.0.1:6379).');
  env.FSR_INSTANCES ||= String(count);

  let sandbox: RunningSandbox | undefined;
  if (!env.FSR_API_KEY && !env.FSR_API_BASE_URL) {
    try {
      sandbox = await startSandbox(sandboxOptionsFromEnv(env));
    } catch (error) {
      fail(`Could not start the register sandbox: ${(error as Error).message}`);
    }
    env.FSR_API_BASE_URL = sandbox.baseUrl;
    console.log(`Register sandbox: ${sandbox.baseUrl} (one for all instances)`);
  }

  // Every setting at once (lib/server/check-settings.ts); the instances share the data folder's
  // generated secret when NEXTAUTH_SECRET is unset, even with DATABASE_URL (one machine).
  const problems = settingsProblems(env, { requireSharedSecret: false });
  if (problems.length > 0) {
    await sandbox?.close();
    fail(`The portal's settings are not usable:\n- ${problems.join('\n- ')}`);
  }
  try {
    const scaleOut = loadScaleOutConfig(env);
    console.log(`Redis: ${redactUrl(scaleOut.redisUrl!)} (prefix ${scaleOut.prefix}; each instance uses 1/${scaleOut.instances} of the budget if Redis is lost)`);
    // One secret for every instance: from the environment, or the data directory's file (local use only).
    const secret = env.NEXTAUTH_SECRET?.trim() ? resolveAuthSecret(env) : resolveAuthSecret({ ...env, DATABASE_URL: undefined });
    env.NEXTAUTH_SECRET = secret.secret;
    if (secret.file) console.log(`Sign-in secret: ${secret.file} (shared by all instances; set NEXTAUTH_SECRET in a real deployment)`);
  } catch (error) {
    fail((error as Error).message);
  }

  let admin: Awaited<ReturnType<typeof ensureFirstAdmin>>;
  try {
    const handle = await openMigratedDb(dbConfigFromEnv(env));
    console.log(`Database: ${handle.location} (shared)`);
    admin = await ensureFirstAdmin({ handle, env });
    await handle.close();
  } catch (error) {
    fail(`Could not prepare the database: ${(error as Error).message}`);
  }

  if (!buildIfNeeded(root, env).ok) fail('The production build failed; see the output above.');

  const publicAddress = readPublicUrl(env);
  const host = env.HOSTNAME.includes(':') ? `[${env.HOSTNAME}]` : env.HOSTNAME;
  const children: Array<{ port: number; url: string; child: ChildProcess }> = [];
  let stopping = false;
  let failed = false;
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const { child } of children) if (child.exitCode === null) child.kill(signal);
  };

  for (let i = 0; i < count; i += 1) {
    const port = basePort + i;
    const url = `http://${host}:${port}`;
    const childEnv: NodeJS.ProcessEnv = {
      ...env,
      PORT: String(port),
      FSR_INSTANCE_ID: env.FSR_INSTANCE_ID ? `${env.FSR_INSTANCE_ID}-${i + 1}` : `${env.HOSTNAME}:${port}`,
      // Behind a real load balancer every instance gets the balancer's URL (PORTAL_URL); here, without one, each is its own.
      NEXTAUTH_URL: publicAddress.source === 'HOSTNAME and PORT' ? url : publicAddress.origin,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'serve.ts')], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    prefixLines(child.stdout, `[${port}]`, process.stdout);
    prefixLines(child.stderr, `[${port}]`, process.stderr);
    children.push({ port, url, child });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      failed = true;
      console.error(`\n✖ The instance on port ${port} stopped (${signal ?? `exit ${code}`}); stopping the others.`);
      stopAll('SIGTERM');
    });
  }

  const served = await Promise.all(children.map(({ url, child }) => waitUntilServing(url, child)));
  if (served.some((ok) => !ok)) {
    stopAll('SIGTERM');
    fail('Not every instance started; see the output above.');
  }
  console.log(`\n${count} FSR Portal instances are ready:`);
  for (const { url } of children) console.log(`  ${url}   (ready check: ${url}/api/ready)`);
  if (admin.created) {
    console.log('\nFirst run: an administrator account was created. This password is shown only once:');
    console.log(`  e-mail:   ${admin.email}`);
    console.log(`  password: ${admin.password}`);
  }

  process.on('SIGINT', () => stopAll('SIGTERM'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  await Promise.all(children.map(({ child }) => (child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r)))));
  await sandbox?.close();
  process.exit(failed ? 1 : 0);
}

if (require.main === module) main().catch((error) => fail((error as Error).stack ?? String(error)));
