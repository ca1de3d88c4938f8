import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { isoNow } from '@/lib/db/clock';
import { sha256Hex } from '@/lib/db/queries/snapshots';
import type { Db, DialectName, EntityKind } from '@/lib/db/schema';
import { afterJob, jobHandlers } from '@/lib/server/background';
import { startWorker } from '@/lib/jobs/worker';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { testConfig } from '@/lib/register/test-support/test-config';
import type { CheckSnapshot } from './check-entity';
import { cycleProgress, startCycle } from './cycles';
import { defaultWatchedSections, WATCH_SECTIONS } from './watch-sections';

/**
 * Watch cycles end to end below the pages: the real sandbox over HTTP moves from day to day, the
 * engine's worker runs the checks from the queue, and the changes found must be exactly the ones
 * the sandbox says it made to the watched records (as sets of record and section: none missed,
 * none invented).
 */

const pgStatus = await postgresStatus();
const ACCOUNT = { email: 'sandbox@example.com', key: 'sandbox-key' };
const WATCHED: Array<{ kind: EntityKind; ref: string }> = [
  { kind: 'firm', ref: SHOWCASE.bankFrn },
  { kind: 'firm', ref: SHOWCASE.networkPrincipalFrn },
  { kind: 'individual', ref: SHOWCASE.bankIndividualIrn },
  { kind: 'fund', ref: SHOWCASE.umbrellaFundPrn },
];

let sandbox: RunningSandbox;
/** Paths whose answer the test turns into a server error (fault injection on one section). */
const failing = new Set<string>();
let client: RegisterClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 'fsr-sandbox', firms: 300, individuals: 600, funds: 40, latency: { min: 0, max: 0 }, rateLimit: 'off', accounts: [ACCOUNT] });
  client = createRegisterClient({
    config: testConfig(sandbox.baseUrl, { FSR_API_EMAIL: ACCOUNT.email, FSR_API_KEY: ACCOUNT.key, FSR_RATE_BUDGET: '2000/1', FSR_API_TIMEOUT_MS: '10000' }),
    fetch: async (input, init) => {
      const path = new URL(String(input)).pathname.replace(/^\/services\/V0\.1/, '');
      if (failing.has(path)) return new Response('<html>Internal error</html>', { status: 500, headers: { 'content-type': 'text/html' } });
      return fetch(input, init);
    },
  });
});

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
});

/** The sandbox's changes to the watched records over days (from, to], as "kind ref slug" strings. */
function sandboxChanges(from: number, to: number): Set<string> {
  const refs = new Set(WATCHED.map((w) => w.ref));
  const out = new Set<string>();
  for (let day = from + 1; day <= to; day++) {
    for (const c of sandbox.changes(day)) {
      if (!refs.has(c.ref)) continue;
      const section = WATCH_SECTIONS[c.type as EntityKind].find((s) => s.apiSection === c.section);
      expect(section, `the sandbox changed ${c.type} ${c.ref} ${c.section}, which no watch section reads`).toBeDefined();
      out.add(`${c.type} ${c.ref} ${section!.slug}`);
    }
  }
  return out;
}

