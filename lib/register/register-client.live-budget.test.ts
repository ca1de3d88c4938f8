import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '@/sandbox/dataset/generate';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { loadRegisterConfig } from './load-config';
import { createRegisterClient } from './register-client';

/**
 * The Done-when pacing check at the live numbers, in its own file so it runs beside the other
 * sandbox tests: the client's defaults (45 per 10 s, each request counted until one window plus a 250 ms margin after its answer) against the register's
 * limit of 50 per 10 s, 300 concurrent distinct requests, latency on, counted by the sandbox.
 */

const SEED = 'fsr-sandbox';
const SIZES = { firms: 400, individuals: 800, funds: 60 };
const ACCOUNT = { email: 'sandbox@example.com', key: 'sandbox-key' };
const showcase = new Set<string>(Object.values(SHOWCASE).flat());
const frns = [...buildDataset(SEED, SIZES).firms.keys()].filter((frn) => !showcase.has(frn)).slice(100, 400);

describe('the live numbers: 45 per 10 s against the register limit of 50 per 10 s', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: SEED, ...SIZES, latency: { min: 50, max: 200 }, rateLimit: { requests: 50, seconds: 10 }, blockSeconds: 60 });
  });
  afterAll(() => sandbox.close());

  it('sends 300 concurrent distinct requests with the default settings: all succeed, zero 429s, never over 45 in 10 s', async () => {
    const client = createRegisterClient({
      config: loadRegisterConfig({ FSR_API_BASE_URL: sandbox.baseUrl, FSR_API_EMAIL: ACCOUNT.email, FSR_API_KEY: ACCOUNT.key }),
    });
    const started = Date.now();
    const results = await Promise.all(frns.map((frn, i) => (i % 2 ? client.firmAddresses(frn) : client.firmRegulators(frn))));
    const elapsed = Date.now() - started;
    expect(results.filter((x) => x.kind !== 'ok' && x.kind !== 'not-found')).toEqual([]);
    const stats = sandbox.stats()[ACCOUNT.email];
    expect(stats).toMatchObject({ requests: 300, rateLimited: 0, blocks: 0, windowSeconds: 10 });
    expect(stats.maxInWindow).toBeLessThanOrEqual(45);
    const health = await client.health();
    console.info(
      `[register figures] 300 distinct requests at the defaults (45/10 s + 250 ms margin) against 50/10 s: sent ${stats.requests}, ` +
        `max in any 10 s window ${stats.maxInWindow}, 429s ${stats.rateLimited}, took ${(elapsed / 1000).toFixed(1)} s, ` +
        `wait mean ${health.waits.interactive.meanMs} ms / p95 ${health.waits.interactive.p95Ms} ms / max ${health.waits.interactive.maxMs} ms`,
    );
    client.close();
  }, 90_000);
});
