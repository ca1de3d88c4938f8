import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildDataset } from '@/sandbox/dataset/generate';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { deleteKeysUnder, redisServerStatus, startOwnRedis, uniquePrefix, type OwnRedis } from '@/test/redis-server';
import { describeWithService, probeRedis, testRedisUrl } from '@/test/services';
import { loadRegisterConfig } from './load-config';
import type { RegisterClient } from './register-client-types';
import type { RegisterResult } from './result';
import { createInstanceRegisterClient } from './scaled-client';
import type { SharedStoresTiming } from './shared-stores';

/**
 * Several portal instances as several register clients, each with its own Redis connection and
 * stores, against the sandbox over real HTTP with latency on and the real limit's ratio (50 per
 * 2 s here, so the runs stay short). The sandbox's own counts are the proof: requests, the most in
 * any rolling window, 429s.
 */

const SEED = 'fsr-sandbox';
const SIZES = { firms: 700, individuals: 100, funds: 10 };
const LATENCY = { min: 40, max: 160 };
const ACCOUNT = { email: 'sandbox@example.com', key: 'sandbox-key' };
const dataset = buildDataset(SEED, SIZES);
const showcase = new Set<string>(Object.values(SHOWCASE).flat());
const frns = [...dataset.firms.keys()].filter((frn) => !showcase.has(frn));

const redisStatus = await probeRedis(testRedisUrl());
const describeRedis = describeWithService(redisStatus);
const describeOwnRedis = describeWithService(redisServerStatus());

