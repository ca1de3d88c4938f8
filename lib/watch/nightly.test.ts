import { beforeAll, describe, expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { isoNow } from '@/lib/db/clock';
import type { Db } from '@/lib/db/schema';
import { readEngineSettings } from '@/lib/server/background';
import { settingsProblems } from '@/lib/server/check-settings';
import { londonClock } from '@/lib/format/london-time';
import { dueNightlyKey, readNightlySettings, startNightlySchedule } from './nightly';
import { defaultWatchedSections } from './watch-sections';

const pgStatus = await postgresStatus();
const at = (iso: string) => Date.parse(iso);

describe('nightly settings', () => {
  it('defaults to on at 02:00 London time', () => {
    expect(readNightlySettings({})).toEqual({ settings: { enabled: true, atMinutes: 120 }, problems: [] });
    expect(readNightlySettings({ WATCH_NIGHTLY: 'off', WATCH_NIGHTLY_AT: '23:45' }).settings).toEqual({ enabled: false, atMinutes: 23 * 60 + 45 });
    expect(readNightlySettings({ WATCH_NIGHTLY_AT: '6:05' }).settings.atMinutes).toBe(365);
  });

  it('names the variable at fault, through the engine settings and the portal settings check', () => {
    expect(readNightlySettings({ WATCH_NIGHTLY: 'sometimes' }).problems).toEqual(['WATCH_NIGHTLY must be "on" or "off"']);
    for (const bad of ['24:00', '02:60', '2pm', '0200', '']) {
      const { problems } = readNightlySettings({ WATCH_NIGHTLY_AT: bad });
      if (bad === '') expect(problems).toEqual([]);
      else expect(problems, bad).toEqual([expect.stringMatching(/^WATCH_NIGHTLY_AT must be a time of day HH:MM/)]);
    }
    expect(readEngineSettings({ WATCH_NIGHTLY_AT: '25:00' }).problems).toEqual([expect.stringContaining('WATCH_NIGHTLY_AT')]);
    expect(settingsProblems({ WATCH_NIGHTLY: 'yes', NEXTAUTH_SECRET: 'x'.repeat(40) }).filter((p) => p.includes('WATCH_NIGHTLY'))).toEqual(['WATCH_NIGHTLY must be "on" or "off"']);
  });
});

describe('the London clock', () => {
  it('reads London dates and times in winter and in summer', () => {
    expect(londonClock(at('2026-01-15T02:00:00Z'))).toEqual({ date: '2026-01-15', minutes: 120 });
    expect(londonClock(at('2026-07-01T01:00:00Z'))).toEqual({ date: '2026-07-01', minutes: 120 });
    // 23:30 UTC on 30 June is already 1 July in London.
    expect(londonClock(at('2026-06-30T23:30:00Z'))).toEqual({ date: '2026-07-01', minutes: 30 });
  });

  it('is due from the local time until the end of the London day, in GMT and in BST', () => {
    expect(dueNightlyKey(at('2026-01-15T01:59:00Z'), 120)).toBeNull();
    expect(dueNightlyKey(at('2026-01-15T02:00:00Z'), 120)).toBe('2026-01-15');
    expect(dueNightlyKey(at('2026-01-15T23:59:00Z'), 120)).toBe('2026-01-15');
    expect(dueNightlyKey(at('2026-07-01T00:59:00Z'), 120)).toBeNull();
    expect(dueNightlyKey(at('2026-07-01T01:00:00Z'), 120)).toBe('2026-07-01');
    expect(dueNightlyKey(at('2026-07-01T22:59:00Z'), 120)).toBe('2026-07-01');
    expect(dueNightlyKey(at('2026-07-01T23:00:00Z'), 120)).toBeNull();
  });

  it('is due at 02:00 summer time on the night the clocks go forward, for a time inside the missing hour too', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST.
    expect(londonClock(at('2026-03-29T00:59:00Z'))).toEqual({ date: '2026-03-29', minutes: 59 });
    expect(londonClock(at('2026-03-29T01:00:00Z'))).toEqual({ date: '2026-03-29', minutes: 120 });
    expect(dueNightlyKey(at('2026-03-29T00:59:00Z'), 90)).toBeNull();
    expect(dueNightlyKey(at('2026-03-29T01:00:00Z'), 90)).toBe('2026-03-29');
    expect(dueNightlyKey(at('2026-03-29T01:00:00Z'), 120)).toBe('2026-03-29');
  });
});

async function watch(db: Db, refs: string[]): Promise<void> {
  const now = isoNow();
  await db
    .insertInto('watchlists')
    .values({ id: 'wl-n', name: 'Nightly', owner_email: 'ann@example.com', sections: JSON.stringify(defaultWatchedSections()), created_at: now, updated_at: now })
    .execute();
  await db
    .insertInto('watchlist_entries')
    .values(refs.map((ref) => ({ watchlist_id: 'wl-n', kind: 'firm' as const, ref, name: null, added_by: 'ann@example.com', added_at: now })))
    .execute();
}

