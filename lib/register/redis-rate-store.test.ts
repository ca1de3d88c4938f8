import { createClient } from 'redis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deleteKeysUnder, uniquePrefix } from '@/test/redis-server';
import { describeWithService, probeRedis, testRedisUrl } from '@/test/services';
import { apiUserKey } from './register-client';
import { RedisConnection } from './redis-connection';
import { RedisRateStore, type RedisRateStoreOptions } from './redis-rate-store';

/**
 * The Redis sliding log against a real Redis (TEST_REDIS_URL): two stores on separate
 * connections stand for two portal instances. Keys live under a prefix of this run's own and are
 * deleted afterwards; the machine's Redis is otherwise untouched.
 */

const redisStatus = await probeRedis(testRedisUrl());
const describeRedis = describeWithService(redisStatus);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeRedis('RedisRateStore: one sliding log in Redis for every instance', () => {
  const url = testRedisUrl();
  const prefix = uniquePrefix('rate');
  const connections: RedisConnection[] = [];
  let userSeq = 0;
  const user = () => apiUserKey(`user${++userSeq}@example.com`);

  async function instance(instanceId: string, options: Partial<RedisRateStoreOptions> = {}): Promise<RedisRateStore> {
    const connection = new RedisConnection({ url, clientName: `test:${instanceId}`, channel: `${prefix}:events`, log: () => undefined });
    connections.push(connection);
    expect(await connection.whenReady(3_000)).toBe(true);
    return new RedisRateStore(connection, { prefix, instanceId, pendingLimitMs: 20_000, fallbackShare: 5, staleMs: 3_000, forgetMs: 60_000, ...options });
  }

  let a: RedisRateStore;
  let b: RedisRateStore;
  beforeAll(async () => {
    a = await instance('a');
    b = await instance('b');
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await deleteKeysUnder(url, prefix);
  });

  it('grants the budget once across two instances, then says when the next slot frees', async () => {
    const key = user();
    const grantsA = await Promise.all(Array.from({ length: 6 }, () => a.acquire(key, 10, 10_000)));
    const grantsB = await Promise.all(Array.from({ length: 8 }, () => b.acquire(key, 10, 10_000)));
    expect(grantsA.every((g) => g.granted)).toBe(true);
    expect(grantsB.filter((g) => g.granted)).toHaveLength(4);
    const refused = grantsB.find((g) => !g.granted)!;
    // Nothing is settled yet: in-flight requests free their slot one window after their answer.
    expect(refused).toMatchObject({ granted: false, blocked: false });
    expect(refused.waitMs).toBe(10_000);
    const tokens = new Set([...grantsA, ...grantsB].filter((g) => g.granted).map((g) => g.token));
    expect(tokens.size).toBe(10);
  });

  it('counts a request until one window after its answer arrives (settle), on the Redis clock', async () => {
    const key = user();
    const first = await a.acquire(key, 1, 600);
    expect(first.granted).toBe(true);
    await sleep(800);
    // Still in flight after more than a window: it still counts.
    expect((await b.acquire(key, 1, 600)).granted).toBe(false);
    await a.settle(key, first.token!);
    const right = await b.acquire(key, 1, 600);
    expect(right.granted).toBe(false);
    expect(right.waitMs).toBeGreaterThan(500);
    await sleep(650);
    expect((await b.acquire(key, 1, 600)).granted).toBe(true);
  });

  it('keeps the interactive reserve across instances: report calls on one cannot take it from pages on another', async () => {
    const key = user();
    const reports = await Promise.all(Array.from({ length: 12 }, () => a.acquire(key, 10, 10_000, 3)));
    expect(reports.filter((g) => g.granted)).toHaveLength(7);
    const pages = await Promise.all(Array.from({ length: 4 }, () => b.acquire(key, 10, 10_000, 0)));
    expect(pages.filter((g) => g.granted)).toHaveLength(3);
  });

  it('shares the 429 block: recorded by one instance, honoured by the other, the longer block kept', async () => {
    const key = user();
    await a.recordBlock(key, 5_000);
    await b.recordBlock(key, 1_000);
    const refused = await b.acquire(key, 10, 10_000);
    expect(refused).toMatchObject({ granted: false, blocked: true });
    expect(refused.waitMs).toBeGreaterThan(4_500);
    expect(await b.blockedFor(key)).toBeGreaterThan(4_500);
    expect((await a.state(key, 10_000)).blockedForMs).toBeGreaterThan(4_500);
  });

  it('reports the log for waits and metrics: settled requests by expiry, in-flight ones a full window away', async () => {
    const key = user();
    const g1 = await a.acquire(key, 10, 2_000);
    await a.acquire(key, 10, 2_000);
    await a.settle(key, g1.token!);
    await sleep(300);
    const state = await b.state(key, 2_000);
    expect(state.inWindow).toBe(2);
    expect(state.expiresInMs[0]).toBeGreaterThan(1_500);
    expect(state.expiresInMs[0]).toBeLessThanOrEqual(1_700);
    expect(state.expiresInMs[1]).toBe(2_000);
  });

  it('stops counting a request whose instance died in flight once no answer can still be coming', async () => {
    const key = user();
    const shortLived = await instance('crashing', { pendingLimitMs: 400 });
    expect((await shortLived.acquire(key, 1, 300)).granted).toBe(true);
    expect((await b.acquire(key, 1, 300)).granted).toBe(false);
    // Never settled: it counts until pendingLimit after its grant, then one more window.
    await sleep(500);
    expect((await b.acquire(key, 1, 300, 0)).granted).toBe(false);
    await sleep(300);
    // b's own pending limit is the 20 s default, but the stale entry's was fixed when it aged out.
    const after = await shortLived.acquire(key, 1, 300);
    expect(after.granted).toBe(true);
  });

  it("keeps a silent instance's fallback share free until it is forgotten or says goodbye", async () => {
    const key = user();
    const fast = { staleMs: 300, forgetMs: 60_000, fallbackShare: 4 };
    const quiet = await instance('quiet', fast);
    const busy = await instance('busy', fast);
    await quiet.heartbeat(key);
    await sleep(400);
    // quiet may be cut off from Redis and sending its 4 per window unseen: busy gets 12 - 4.
    const grants = await Promise.all(Array.from({ length: 12 }, () => busy.acquire(key, 12, 10_000)));
    expect(grants.filter((g) => g.granted)).toHaveLength(8);
    expect(busy.silentInstances).toBe(1);
    await quiet.leave(key);
    const more = await Promise.all(Array.from({ length: 5 }, () => busy.acquire(key, 12, 10_000)));
    expect(more.filter((g) => g.granted)).toHaveLength(4);
  });

  it('replays requests sent while Redis was out of reach, at their age, with the block', async () => {
    const key = user();
    await a.replay(
      key,
      [
        { token: 'old', ageMs: 9_000, settled: true },
        { token: 'recent', ageMs: 1_000, settled: true },
        { token: 'flying', ageMs: 0, settled: false },
      ],
      0,
    );
    const state = await b.state(key, 10_000);
    expect(state.inWindow).toBe(3);
    expect(state.expiresInMs[0]).toBeGreaterThan(800);
    expect(state.expiresInMs[0]).toBeLessThanOrEqual(1_000);
    expect(state.expiresInMs[1]).toBeGreaterThan(8_800);
    await a.settle(key, 'flying');
    expect((await b.state(key, 10_000)).inWindow).toBe(3);
  });

  it('names keys after a hash of the API e-mail: neither the e-mail nor the key appears in Redis', async () => {
    const email = 'ops.team@example.com';
    const apiKey = 'live-key-do-not-leak-0123456789';
    const key = apiUserKey(email);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    await a.acquire(key, 10, 10_000);
    await a.recordBlock(key, 1_000);
    const raw = createClient({ url });
    raw.on('error', () => undefined);
    await raw.connect();
    try {
      const keys: string[] = [];
      for await (const batch of raw.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) keys.push(...batch);
      expect(keys.some((k) => k.includes(key))).toBe(true);
      for (const k of keys) {
        expect(k).not.toContain('@');
        expect(k).not.toContain(apiKey);
      }
    } finally {
      await raw.close();
    }
  });
});
