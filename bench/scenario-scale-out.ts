/**
 * Scenario 5: scenario 4's team across three portal instances that share the register budget,
 * the 429 block and the response cache through Redis. The instances are started the way an
 * operator starts them, with `scripts/instances.ts 3` (one build, one sign-in secret, one SQLite
 * database file in a fresh data directory, FSR_INSTANCES=3), pointed at the benchmark's sandbox
 * and REDIS_URL. Every page view goes to the next instance in turn, as a load balancer without
 * session affinity would send it, so a firm opened on one instance is read on another.
 *
 * The shared Redis is namespaced with a prefix of this run's own (FSR_REDIS_PREFIX), and the
 * run's keys (and only those) are removed afterwards; nothing else in that Redis is touched.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import { type AdminActor, createLocalUser } from '@/lib/auth/user-admin';
import { openMigratedDb } from '@/lib/db/connect';
import type { RunningSandbox } from '@/sandbox/server';
import { signIn } from './portal-session';
import { runTeam, type TeamResult } from './scenario-team';

const INSTANCES = 3;

/** Why scenario 5 cannot run here, or undefined when it can. */
export function scaleOutMissing(root: string, redisUrl: string | undefined): string | undefined {
  if (!redisUrl) return 'REDIS_URL is not set (scenario 5 runs the team across three instances sharing a Redis).';
  const pieces = ['scripts/instances.ts', 'app/api/ready/route.ts', 'lib/register/redis-rate-store.ts'].filter((p) => !existsSync(path.join(root, p)));
  if (pieces.length > 0) return `the scale-out pieces are not in this checkout yet (missing ${pieces.join(', ')}).`;
  return undefined;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** `count` consecutive free ports (instances.ts listens on PORT, PORT+1, …). */
async function freeConsecutivePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    let ok = true;
    for (let i = 0; i < count && ok; i++) ok = await portFree(base + i);
    if (ok) return base;
  }
  throw new Error(`No ${count} consecutive free ports found between 20000 and 50000`);
}

async function waitReady(urls: string[], child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  const ready = new Set<string>();
  while (ready.size < urls.length) {
    if (child.exitCode !== null) throw new Error(`scripts/instances.ts exited during start-up:\n${output().slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`The instances were not ready within 180 s:\n${output().slice(-4000)}`);
    for (const url of urls) {
      if (ready.has(url)) continue;
      try {
        const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) ready.add(url);
      } catch {
        // not listening yet
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Deletes this run's keys (SCAN by its own prefix; never FLUSH: the Redis is shared). */
async function removeRunKeys(redisUrl: string, prefix: string): Promise<number> {
  const client = createClient({ url: redisUrl });
  client.on('error', () => undefined);
  await client.connect();
  let removed = 0;
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) {
      const batch = Array.isArray(keys) ? keys : [keys];
      if (batch.length > 0) removed += await client.unlink(batch);
    }
  } finally {
    await client.quit().catch(() => undefined);
  }
  return removed;
}

const CLI_ACTOR: AdminActor = { id: null, email: 'cli:bench', via: 'cli' };

export async function runScaleOut(ctx: {
  root: string;
  redisUrl: string;
  distDir: string;
  runId: string;
  sandbox: RunningSandbox;
  portalEnv: Record<string, string>;
  portalAccount: { email: string };
  staff: number;
  seconds: number;
  log: (line: string) => void;
}): Promise<TeamResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fsr-bench-scale-'));
  const prefix = `fsr-bench-${ctx.runId}`;
  const basePort = await freeConsecutivePorts(INSTANCES);
  const urls = Array.from({ length: INSTANCES }, (_, i) => `http://127.0.0.1:${basePort + i}`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...ctx.portalEnv,
    REDIS_URL: ctx.redisUrl,
    FSR_REDIS_PREFIX: prefix,
    FSR_INSTANCES: String(INSTANCES),
    FSR_INSTANCE_ID: `bench-${ctx.runId}`,
    FSR_DATA_DIR: dataDir,
    FSR_ADMIN_EMAIL: 'admin@bench.example',
    NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
    NEXT_DIST_DIR: ctx.distDir,
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(basePort),
    HOSTNAME: '127.0.0.1',
  };
  // One SQLite file in the run's data directory, shared by the three processes.
  delete env.DATABASE_URL;
  delete env.NEXTAUTH_URL;

  let output = '';
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), 'scripts/instances.ts', String(INSTANCES)], {
    cwd: ctx.root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitReady(urls, child, () => output);
    const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(dataDir, 'portal.db') });
    const sessions: string[] = [];
    try {
      for (let i = 1; i <= ctx.staff; i++) {
        const { user, password } = await createLocalUser(handle.db, CLI_ACTOR, { email: `staff${String(i).padStart(2, '0')}@bench.example`, role: 'analyst' });
        // Signed in on one instance; the session (a JWT under the shared secret) holds on all three.
        sessions.push(await signIn(urls[i % INSTANCES], user.email, password));
      }
    } finally {
      await handle.close();
    }
    return await runTeam({ sandbox: ctx.sandbox, baseUrls: urls, sessions, portalAccount: ctx.portalAccount, seconds: ctx.seconds, seed: 'bench-team', log: ctx.log });
  } finally {
    // instances.ts stops every instance gracefully on SIGTERM; the group is killed if that stalls.
    if (child.exitCode === null && child.pid) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
    try {
      const removed = await removeRunKeys(ctx.redisUrl, prefix);
      ctx.log(`  removed this run's ${removed} Redis keys (prefix ${prefix})`);
    } catch (error) {
      ctx.log(`  could not remove this run's Redis keys (prefix ${prefix}): ${(error as Error).message}`);
    }
  }
}
