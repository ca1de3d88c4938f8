import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSqliteTestDb, type TestDb } from '@/test/db-harness';
import { PRINCIPAL_CHECK_JOB } from './principal-check';
import { startPrincipalNightly } from './principal-nightly';
import { addPrincipal } from './principal-store';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createSqliteTestDb();
});
afterAll(async () => {
  await testDb?.cleanup();
});

it('starts one check per principal once the London time has come, once per London date, as jobs on the queue', async () => {
  const db = testDb.handle.db;
  const actor = { id: 'u1', email: 'ann@example.com' };
  await addPrincipal(db, { frn: '700100', name: 'Kingsmere' }, actor);
  await addPrincipal(db, { frn: '123456', name: 'Other' }, actor);
  // 01:30 and 02:30 London time in winter (UTC): before and after WATCH_NIGHTLY_AT 02:00.
  let now = Date.parse('2026-02-05T01:30:00Z');
  const started: number[] = [];
  const schedule = startPrincipalNightly(
    { db, now: () => now, log: () => undefined, onStarted: () => started.push(now), intervalMs: 3_600_000 },
    { enabled: true, atMinutes: 120 },
  );
  try {
    expect(await schedule.tick()).toBe(0);
    now = Date.parse('2026-02-05T02:30:00Z');
    expect(await schedule.tick()).toBe(2);
    expect(await schedule.tick()).toBe(0);
    // Another engine (a second schedule) on the same night starts nothing twice.
    const other = startPrincipalNightly({ db, now: () => now, log: () => undefined, intervalMs: 3_600_000 }, { enabled: true, atMinutes: 120 });
    expect(await other.tick()).toBe(0);
    await other.stop();
    const checks = await db.selectFrom('principal_checks').select(['principal_frn', 'trigger', 'nightly_key']).orderBy('principal_frn').execute();
    expect(checks).toEqual([
      { principal_frn: '123456', trigger: 'nightly', nightly_key: '2026-02-05:123456' },
      { principal_frn: '700100', trigger: 'nightly', nightly_key: '2026-02-05:700100' },
    ]);
    const jobs = await db.selectFrom('jobs').select(['kind', 'state']).execute();
    expect(jobs).toEqual([
      { kind: PRINCIPAL_CHECK_JOB, state: 'queued' },
      { kind: PRINCIPAL_CHECK_JOB, state: 'queued' },
    ]);
    expect(started).toHaveLength(1);
  } finally {
    await schedule.stop();
  }
});