const failures = (results: Array<RegisterResult<unknown>>) => results.filter((r) => r.kind !== 'ok').map((r) => `${r.kind}: ${'message' in r ? r.message : ''}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Instance {
  id: string;
  client: RegisterClient;
  logs: string[];
}

function instances(
  sandbox: RunningSandbox,
  redisUrl: string,
  prefix: string,
  ids: string[],
  env: Record<string, string> = {},
  timing: Partial<SharedStoresTiming> = {},
): Instance[] {
  const config = loadRegisterConfig({
    FSR_API_BASE_URL: sandbox.baseUrl,
    FSR_API_EMAIL: ACCOUNT.email,
    FSR_API_KEY: ACCOUNT.key,
    FSR_API_TIMEOUT_MS: '10000',
    FSR_RATE_BUDGET: '45/2',
    FSR_RATE_MARGIN_MS: '250',
    ...env,
  });
  return ids.map((id) => {
    const logs: string[] = [];
    const client = createInstanceRegisterClient({
      config,
      scaleOut: { redisUrl, prefix, instances: ids.length, instanceId: id },
      timing,
      log: (m) => logs.push(m),
    });
    return { id, client, logs };
  });
}

function stats(sandbox: RunningSandbox) {
  return sandbox.stats()[ACCOUNT.email];
}

describeRedis('scaled-out register clients sharing one Redis (TEST_REDIS_URL)', () => {
  const url = testRedisUrl();
  const prefix = uniquePrefix('scale');
  let sandbox: RunningSandbox;
  const opened: Instance[] = [];
  const open = (...args: Parameters<typeof instances>) => {
    const list = instances(...args);
    opened.push(...list);
    return list;
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: SEED, ...SIZES, latency: LATENCY, rateLimit: { requests: 50, seconds: 2 }, blockSeconds: 60 });
  });
  afterAll(async () => {
    await Promise.all(opened.map((i) => i.client.close()));
    await sandbox.close();
    await deleteKeysUnder(url, prefix);
  });

  it('two instances with their own stores never exceed the one budget: 240 distinct requests, zero 429s', async () => {
    sandbox.reset();
    const [a, b] = open(sandbox, url, `${prefix}:budget`, ['a', 'b']);
    const started = Date.now();
    const results = await Promise.all([...frns.slice(0, 120).map((frn) => a.client.firm(frn)), ...frns.slice(120, 240).map((frn) => b.client.firm(frn))]);
    const elapsed = Date.now() - started;
    expect(failures(results)).toEqual([]);
    const s = stats(sandbox);
    expect(s).toMatchObject({ requests: 240, rateLimited: 0, blocks: 0 });
    expect(s.maxInWindow).toBeLessThanOrEqual(45);
    const [ha, hb] = await Promise.all([a.client.health(), b.client.health()]);
    expect(ha.calls.sent + hb.calls.sent).toBe(240);
    // Both got a fair part of the budget (each pump competes for every freed slot).
    expect(Math.min(ha.calls.sent, hb.calls.sent)).toBe(120);
    expect(ha.shared).toMatchObject({ mode: 'shared', redis: { state: 'ready' } });
    console.info(
      `[scale-out figures] 2 instances, 240 distinct requests at 45/2 s against 50/2 s: sent ${s.requests}, max in any 2 s ${s.maxInWindow}, 429s ${s.rateLimited}, took ${(elapsed / 1000).toFixed(1)} s`,
    );
  }, 60_000);

  it('one upstream request for 40 concurrent reads of one firm through two instances, then served by either from the shared cache', async () => {
    sandbox.reset();
    const [a, b] = open(sandbox, url, `${prefix}:flight`, ['a', 'b']);
    const frn = SHOWCASE.bankFrn;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).client.firm(frn)));
    expect(failures(results)).toEqual([]);
    expect(stats(sandbox).requests).toBe(1);
    expect(new Set(results.map((r) => r.kind === 'ok' && r.provenance.retrievedAt)).size).toBe(1);
    const [ha, hb] = await Promise.all([a.client.health(), b.client.health()]);
    // One instance loaded it; the other waited for its lock and read the shared cache.
    expect(ha.calls.sent + hb.calls.sent).toBe(1);
    expect(ha.cache.remoteFlights + hb.cache.remoteFlights).toBe(1);

    // A firm loaded through one instance is then served by the other without a new request.
    const other = frns[300];
    expect(await a.client.firmNames(other)).toMatchObject({ kind: 'ok', provenance: { source: 'live' } });
    expect(await b.client.firmNames(other)).toMatchObject({ kind: 'ok', provenance: { source: 'cache' } });
    expect(stats(sandbox).requests).toBe(2);
    expect((await b.client.health()).shared?.cache.sharedHits).toBeGreaterThanOrEqual(1);

    // A refresh on one instance is what the other serves next (its memory copy is dropped).
    const refreshed = await a.client.firmNames(other, { refresh: true });
    await sleep(100);
    const seen = await b.client.firmNames(other);
    expect(stats(sandbox).requests).toBe(3);
    expect(seen.kind === 'ok' && refreshed.kind === 'ok' && seen.provenance.retrievedAt).toBe(refreshed.kind === 'ok' && refreshed.provenance.retrievedAt);
  }, 30_000);

  it("holds every API token together to the programs' share across instances: one log in Redis", async () => {
    sandbox.reset();
    // 45 per 2 s for the key, 40 % of it (18) for programs, whichever instance they reach: 30 at once would fit the budget, not the share.
    const [a, b] = open(sandbox, url, `${prefix}:programs`, ['a', 'b'], { FSR_RATE_PROGRAM_SHARE: '40' });
    const calls = frns.slice(600, 630).map((frn, i) => (i % 2 === 0 ? a : b).client.firm(frn, { priority: 'report', lane: 'programs' }));
    expect(failures(await Promise.all(calls))).toEqual([]);
    const s = stats(sandbox);
    expect(s).toMatchObject({ requests: 30, rateLimited: 0 });
    // Counted by the register: never more than the share in any rolling window, for both together.
    expect(s.maxInWindow).toBeLessThanOrEqual(18);
    expect((await a.client.health()).budget.programs.limit).toBe(18);
  }, 60_000);

  it('report walks on one instance leave the interactive reserve to pages on another', async () => {
    sandbox.reset();
    const [a, b] = open(sandbox, url, `${prefix}:reserve`, ['a', 'b'], { FSR_RATE_INTERACTIVE_RESERVE: '5' });
    const reports = frns.slice(400, 520).map((frn) => a.client.firmAddresses(frn, { priority: 'report' }));
    await sleep(800);
    const waits: number[] = [];
    // As many page calls as the reserve holds, in one window (more would wait for a reserved slot to free).
    for (const frn of frns.slice(520, 525)) {
      const t = Date.now();
      expect((await b.client.firmAddresses(frn)).kind).toBe('ok');
      waits.push(Date.now() - t);
    }
    expect(failures(await Promise.all(reports))).toEqual([]);
    const s = stats(sandbox);
    expect(s.rateLimited).toBe(0);
    expect(s.maxInWindow).toBeLessThanOrEqual(45);
    // Each page call waited for its own answer only (latency ≤ 160 ms), never for a window to pass.
    expect(Math.max(...waits)).toBeLessThan(1_000);
    console.info(`[scale-out figures] page calls on instance b behind a 120-call report walk on instance a: waits ${waits.join(', ')} ms`);
  }, 60_000);

  it('a 429 seen by one instance blocks the other, which sends nothing until it ends', async () => {
    // The sandbox allows 5 per 2 s; the instances believe 45 per 2 s, so the sixth request breaches.
    const strict = await startSandbox({ port: 0, seed: SEED, ...SIZES, latency: LATENCY, rateLimit: { requests: 5, seconds: 2 }, blockSeconds: 3 });
    try {
      const [a, b] = open(strict, url, `${prefix}:block`, ['a', 'b'], { FSR_RATE_BLOCK_SECONDS: '3' });
      const first = await Promise.all(frns.slice(0, 6).map((frn) => a.client.firm(frn)));
      expect(first.filter((r) => r.kind === 'rate-limited' && r.fromUpstream)).toHaveLength(1);
      const requestsAtBreach = stats(strict).requests;
      const held = await b.client.firm(frns[10]);
      expect(held).toMatchObject({ kind: 'rate-limited', fromUpstream: false, provenance: null });
      expect((await b.client.health()).block.active).toBe(true);
      expect(stats(strict).requests).toBe(requestsAtBreach);
      const waited = b.client.firm(frns[11], { priority: 'background' });
      await sleep(2_000);
      expect(stats(strict).requests).toBe(requestsAtBreach);
      expect(await waited).toMatchObject({ kind: 'ok' });
      expect(stats(strict)).toMatchObject({ rateLimited: 1, blocks: 1 });
    } finally {
      await strict.close();
    }
  }, 30_000);
});

describeOwnRedis('scaled-out register clients when Redis dies mid-run (a redis-server of this test)', () => {
  let redis: OwnRedis;
  let sandbox: RunningSandbox;
  let list: Instance[] = [];
  beforeAll(async () => {
    redis = await startOwnRedis();
    sandbox = await startSandbox({ port: 0, seed: SEED, ...SIZES, latency: LATENCY, rateLimit: { requests: 50, seconds: 2 }, blockSeconds: 60 });
  });
  afterAll(async () => {
    await Promise.all(list.map((i) => i.client.close()));
    await sandbox.close();
    await redis.stop();
  });

  it('falls back to each instance’s share with no 429 and no failed call, and recovers when Redis returns', async () => {
    const timing = { heartbeatMs: 250, staleMs: 500, graceMs: 1_500, reconnectMaxMs: 300, startupWaitMs: 1_000 };
    list = instances(sandbox, redis.url, uniquePrefix('kill'), ['a', 'b'], {}, timing);
    const [a, b] = list;
    const modes = new Set<string>();
    const results: Array<RegisterResult<unknown>> = [];
    let next = 0;
    let stop = false;
    const keys = frns.flatMap((frn) => [frn, `${frn}/names`]);
    const worker = async (inst: Instance) => {
      while (!stop) {
        const key = keys[next++ % keys.length];
        const [frn, names] = key.split('/');
        results.push(await (names ? inst.client.firmNames(frn) : inst.client.firm(frn)));
      }
    };
    const sampler = setInterval(async () => {
      for (const inst of list) modes.add(`${inst.id}:${(await inst.client.health()).shared?.mode}`);
    }, 100);
    const workers = [a, a, a, b, b, b].map(worker);

    await sleep(2_500);
    const beforeKill = stats(sandbox).requests;
    await redis.kill();
    await sleep(5_000);
    const duringOutage = stats(sandbox).requests - beforeKill;
    await redis.restart();
    await sleep(4_000);
    stop = true;
    await Promise.all(workers);
    clearInterval(sampler);

    const s = stats(sandbox);
    expect(failures(results)).toEqual([]);
    expect(s.rateLimited).toBe(0);
    expect(s.maxInWindow).toBeLessThanOrEqual(45);
    // After a pause of one window (plus the silence allowance) each instance went on with its share.
    expect(duringOutage).toBeGreaterThan(10);
    expect(s.requests).toBeGreaterThan(beforeKill + duringOutage + 20);
    expect([...modes]).toEqual(expect.arrayContaining(['a:fallback', 'b:fallback', 'a:shared', 'b:shared']));
    const [ha, hb] = await Promise.all([a.client.health(), b.client.health()]);
    expect(ha.shared).toMatchObject({ mode: 'shared', redis: { state: 'ready', outages: 1 }, fallbackShare: { limit: 22, instances: 2 } });
    expect(hb.shared?.mode).toBe('shared');
    expect(a.logs.join('\n')).toMatch(/sends at most 22 of 45 requests per window/);
    expect(a.logs.join('\n')).toMatch(/Redis answers again/);
    console.info(
      `[scale-out figures] Redis killed for 5 s under load (2 instances, 45/2 s budget, 50/2 s limit): ${results.length} calls all ok, sandbox requests ${s.requests} (${duringOutage} while Redis was down), max in any 2 s ${s.maxInWindow}, 429s ${s.rateLimited}; modes seen ${[...modes].sort().join(', ')}`,
    );
  }, 60_000);

  it('starts on its share when Redis is unreachable at start-up, says so, and joins the shared budget when Redis appears', async () => {
    await redis.kill();
    sandbox.reset();
    const timing = { heartbeatMs: 250, staleMs: 500, graceMs: 1_000, reconnectMaxMs: 300, startupWaitMs: 500 };
    const [solo] = instances(sandbox, redis.url, uniquePrefix('late'), ['solo'], {}, timing);
    list.push(solo);
    const results = await Promise.all(frns.slice(600, 620).map((frn) => solo.client.firm(frn)));
    expect(failures(results)).toEqual([]);
    const health = await solo.client.health();
    expect(health.shared).toMatchObject({ mode: 'fallback', redis: { state: 'down' }, fallbackShare: { limit: 45, instances: 1 } });
    expect(solo.logs.join('\n')).toMatch(/cannot reach redis:\/\/127\.0\.0\.1:\d+/);
    await redis.restart();
    const deadline = Date.now() + 10_000;
    while ((await solo.client.health()).shared?.mode !== 'shared' && Date.now() < deadline) await sleep(100);
    expect((await solo.client.health()).shared).toMatchObject({ mode: 'shared', redis: { state: 'ready' } });
    expect((await solo.client.firm(frns[621])).kind).toBe('ok');
    expect(stats(sandbox).rateLimited).toBe(0);
  }, 30_000);

  it('treats a hung Redis (connected, answering nothing) as unreachable without every call waiting on it, and recovers when it answers', async () => {
    sandbox.reset();
    const timing = { heartbeatMs: 250, staleMs: 500, graceMs: 1_500, reconnectMaxMs: 300, startupWaitMs: 1_000, commandTimeoutMs: 300 };
    const pair = instances(sandbox, redis.url, uniquePrefix('hang'), ['a', 'b'], {}, timing);
    list.push(...pair);
    const results: Array<{ result: RegisterResult<unknown>; ms: number; at: number }> = [];
    let next = 0;
    let stop = false;
    const started = Date.now();
    const popular = frns.slice(650, 655);
    // Half the workers read firms both instances already hold in memory, half read new ones.
    const worker = async (inst: Instance, cached: boolean) => {
      for (let n = 0; !stop; n += 1) {
        const frn = cached ? popular[n % popular.length] : frns[(next++ % 600) + 20];
        const t = Date.now();
        results.push({ result: await inst.client.firmAddresses(frn), ms: Date.now() - t, at: t - started });
        if (cached) await sleep(50);
      }
    };
    await Promise.all(pair.map((i) => Promise.all(popular.map((frn) => i.client.firmAddresses(frn)))));
    const workers = pair.flatMap((inst) => [worker(inst, true), worker(inst, false), worker(inst, false)]);
    await sleep(1_500);
    redis.pause();
    const pausedAt = Date.now() - started;
    await sleep(6_000);
    redis.resume();
    const resumedAt = Date.now() - started;
    await sleep(4_000);
    stop = true;
    await Promise.all(workers);

    expect(failures(results.map((r) => r.result))).toEqual([]);
    const s = stats(sandbox);
    expect(s.rateLimited).toBe(0);
    expect(s.maxInWindow).toBeLessThanOrEqual(45);
    // Memory-cached reads went on at once during the hang.
    const cachedDuringHang = results.filter((r) => r.at > pausedAt + 1_000 && r.at < resumedAt && r.result.kind === 'ok' && r.result.provenance.source === 'cache');
    expect(cachedDuringHang.length).toBeGreaterThan(20);
    expect(cachedDuringHang.filter((r) => r.ms >= 300)).toEqual([]);
    // New firms were fetched on each instance's share while Redis still hung (after the pause of one window).
    const liveDuringHang = results.filter((r) => r.at + r.ms < resumedAt && r.at > pausedAt && r.result.kind === 'ok' && r.result.provenance.source === 'live');
    expect(liveDuringHang.length).toBeGreaterThan(5);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await Promise.all(pair.map(async (i) => (await i.client.health()).shared?.mode))).some((m) => m !== 'shared')) await sleep(100);
    const health = await pair[0].client.health();
    expect(health.shared).toMatchObject({ mode: 'shared', redis: { state: 'ready' } });
    expect(health.shared!.redis.outages).toBeGreaterThanOrEqual(1);
    expect(pair[0].logs.join('\n')).toMatch(/did not answer within 300 ms/);
  }, 40_000);
});
