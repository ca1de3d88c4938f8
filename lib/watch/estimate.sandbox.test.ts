import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSqliteTestDb, type TestDb } from '@/test/db-harness';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { isoNow } from '@/lib/db/clock';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { entryEndpoint } from '@/lib/sections/section-kit';
import { ENTITY_SECTIONS } from '@/lib/sections/entity-sections';
import { testConfig } from '@/lib/register/test-support/test-config';
import { checkEntity } from './check-entity';
import { cachedPages, cycleTargets, estimateCycle } from './cycles';
import { defaultWatchedSections } from './watch-sections';

/**
 * The first check's estimate: the case, 200200 and 700100 (a network with 1,544
 * representatives, 83 pages), was estimated at 26 requests and took 127. Before anything of them
 * is known the estimate says so (the size is unknown until the first check); once the portal has
 * shown their overviews (each list's first page in the cache, which is what the overview's counts
 * read) it is close to what the check takes; after a check it is the pages the check took.
 */

const ACCOUNT = { email: 'estimate@example.com', key: 'estimate-key' };
let sandbox: RunningSandbox;
let client: RegisterClient;
let testDb: TestDb;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 'fsr-sandbox', firms: 300, individuals: 600, funds: 40, latency: { min: 0, max: 0 }, rateLimit: 'off', accounts: [ACCOUNT] });
  client = createRegisterClient({
    config: testConfig(sandbox.baseUrl, { FSR_API_EMAIL: ACCOUNT.email, FSR_API_KEY: ACCOUNT.key, FSR_RATE_BUDGET: '2000/1', FSR_API_TIMEOUT_MS: '10000' }),
  });
  testDb = await createSqliteTestDb();
});

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
  await testDb?.cleanup();
});

it('estimates the first check from what the portal knows, says when it does not know, and is never far below what the check takes', async () => {
  const db = testDb.handle.db;
  const at = isoNow();
  await db
    .insertInto('watchlists')
    .values({ id: 'wl-est', name: 'Estimate', owner_email: 'ann@example.com', sections: JSON.stringify(defaultWatchedSections()), created_at: at, updated_at: at })
    .execute();
  const firms = [SHOWCASE.bankFrn, SHOWCASE.networkPrincipalFrn];
  await db
    .insertInto('watchlist_entries')
    .values(firms.map((ref) => ({ watchlist_id: 'wl-est', kind: 'firm' as const, ref, name: null, added_by: 'ann@example.com', added_at: at })))
    .execute();
  const targets = await cycleTargets(db, { scope: 'list', watchlistId: 'wl-est' });
  const known = cachedPages(client);

  // Nothing known: one request a section is all that can be said, and the estimate says the size is unknown.
  const blind = await estimateCycle(db, targets, known);
  expect(blind).toEqual({ requests: 26, unknownRecords: 2 });

  // The overviews seen: each list's first page is in the cache (as the overview's counts leave it).
  for (const ref of firms) for (const entry of ENTITY_SECTIONS.firm) expect((await entryEndpoint(client, entry)(ref, { priority: 'background' })).kind).not.toBe('upstream-error');
  const informed = await estimateCycle(db, targets, known);
  expect(informed.unknownRecords).toBe(0);

  let spent = 0;
  for (const ref of firms) {
    const outcome = await checkEntity({ db, client }, { cycleId: 'first', kind: 'firm', ref, sections: defaultWatchedSections().firm });
    expect(outcome.sectionsNotChecked).toBe(0);
    spent += outcome.requests;
  }
  const afterCheck = await estimateCycle(db, targets, known);
  console.log(
    `[watch estimate] 200200 + 700100, first check: ${blind.requests} requests with nothing known (said unknown), ${informed.requests} from the overviews' pages; it took ${spent}; the next estimate ${afterCheck.requests}`,
  );
  // Not 5x low: within a tenth of what it took (the representatives' pages are counted from the total, 20 to a page, before the buckets' own sizes are known).
  expect(informed.requests).toBeGreaterThanOrEqual(Math.floor(spent * 0.9));
  expect(informed.requests).toBeLessThanOrEqual(spent);
  expect(afterCheck).toEqual({ requests: spent, unknownRecords: 0 });
});
