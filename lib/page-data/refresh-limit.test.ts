import { expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { readRefreshLimit, refusalMessage, takeRefreshAllowance } from './refresh-limit';

const pg = await postgresStatus();
const T0 = Date.parse('2030-06-01T09:00:00.000Z');

it('reads FSR_REFRESH_PER_MINUTE, refusing nonsense by name', () => {
  expect(readRefreshLimit({})).toEqual({ perMinute: 12, problems: [] });
  expect(readRefreshLimit({ FSR_REFRESH_PER_MINUTE: '30' })).toEqual({ perMinute: 30, problems: [] });
  expect(readRefreshLimit({ FSR_REFRESH_PER_MINUTE: 'lots' }).problems).toEqual(['FSR_REFRESH_PER_MINUTE must be a whole number of register calls from 1 to 600']);
});

forEachDialect("a person's refresh allowance", pg, (db) => {
  it('grants calls up to the limit in any minute, all or none, and says when the next refresh fits', async () => {
    expect(await takeRefreshAllowance(db(), 'ann', 8, 12, T0)).toEqual({ ok: true });
    expect(await takeRefreshAllowance(db(), 'ann', 4, 12, T0 + 10_000)).toEqual({ ok: true });
    const refused = await takeRefreshAllowance(db(), 'ann', 5, 12, T0 + 20_000);
    // The 8 from T0 leave the window at T0 + 60 s: 40 s from now.
    expect(refused).toEqual({ ok: false, used: 12, limit: 12, retryAfterSeconds: 40, firstRefusal: true });
    expect(refusalMessage(refused as Extract<typeof refused, { ok: false }>, 5)).toBe(
      "Not refreshed: you have forced 12 register calls past the cache in the last minute, and each person may force 12 a minute (so that the one register key's budget stays free for everyone's pages). Try again in 40 s; the data shown is the portal's latest copy.",
    );
    // Refused again within the minute: not the first refusal (the audit log records one).
    expect(await takeRefreshAllowance(db(), 'ann', 1, 12, T0 + 30_000)).toMatchObject({ ok: false, firstRefusal: false });
    // Someone else is not affected.
    expect(await takeRefreshAllowance(db(), 'bob', 12, 12, T0 + 30_000)).toEqual({ ok: true });
    // The window slides: at T0 + 60 s the first 8 have left.
    expect(await takeRefreshAllowance(db(), 'ann', 8, 12, T0 + 60_001)).toEqual({ ok: true });
    // A refresh bigger than the limit can never fit, and says so.
    const never = await takeRefreshAllowance(db(), 'cat', 13, 12, T0);
    expect(never).toMatchObject({ ok: false, retryAfterSeconds: null });
    expect(refusalMessage(never as Extract<typeof never, { ok: false }>, 13)).toMatch(/^Not refreshed: this page's refresh needs 13 register calls, more than the 12 a minute/);
  });

  it('never lets one person force more than the limit in any minute, however many refreshes run at once', async () => {
    const granted: Array<{ at: number; calls: number }> = [];
    for (let second = 0; second < 180; second += 5) {
      const at = T0 + 1_000_000 + second * 1000;
      const burst = await Promise.all(Array.from({ length: 4 }, () => takeRefreshAllowance(db(), 'looper', 3, 12, at)));
      for (const b of burst) if (b.ok) granted.push({ at, calls: 3 });
    }
    const most = Math.max(...granted.map((g) => granted.filter((h) => h.at >= g.at && h.at < g.at + 60_000).reduce((n, h) => n + h.calls, 0)));
    expect(most).toBeLessThanOrEqual(12);
    // Three minutes of looping got about three minutes' worth, not nothing.
    expect(granted.reduce((n, g) => n + g.calls, 0)).toBeGreaterThanOrEqual(24);
  });
});
