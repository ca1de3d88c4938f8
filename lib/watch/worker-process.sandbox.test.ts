import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithService, probePostgres, probeRedis, testDatabaseUrl, testRedisUrl } from '@/test/services';
import { type DbHandle, openMigratedDb } from '@/lib/db/connect';
import { isoNow } from '@/lib/db/clock';
import type { Db } from '@/lib/db/schema';
import { buildDataset } from '@/sandbox/dataset/generate';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { startCycle } from './cycles';

/**
 * The engine as a process of its own (`npm run worker`, scripts/worker.ts), stopped and started
 * for real: a worker killed (SIGKILL) or stopped (SIGTERM) mid-cycle leaves nothing lost and no
 * entity checked twice, and the entities it had finished are not read from the register again;
 * three workers on PostgreSQL sharing one budget through Redis check each entity once, with no
 * 429 from the register. The register is the sandbox behind a small proxy that counts requests
 * per path, so "not read again" is counted, not inferred.
 */

const ROOT = path.resolve(__dirname, '../..');
const SECTIONS = ['record', 'permissions', 'names'];
const [pgStatus, redisStatus] = await Promise.all([probePostgres(), probeRedis()]);

interface Register {
  sandbox: RunningSandbox;
  baseUrl: string;
  /** Requests per path (below /services/V0.1, query left out). */
  counts: Map<string, number>;
  close(): Promise<void>;
}

async function startRegister(options: { rateLimit: { requests: number; seconds: number } | 'off'; account: { email: string; key: string } }): Promise<Register> {
  const sandbox = await startSandbox({
    port: 0,
    seed: 'fsr-sandbox',
    firms: 300,
    individuals: 600,
    funds: 40,
    latency: { min: 20, max: 60 },
    rateLimit: options.rateLimit,
    accounts: [options.account],
  });
  const counts = new Map<string, number>();
  const proxy = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', sandbox.origin);
    const key = url.pathname.replace(/^\/services\/V0\.1/, '');
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers[name] = value;
    fetch(url, { headers })
      .then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        const out: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
        });
        res.writeHead(answer.status, out).end(body);
      })
      .catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as AddressInfo).port;
  return {
    sandbox,
    baseUrl: `http://127.0.0.1:${port}/services/V0.1`,
    counts,
    async close() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await sandbox.close();
    },
  };
}

/** Authorised firms of the sandbox's dataset, in a fixed order. */
function firms(n: number): string[] {
  const dataset = buildDataset('fsr-sandbox', { firms: 300, individuals: 600, funds: 40 });
  return [...dataset.firms.values()]
    .filter((f) => f.kind === 'authorised')
    .map((f) => f.frn)
    .sort()
    .slice(0, n);
}

interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function spawnWorker(env: Record<string, string>): WorkerProcess {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'FSR_API_KEY', 'FSR_API_EMAIL', 'FSR_API_BASE_URL', 'FSR_INSTANCE_ID']) delete base[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    cwd: ROOT,
    env: { ...base, BACKGROUND_POLL_MS: '100', BACKGROUND_LEASE_SECONDS: '3', BACKGROUND_LANES: '2', WATCH_NIGHTLY: 'off', FSR_API_TIMEOUT_MS: '10000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (c: Buffer) => (text += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => text, exited };
}

async function watchFirms(db: Db, refs: string[]): Promise<void> {
  const at = isoNow();
  await db
    .insertInto('watchlists')
    .values({
      id: 'wl-w',
      name: 'Counterparties',
      owner_email: 'ann@example.com',
      sections: JSON.stringify({ firm: SECTIONS, individual: ['record'], fund: ['record'] }),
      created_at: at,
      updated_at: at,
    })
    .execute();
  for (let i = 0; i < refs.length; i += 100) {
    await db
      .insertInto('watchlist_entries')
      .values(refs.slice(i, i + 100).map((ref) => ({ watchlist_id: 'wl-w', kind: 'firm' as const, ref, name: null, added_by: 'ann@example.com', added_at: at })))
      .execute();
  }
}

async function checkedRefs(db: Db, cycleId: string): Promise<string[]> {
  return (await db.selectFrom('watch_checks').select('ref').where('cycle_id', '=', cycleId).execute()).map((r) => r.ref);
}

async function waitFor(what: string, condition: () => Promise<boolean>, worker: WorkerProcess[], timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    const dead = worker.find((w) => w.child.exitCode !== null || w.child.signalCode !== null);
    if (dead) throw new Error(`A worker stopped while waiting for ${what}:\n${dead.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}:\n${worker.map((w) => w.output().slice(-1500)).join('\n---\n')}`);
}

/** Requests per firm (its record and its sections' paths), from the proxy's counts. */
function requestsOf(counts: Map<string, number>, frn: string): Record<string, number> {
  return Object.fromEntries([...counts].filter(([p]) => p === `/Firm/${frn}` || p.startsWith(`/Firm/${frn}/`)).sort());
}

async function stop(worker: WorkerProcess, signal: NodeJS.Signals) {
  worker.child.kill(signal);
  return worker.exited;
}

describe('a worker process stopped mid-cycle (SQLite)', () => {
  const account = { email: 'worker-restart@example.com', key: 'worker-restart-key' };
  let register: Register;
  let dir: string;
  let handle: DbHandle;

  beforeAll(async () => {
    register = await startRegister({ rateLimit: 'off', account });
    dir = mkdtempSync(path.join(tmpdir(), 'fsr-worker-'));
    handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(dir, 'portal.db') });
  });
  afterAll(async () => {
    await handle?.close();
    await register?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('resumes after SIGKILL and after SIGTERM: every entity checked once, finished ones never read again', async () => {
    const refs = firms(30);
    await watchFirms(handle.db, refs);
    const cycle = await startCycle(handle.db, { trigger: 'manual', scope: 'all', requestedBy: 'ann@example.com' });
    expect(cycle.entityCount).toBe(30);
    const env = { FSR_DATA_DIR: dir, FSR_API_BASE_URL: register.baseUrl, FSR_API_EMAIL: account.email, FSR_API_KEY: account.key, FSR_RATE_BUDGET: '12/1' };
    const checked = async () => (await checkedRefs(handle.db, cycle.cycleId)).length;

    // Killed without warning once a third is done: the jobs it held wait out their lease.
    const first = spawnWorker(env);
    await waitFor('a third of the checks', async () => (await checked()) >= 10, [first]);
    expect(await stop(first, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const afterKill = { refs: await checkedRefs(handle.db, cycle.cycleId), counts: new Map(register.counts) };
    expect(afterKill.refs.length).toBeLessThan(30);

    // Stopped gracefully at two thirds: the checks it was making are abandoned and queued again.
    const second = spawnWorker(env);
    await waitFor('two thirds of the checks', async () => (await checked()) >= 20, [second]);
    const graceful = await stop(second, 'SIGTERM');
    expect(graceful, second.output()).toEqual({ code: 0, signal: null });
    expect(second.output()).toMatch(/SIGTERM: stopping the background worker/);
    expect(second.output()).toMatch(/Background worker stopped after \d+ jobs\./);
    const afterTerm = { refs: await checkedRefs(handle.db, cycle.cycleId), counts: new Map(register.counts) };
    expect(afterTerm.refs.length).toBeLessThan(30);

    const third = spawnWorker(env);
    await waitFor(
      'the end of the cycle',
      async () => (await handle.db.selectFrom('watch_cycles').select('finished_at').where('id', '=', cycle.cycleId).executeTakeFirstOrThrow()).finished_at !== null,
      [third],
    );
    expect(await stop(third, 'SIGTERM')).toEqual({ code: 0, signal: null });

    // Nothing lost, nothing twice.
    const final = await checkedRefs(handle.db, cycle.cycleId);
    expect(final.sort()).toEqual([...refs].sort());
    const jobs = await handle.db.selectFrom('jobs').select(['state', 'attempts']).where('job_group', '=', cycle.cycleId).execute();
    expect(jobs.map((j) => j.state)).toEqual(Array(30).fill('done'));
    // Entities finished before a stop were not read again after it (counted at the register).
    for (const [snapshot, label] of [
      [afterKill, 'SIGKILL'],
      [afterTerm, 'SIGTERM'],
    ] as const) {
      for (const ref of snapshot.refs) expect(requestsOf(register.counts, ref), `${ref}, checked before the ${label}`).toEqual(requestsOf(snapshot.counts, ref));
    }
    // Only a check in progress at a stop is read twice: at most two lanes at each of two stops.
    const reread = refs.filter((ref) => (register.counts.get(`/Firm/${ref}`) ?? 0) > 1);
    expect(reread.length).toBeLessThanOrEqual(4);
    for (const ref of refs) expect(register.counts.get(`/Firm/${ref}`), ref).toBeGreaterThanOrEqual(1);
    // The graceful stop abandoned the checks in its lanes: they ran again (and were recorded once).
    const retried = jobs.filter((j) => Number(j.attempts) > 1).length;
    expect(retried).toBeGreaterThanOrEqual(1);
    expect(retried).toBeLessThanOrEqual(4);
  }, 240_000);

  it('stops with exit code 2 and says how, when the register settings cannot reach the portal’s register', async () => {
    const missing = spawnWorker({ FSR_DATA_DIR: dir, SANDBOX_PORT: '1' });
    const result = await missing.exited;
    expect(result.code).toBe(2);
    expect(missing.output()).toMatch(/No register answers at http:\/\/127\.0\.0\.1:1\/services\/V0\.1\..*start the portal first, or set FSR_API_BASE_URL/s);
    const bad = spawnWorker({ FSR_DATA_DIR: dir, FSR_API_KEY: 'k', BACKGROUND_WORK: 'off', WATCH_NIGHTLY_AT: '25:00' });
    expect((await bad.exited).code).toBe(2);
    expect(bad.output()).toMatch(/FSR_API_EMAIL is required when FSR_API_KEY is set/);
    expect(bad.output()).toMatch(/WATCH_NIGHTLY_AT must be a time of day/);
    expect(bad.output()).not.toMatch(/at .*\.ts:\d+/);
  }, 60_000);
});

describeWithService(pgStatus)('three worker processes on PostgreSQL', () => {
  describeWithService(redisStatus)('sharing one budget through Redis', () => {
    const account = { email: `three-${randomBytes(3).toString('hex')}@example.com`, key: 'three-key' };
    const database = `i14rt_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const url = new URL(testDatabaseUrl());
    let register: Register;
    let handle: DbHandle;
    let databaseUrl: string;

    beforeAll(async () => {
      // The register allows 20 a second; each worker alone would send up to 18 a second, three 54.
      register = await startRegister({ rateLimit: { requests: 20, seconds: 1 }, account });
      const admin = new pg.Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
      handle = await openMigratedDb({ dialect: 'postgres', url: databaseUrl });
    });
    afterAll(async () => {
      await handle?.close();
      await register?.close();
      const admin = new pg.Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    });

    it('checks each entity once per cycle, spreads the work over the three, and gets no 429', async () => {
      const refs = firms(60);
      await watchFirms(handle.db, refs);
      const cycle = await startCycle(handle.db, { trigger: 'manual', scope: 'all', requestedBy: 'ann@example.com' });
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: testRedisUrl(),
        FSR_REDIS_PREFIX: `t-${database}`,
        FSR_INSTANCES: '3',
        FSR_API_BASE_URL: register.baseUrl,
        FSR_API_EMAIL: account.email,
        FSR_API_KEY: account.key,
        FSR_RATE_BUDGET: '18/1',
      };
      const workers = [1, 2, 3].map((n) => spawnWorker({ ...env, FSR_INSTANCE_ID: `worker-${n}` }));
      await waitFor(
        'the end of the cycle',
        async () => (await handle.db.selectFrom('watch_cycles').select('finished_at').where('id', '=', cycle.cycleId).executeTakeFirstOrThrow()).finished_at !== null,
        workers,
      );
      const exits = await Promise.all(workers.map((w) => stop(w, 'SIGTERM')));
      expect(exits).toEqual(Array(3).fill({ code: 0, signal: null }));

      const checks = await checkedRefs(handle.db, cycle.cycleId);
      expect(checks.sort()).toEqual([...refs].sort());
      // Each firm's record was read once across the three: no check ran twice anywhere.
      for (const ref of refs) expect(register.counts.get(`/Firm/${ref}`), ref).toBe(1);
      const jobsDone = workers.map((w) => Number(/stopped after (\d+) jobs/.exec(w.output())?.[1]));
      expect(jobsDone.reduce((a, b) => a + b, 0)).toBe(60);
      expect(
        jobsDone.every((n) => n > 0),
        `jobs per worker: ${jobsDone.join(', ')}`,
      ).toBe(true);
      const stats = register.sandbox.stats()[account.email];
      expect(stats?.rateLimited).toBe(0);
      expect(stats?.requests).toBeGreaterThanOrEqual(180);
    }, 240_000);
  });
});
