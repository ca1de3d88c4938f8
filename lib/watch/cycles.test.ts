import { beforeEach, expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { isoNow } from '@/lib/db/clock';
import { claimJob, completeJob } from '@/lib/jobs/job-queue';
import { backgroundRate, cycleTargets, finishCycleIfDone, startCycle } from './cycles';
import { defaultWatchedSections } from './watch-sections';

const pgStatus = await postgresStatus();

it('gives background work the budget less the interactive reserve', () => {
  expect(backgroundRate({ limit: 45, windowMs: 10_000, interactiveReserve: 5 })).toBe(4);
});

forEachDialect('watch cycles', pgStatus, (db, dialect) => {
  beforeEach(async () => {
    for (const t of ['jobs', 'watch_cycles', 'watchlist_entries', 'watchlists'] as const) await db().deleteFrom(t).execute();
    const at = isoNow();
    const all = defaultWatchedSections();
    await db()
      .insertInto('watchlists')
      .values([
        { id: 'a', name: 'Counterparties', owner_email: 'ann@example.com', sections: JSON.stringify({ ...all, firm: ['record', 'permissions'] }), created_at: at, updated_at: at },
        {
          id: 'b',
          name: 'Appointed representatives',
          owner_email: 'ann@example.com',
          sections: JSON.stringify({ ...all, firm: ['record', 'appointed-representatives', 'not-a-section'] }),
          created_at: at,
          updated_at: at,
        },
      ])
      .execute();
    const entry = (watchlist_id: string, kind: 'firm' | 'individual' | 'fund', ref: string) => ({ watchlist_id, kind, ref, name: null, added_by: 'ann@example.com', added_at: at });
    await db()
      .insertInto('watchlist_entries')
      .values([entry('a', 'firm', '200200'), entry('b', 'firm', '200200'), entry('b', 'firm', '700100'), entry('a', 'individual', 'BKS00001')])
      .execute();
  });

  it('checks an entity on two lists once, with the union of the sections its lists watch', async () => {
    const targets = await cycleTargets(db(), { scope: 'all' });
    expect(targets.map((t) => [t.kind, t.ref, [...t.sections].sort()])).toEqual([
      ['firm', '200200', ['appointed-representatives', 'permissions', 'record']],
      ['firm', '700100', ['appointed-representatives', 'record']],
      ['individual', 'BKS00001', ['controlled-functions', 'disciplinary-history', 'record']],
    ]);
    expect((await cycleTargets(db(), { scope: 'list', watchlistId: 'a' })).map((t) => t.ref)).toEqual(['200200', 'BKS00001']);
    // An entity on no list is checked with every section of its kind.
    expect([...(await cycleTargets(db(), { scope: 'entity', kind: 'fund', ref: '800800' }))[0].sections]).toEqual(['record', 'names', 'subfunds']);
  });

  it('starts a nightly cycle once per date, enqueues one job per entity, and closes when the last is done', async () => {
    const first = await startCycle(db(), { trigger: 'nightly', scope: 'all', requestedBy: 'system', nightlyKey: '2026-11-24' });
    const second = await startCycle(db(), { trigger: 'nightly', scope: 'all', requestedBy: 'system', nightlyKey: '2026-11-24' });
    expect(first).toMatchObject({ created: true, entityCount: 3, estimatedRequests: 3 + 2 + 3 });
    expect(second).toMatchObject({ created: false, cycleId: first.cycleId });
    const jobs = await db().selectFrom('jobs').select(['payload', 'dedupe_key']).execute();
    expect(jobs).toHaveLength(3);
    for (let i = 0; i < 3; i++) {
      expect(await finishCycleIfDone(db(), first.cycleId)).toBe(false);
      const job = await claimJob(db(), dialect, { owner: 'w', leaseMs: 60_000 });
      await completeJob(db(), job!.id, 'w');
    }
    expect(await finishCycleIfDone(db(), first.cycleId)).toBe(true);
    expect(await finishCycleIfDone(db(), first.cycleId)).toBe(false);
  });
});
