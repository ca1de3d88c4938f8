import { expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { beginSignInAttempt, DELAY_MAX_MS, finishSignInAttempt, minutesToWait } from './throttle';

const pg = await postgresStatus();
const policy = { windowMs: 15 * 60_000, maxFailuresPerAccount: 5, maxFailuresPerAddress: 20 };
const T0 = Date.parse('2030-06-01T09:00:00.000Z');

type TestDb = Parameters<typeof beginSignInAttempt>[0];

async function fail(db: TestDb, account: string, address: string, now: number) {
  const v = await beginSignInAttempt(db, { account, address }, policy, now);
  if (v.allowed) await finishSignInAttempt(db, { attemptId: v.attemptId, account }, false, now);
  return v;
}

async function succeed(db: TestDb, account: string, address: string, now: number) {
  const v = await beginSignInAttempt(db, { account, address }, policy, now);
  if (v.allowed) await finishSignInAttempt(db, { attemptId: v.attemptId, account }, true, now);
  return v;
}

forEachDialect('sign-in throttling', pg, (db) => {
  it('locks an address out of an account after 5 failures from it, and says how long; another address still gets in', async () => {
    for (let i = 0; i < 5; i++) expect((await fail(db(), 'ann@x', '203.0.113.9', T0 + i * 60_000)).allowed).toBe(true);
    const sixth = await beginSignInAttempt(db(), { account: 'ann@x', address: '203.0.113.9' }, policy, T0 + 5 * 60_000);
    expect(sixth).toEqual({ allowed: false, scope: 'pair', retryAfterMs: 10 * 60_000 });
    expect(minutesToWait(10 * 60_000)).toBe(10);
    // The account's owner at their own desk: no failures from there, so nothing stands in the way.
    expect((await succeed(db(), 'ann@x', '10.0.0.1', T0 + 5 * 60_000)).allowed).toBe(true);
    // …and the right password did not lift the lock on the attacking address.
    expect(await beginSignInAttempt(db(), { account: 'ann@x', address: '203.0.113.9' }, policy, T0 + 6 * 60_000)).toMatchObject({ allowed: false, scope: 'pair' });
    // The lock ends as soon as the oldest failure leaves the window.
    expect((await fail(db(), 'ann@x', '203.0.113.9', T0 + 15 * 60_000 + 1)).allowed).toBe(true);
  });

  it('clears the failures of an account from one address when it signs in from there', async () => {
    for (let i = 0; i < 4; i++) await fail(db(), 'bob@x', '10.1.0.1', T0 + i * 1000);
    expect((await succeed(db(), 'bob@x', '10.1.0.1', T0 + 5000)).allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect((await fail(db(), 'bob@x', '10.1.0.1', T0 + 6000 + i)).allowed).toBe(true);
    expect((await beginSignInAttempt(db(), { account: 'bob@x', address: '10.1.0.1' }, policy, T0 + 7000)).allowed).toBe(false);
  });

  it('slows an address past 20 failures with a doubling delay, never a lock for good, and not for accounts known there', async () => {
    const office = '192.0.2.50';
    // A colleague signed in from the office last week: the office is a known address for her.
    expect((await succeed(db(), 'carol@x', office, T0 - 7 * 86_400_000)).allowed).toBe(true);
    for (let i = 0; i < 20; i++) expect((await fail(db(), `user${i}@x`, office, T0 + i)).allowed).toBe(true);
    const next = await beginSignInAttempt(db(), { account: 'fresh@x', address: office }, policy, T0 + 100);
    expect(next).toEqual({ allowed: false, scope: 'address', retryAfterMs: 1000 });
    // Carol is not slowed by the guesser at her office.
    expect((await succeed(db(), 'carol@x', office, T0 + 100)).allowed).toBe(true);
    // Another address is unaffected.
    expect((await beginSignInAttempt(db(), { account: 'fresh@x', address: '192.0.2.51' }, policy, T0 + 100)).allowed).toBe(true);
    // After the delay one more try; each failure doubles the next wait, up to a minute.
    let now = T0 + 1_100;
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const v = await fail(db(), `more${i}@x`, office, now);
      expect(v.allowed).toBe(true);
      const refused = await beginSignInAttempt(db(), { account: 'fresh@x', address: office }, policy, now + 1);
      expect(refused).toMatchObject({ allowed: false, scope: 'address' });
      waits.push(refused.allowed ? 0 : refused.retryAfterMs + 1);
      now += waits.at(-1)!;
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, DELAY_MAX_MS, DELAY_MAX_MS, DELAY_MAX_MS, DELAY_MAX_MS]);
    // A newcomer at the office waits at most a minute after the latest failure: never locked out for good.
    expect((await beginSignInAttempt(db(), { account: 'fresh@x', address: office }, policy, now)).allowed).toBe(true);
  });

  it('slows guessing spread over many addresses for new addresses only: the account owner at a known address goes straight in', async () => {
    await succeed(db(), 'dan@x', '10.2.0.1', T0 - 86_400_000);
    for (let i = 0; i < 10; i++) expect((await fail(db(), 'dan@x', `198.51.100.${i}`, T0 + i * 1000)).allowed).toBe(true);
    expect(await beginSignInAttempt(db(), { account: 'dan@x', address: '198.51.100.200' }, policy, T0 + 9_500)).toEqual({
      allowed: false,
      scope: 'account',
      retryAfterMs: 1000,
    });
    expect((await succeed(db(), 'dan@x', '10.2.0.1', T0 + 9_500)).allowed).toBe(true);
    // A new place of the owner's waits out the short delay and is in.
    expect((await succeed(db(), 'dan@x', '10.2.0.2', T0 + 10_000)).allowed).toBe(true);
  });

  it('counts a burst of parallel guesses in full: from one address at most 5 check a password, from many at most 10', async () => {
    const one = await Promise.all(Array.from({ length: 12 }, () => beginSignInAttempt(db(), { account: 'burst1@x', address: '198.18.0.1' }, policy, T0)));
    expect(one.filter((v) => v.allowed).length).toBeLessThanOrEqual(5);
    expect(one.filter((v) => v.allowed).length).toBeGreaterThanOrEqual(1);
    const many = await Promise.all(Array.from({ length: 30 }, (_, i) => beginSignInAttempt(db(), { account: 'burst2@x', address: `198.18.1.${i}` }, policy, T0)));
    expect(many.filter((v) => v.allowed).length).toBeLessThanOrEqual(10);
    expect(many.filter((v) => v.allowed).length).toBeGreaterThanOrEqual(1);
  });

  it('holds one address trying every 10 seconds for an hour to 20 guesses, the ramp and one a minute in any 15 minutes', async () => {
    const allowed: number[] = [];
    for (let s = 0; s < 3600; s += 10) {
      const at = T0 + s * 1000;
      if ((await fail(db(), `target${s % 40}@x`, '198.19.0.1', at)).allowed) allowed.push(at);
    }
    const mostInAnyWindow = Math.max(...allowed.map((t) => allowed.filter((u) => u >= t && u < t + policy.windowMs).length));
    // 20 before the delay starts, then 1, 2, 4 … 32 s and one a minute: at most 20 + 6 + one a minute in a window.
    console.log(`one address, an hour of one try every 10 s: ${allowed.length} tried, at most ${mostInAnyWindow} in any 15 minutes`);
    expect(mostInAnyWindow).toBeLessThanOrEqual(20 + 6 + 15);
    expect(allowed.length).toBeLessThanOrEqual(4 * (20 + 6 + 15));
  }, 120_000);
});