async function nightlyCycles(db: Db) {
  return db
    .selectFrom('watch_cycles')
    .select(['id', 'nightly_key', 'created_at', 'entity_count', 'trigger', 'scope'])
    .where('trigger', '=', 'nightly')
    .orderBy('created_at')
    .execute();
}

/** A schedule on a hand-moved clock that never looks by itself (the test ticks it). */
function schedule(db: Db, clock: { now: number }, atMinutes: number) {
  const started: string[] = [];
  const s = startNightlySchedule(
    { db, now: () => clock.now, intervalMs: 3_600_000, log: () => undefined, onStarted: (_c, key) => started.push(key) },
    { enabled: true, atMinutes },
  );
  return { s, started };
}

forEachDialect('the nightly schedule', pgStatus, (db: () => Db) => {
  it('records no empty cycle while nothing is watched', async () => {
    const clock = { now: at('2026-01-10T03:00:00Z') };
    const { s } = schedule(db(), clock, 120);
    expect(await s.tick()).toBeNull();
    await s.stop();
    expect(await nightlyCycles(db())).toEqual([]);
  });

  describe('with watched firms', () => {
    beforeAll(async () => {
      await watch(db(), ['200200', '700100', '100001']);
    });

    it('starts the night’s cycle once at the time, and another instance’s schedule finds it started', async () => {
      const clock = { now: at('2026-01-15T01:58:00Z') };
      const a = schedule(db(), clock, 120);
      expect(await a.s.tick()).toBeNull();
      clock.now = at('2026-01-15T02:00:30Z');
      const first = await a.s.tick();
      expect(first).toMatchObject({ created: true, entityCount: 3 });
      expect(await a.s.tick()).toBeNull();
      const b = schedule(db(), clock, 120);
      expect(await b.s.tick()).toMatchObject({ cycleId: first!.cycleId, created: false });
      await Promise.all([a.s.stop(), b.s.stop()]);
      expect(a.started).toEqual(['2026-01-15']);
      expect(b.started).toEqual([]);
      const cycles = await nightlyCycles(db());
      expect(cycles).toEqual([expect.objectContaining({ id: first!.cycleId, nightly_key: '2026-01-15', scope: 'all', entity_count: 3 })]);
      const jobs = await db().selectFrom('jobs').select('id').where('job_group', '=', first!.cycleId).execute();
      expect(jobs).toHaveLength(3);
    });

    it('catches up on start-up after the time when the night has no cycle, and not when it has', async () => {
      const clock = { now: at('2026-01-16T09:30:00Z') };
      const late = schedule(db(), clock, 120);
      // The schedule's first look runs at start; tick waits for it (one look at a time).
      await late.s.tick();
      await late.s.stop();
      expect(late.started).toEqual(['2026-01-16']);
      const again = schedule(db(), clock, 120);
      await again.s.tick();
      await again.s.stop();
      expect(again.started).toEqual([]);
      expect((await nightlyCycles(db())).map((c) => c.nightly_key)).toEqual(['2026-01-15', '2026-01-16']);
    });

    it('starts exactly one cycle a night across both clock changes, at the London time', async () => {
      const spring = await walk(at('2026-03-28T00:00:00Z'), at('2026-03-31T00:00:00Z'), 90);
      // 01:30 does not exist on 29 March: that night is due at 02:00 BST (01:00 UTC).
      expect(spring).toEqual([
        ['2026-03-28', '2026-03-28T01:30:00.000Z'],
        ['2026-03-29', '2026-03-29T01:00:00.000Z'],
        ['2026-03-30', '2026-03-30T00:30:00.000Z'],
      ]);
      const autumn = await walk(at('2026-10-24T00:00:00Z'), at('2026-10-27T00:00:00Z'), 90);
      // 01:30 comes twice on 25 October (BST, then GMT): the first starts it, the key stops the second.
      expect(autumn).toEqual([
        ['2026-10-24', '2026-10-24T00:30:00.000Z'],
        ['2026-10-25', '2026-10-25T00:30:00.000Z'],
        ['2026-10-26', '2026-10-26T01:30:00.000Z'],
      ]);
    });

    /** Two instances' schedules ticking every 15 minutes from `from` to `to`: the cycles started, as [key, UTC time]. */
    async function walk(from: number, to: number, atMinutes: number): Promise<Array<[string, string]>> {
      const clock = { now: from };
      const instances = [schedule(db(), clock, atMinutes), schedule(db(), clock, atMinutes)];
      const before = new Set((await nightlyCycles(db())).map((c) => c.id));
      for (; clock.now < to; clock.now += 15 * 60_000) {
        for (const i of instances) await i.s.tick();
      }
      await Promise.all(instances.map((i) => i.s.stop()));
      const started = (await nightlyCycles(db())).filter((c) => !before.has(c.id));
      // Each night was started by exactly one of the two.
      expect(instances.flatMap((i) => i.started).sort()).toEqual(started.map((c) => c.nightly_key).sort());
      return started.map((c) => [c.nightly_key!, c.created_at]);
    }
  });
});