forEachDialect('watch cycles against the sandbox', pgStatus, (db: () => Db, dialect: DialectName) => {
  async function runCycle(): Promise<string> {
    const started = await startCycle(db(), { trigger: 'manual', scope: 'all', requestedBy: 'ann@example.com' });
    const worker = startWorker({
      db: db(),
      dialect,
      lanes: 2,
      pollMs: 20,
      handlers: jobHandlers({ db: db(), dialect, client }),
      onOutcome: (job) => afterJob({ db: db(), dialect, client }, job),
    });
    try {
      for (let i = 0; i < 3000; i++) {
        const p = await cycleProgress(db(), started.cycleId, 100);
        if (p?.finishedAt) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await worker.stop();
    }
    expect((await cycleProgress(db(), started.cycleId, 100))?.finishedAt).not.toBeNull();
    return started.cycleId;
  }

  async function changesOf(cycleId: string): Promise<Set<string>> {
    const rows = await db().selectFrom('watch_changes').select(['kind', 'ref', 'section']).where('cycle_id', '=', cycleId).execute();
    return new Set(rows.map((r) => `${r.kind} ${r.ref} ${r.section}`));
  }

  beforeAll(async () => {
    sandbox.setDay(0);
    failing.clear();
    const at = isoNow();
    await db()
      .insertInto('watchlists')
      .values({ id: 'wl-1', name: 'Counterparties', owner_email: 'ann@example.com', sections: JSON.stringify(defaultWatchedSections()), created_at: at, updated_at: at })
      .execute();
    await db()
      .insertInto('watchlist_entries')
      .values(WATCHED.map((w) => ({ watchlist_id: 'wl-1', kind: w.kind, ref: w.ref, name: null, added_by: 'ann@example.com', added_at: at })))
      .execute();
  });

  it('takes a silent baseline, then finds exactly the changes the sandbox made, then none on an unchanged day', async () => {
    const baseline = await runCycle();
    const checks = await db().selectFrom('watch_checks').selectAll().where('cycle_id', '=', baseline).execute();
    expect(checks).toHaveLength(4);
    expect(checks.every((c) => Number(c.baseline) === 1 && Number(c.sections_not_checked) === 0)).toBe(true);
    // The evidence scheme: the stored text hashes to the stored hash, and holds no register clock.
    for (const c of checks) {
      expect(sha256Hex(c.canonical)).toBe(c.sha256);
      expect(c.canonical).not.toMatch(/systemTimestamp|System Timestamp/);
    }
    expect(await changesOf(baseline)).toEqual(new Set());

    sandbox.advance(1);
    const day1 = await runCycle();
    const expected = sandboxChanges(0, 1);
    expect(expected.size).toBeGreaterThanOrEqual(5);
    expect(await changesOf(day1)).toEqual(expected);

    // 200200 lost a permission (high), 700100 gained and lost a representative.
    const permission = await db()
      .selectFrom('watch_changes')
      .selectAll()
      .where('cycle_id', '=', day1)
      .where('ref', '=', SHOWCASE.bankFrn)
      .where('section', '=', 'permissions')
      .executeTakeFirstOrThrow();
    expect(permission.severity).toBe('high');
    const rows = (JSON.parse(permission.details) as { rows: Array<{ change: string; before?: unknown }> }).rows;
    expect(rows.map((r) => r.change)).toEqual(['removed']);
    const ar = await db()
      .selectFrom('watch_changes')
      .select(['details', 'summary'])
      .where('cycle_id', '=', day1)
      .where('ref', '=', SHOWCASE.networkPrincipalFrn)
      .where('section', '=', 'appointed-representatives')
      .executeTakeFirstOrThrow();
    // A new representative is added; one that ended keeps its identity and moves to the previous list.
    const arRows = (JSON.parse(ar.details) as { rows: Array<{ change: string; fields?: Array<{ path: string; before: unknown; after: unknown }> }> }).rows;
    expect(arRows.map((r) => r.change).sort()).toEqual(['added', 'changed']);
    expect(arRows.find((r) => r.change === 'changed')!.fields).toContainEqual({ path: 'list', before: 'Current', after: 'Previous' });
    // Said once, in the register's terms: the section is its own column, the summary the sentences.
    expect(ar.summary).toMatch(/^Appointed representative (ended|added): .+; Appointed representative (ended|added): .+ \d{1,2} Jan 2026$/);

    // The same register day read again: not a change, though System Timestamp moved on.
    const again = await runCycle();
    expect(await changesOf(again)).toEqual(new Set());
  });

  it('calls a section it could not read "not checked", never a change, and compares it later with the last good reading', async () => {
    const from = sandbox.day().day;
    sandbox.setDay(7);
    const bank = SHOWCASE.bankFrn;
    failing.add(`/Firm/${bank}/Permissions`);
    const faulty = await runCycle();
    const check = await db().selectFrom('watch_checks').selectAll().where('cycle_id', '=', faulty).where('ref', '=', bank).executeTakeFirstOrThrow();
    expect(Number(check.sections_not_checked)).toBe(1);
    const snapshot = JSON.parse(check.canonical) as CheckSnapshot;
    expect(snapshot.sections.permissions.status).toBe('not-checked');
    const expected = sandboxChanges(from, 7);
    expect(expected.has(`firm ${bank} permissions`)).toBe(true);
    expected.delete(`firm ${bank} permissions`);
    expect(await changesOf(faulty)).toEqual(expected);

    failing.clear();
    const mended = await runCycle();
    expect(await changesOf(mended)).toEqual(new Set([`firm ${bank} permissions`]));
    const progress = await cycleProgress(db(), mended, 100);
    expect(progress).toMatchObject({ entities: { total: 4, checked: 4, failed: 0, waiting: 0 }, changes: 1, notChecked: 0 });
    expect(progress!.requests.spent).toBeGreaterThan(90);
    expect(progress!.requests.estimated).toBe(progress!.requests.spent);
  });
});
