import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import { isoNow } from '@/lib/db/clock';
import { startCycle } from '@/lib/watch/cycles';
import { buildDataset } from '@/sandbox/dataset/generate';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { type Cluster, clusterUnavailable, startCluster } from './support/scale-out-cluster';

/**
 * Issue 14's scale-out proof: three production portal instances (`next start`, each running the
 * background engine from its instrumentation, as `npm run instances` starts them) on one
 * PostgreSQL database and one Redis, and a watch cycle of 60 firms. Each firm is checked once in
 * the cycle; the register (the sandbox at 20 a second, the portals' shared budget 18 a second, so
 * any one instance alone could not overrun it but three unshared could) answers no 429; the
 * register calls the sandbox counted are exactly the calls the checks recorded, so no check read
 * anything twice; and the work was spread over the three processes (seen in the queue's leases).
 */

const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REQUIRED = process.env.REQUIRE_SERVICES === '1' || process.env.REQUIRE_SERVICES === 'true';
const SIZES = { firms: 300, individuals: 600, funds: 40 };
const FIRMS = 60;

test.describe('watch cycle across three instances on PostgreSQL and Redis', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  let sandbox: RunningSandbox | undefined;
  let cluster: Cluster | undefined;

  test.afterAll(async () => {
    await cluster?.stop();
    await sandbox?.close();
  });

  test('each entity checked once per cycle, work spread over the instances, 0 × 429', async () => {
    const unavailable = await clusterUnavailable(PG_URL);
    if (unavailable && REQUIRED) throw new Error(`${unavailable}, and REQUIRE_SERVICES=1 requires it.`);
    test.skip(Boolean(unavailable), `NOT RUN: ${unavailable}`);

    sandbox = await startSandbox({ port: 0, seed: 'fsr-sandbox', ...SIZES, latency: { min: 20, max: 60 }, rateLimit: { requests: 20, seconds: 1 }, blockSeconds: 6 });
    cluster = await startCluster({
      count: 3,
      pgUrl: PG_URL,
      sandboxBaseUrl: sandbox.baseUrl,
      env: { FSR_RATE_BUDGET: '18/1', FSR_RATE_MARGIN_MS: '25', BACKGROUND_POLL_MS: '200', WATCH_NIGHTLY: 'off' },
    });
    const dataset = buildDataset('fsr-sandbox', SIZES);
    const refs = [...dataset.firms.values()]
      .filter((f) => f.kind === 'authorised')
      .map((f) => f.frn)
      .sort()
      .slice(0, FIRMS);

    const cycleId = await cluster.withDb(async (db) => {
      const at = isoNow();
      await db
        .insertInto('watchlists')
        .values({
          id: 'wl-scale',
          name: 'Counterparties',
          owner_email: 'ann@example.com',
          sections: JSON.stringify({ firm: ['record', 'permissions', 'names'], individual: ['record'], fund: ['record'] }),
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db
        .insertInto('watchlist_entries')
        .values(refs.map((ref) => ({ watchlist_id: 'wl-scale', kind: 'firm' as const, ref, name: null, added_by: 'ann@example.com', added_at: at })))
        .execute();
      sandbox!.reset();
      return (await startCycle(db, { trigger: 'manual', scope: 'all', requestedBy: 'ann@example.com' })).cycleId;
    });

    // Watch the queue's leases while the cycle runs: which processes held its jobs.
    const processes = new Set<string>();
    await cluster.withDb(async (db) => {
      const deadline = Date.now() + 180_000;
      for (;;) {
        const owners = await db.selectFrom('jobs').select('lease_owner').where('job_group', '=', cycleId).where('state', '=', 'running').execute();
        for (const o of owners) if (o.lease_owner) processes.add(o.lease_owner.replace(/#\d+$/, ''));
        const cycle = await db.selectFrom('watch_cycles').select('finished_at').where('id', '=', cycleId).executeTakeFirstOrThrow();
        if (cycle.finished_at) break;
        if (Date.now() > deadline) throw new Error(`The cycle did not finish within 180 s:\n${cluster!.instances.map((i) => i.output().slice(-1500)).join('\n---\n')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    });

    const { checks, perEntity, recorded, jobs } = await cluster.withDb(async (db) => ({
      checks: await db.selectFrom('watch_checks').select(['ref', 'sections_not_checked']).where('cycle_id', '=', cycleId).execute(),
      perEntity: await db
        .selectFrom('watch_checks')
        .select(['ref', sql<number>`count(*)`.as('n')])
        .where('cycle_id', '=', cycleId)
        .groupBy('ref')
        .having(sql`count(*)`, '>', 1)
        .execute(),
      recorded: Number(
        (
          await db
            .selectFrom('watch_checks')
            .select(sql<number>`sum(request_count)`.as('n'))
            .where('cycle_id', '=', cycleId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
      jobs: await db.selectFrom('jobs').select('state').where('job_group', '=', cycleId).execute(),
    }));
    expect(checks.map((c) => c.ref).sort()).toEqual(refs);
    expect(perEntity).toEqual([]);
    expect(checks.every((c) => Number(c.sections_not_checked) === 0)).toBe(true);
    expect(jobs.every((j) => j.state === 'done')).toBe(true);

    const stats = sandbox.stats()['sandbox@example.com'];
    expect(stats?.rateLimited).toBe(0);
    expect(stats?.requests).toBe(recorded);
    expect(stats?.maxInWindow).toBeLessThanOrEqual(20);
    expect(processes.size, [...processes].join(', ')).toBe(3);
    console.log(
      `watch cycle across three instances: ${checks.length} checks, ${recorded} register calls (sandbox counted ${stats?.requests}), ${stats?.rateLimited} × 429, at most ${stats?.maxInWindow} in any 1 s, leases held by ${processes.size} processes`,
    );
  });
});
