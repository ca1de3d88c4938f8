import { expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { beginSignInAttempt, finishSignInAttempt, minutesToWait } from './throttle';

const pg = await postgresStatus();
const policy = { windowMs: 15 * 60_000, maxFailuresPerAccount: 5, maxFailuresPerAddress: 20 };
const T0 = Date.parse('2030-06-01T09:00:00.000Z');

async function fail(db: Parameters<typeof beginSignInAttempt>[0], account: string, address: string, now: number) {
  const v = await beginSignInAttempt(db, { account, address }, policy, now);
  if (v.allowed) await finishSignInAttempt(db, { attemptId: v.attemptId, account }, false);
  return v;
}

forEachDialect('sign-in throttling', pg, (db) => {
  it('allows 5 failures for an account, refuses the 6th, and says how long to wait', async () => {
    for (let i = 0; i < 5; i++) expect((await fail(db(), 'ann@x', `10.0.0.${i}`, T0 + i * 60_000)).allowed).toBe(true);
    const sixth = await beginSignInAttempt(db(), { account: 'ann@x', address: '10.0.0.9' }, policy, T0 + 5 * 60_000);
    expect(sixth).toEqual({ allowed: false, scope: 'account', retryAfterMs: 10 * 60_000 });
    expect(minutesToWait(10 * 60_000)).toBe(10);
  });

  it('lets the account in again as soon as the oldest failure leaves the window', async () => {
    const later = await beginSignInAttempt(db(), { account: 'ann@x', address: '10.0.0.9' }, policy, T0 + 15 * 60_000 + 1);
    expect(later.allowed).toBe(true);
    if (later.allowed) await finishSignInAttempt(db(), { attemptId: later.attemptId, account: 'ann@x' }, true);
  });

  it('clears an account’s failures after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) await fail(db(), 'bob@x', '10.1.0.1', T0 + i * 1000);
    const ok = await beginSignInAttempt(db(), { account: 'bob@x', address: '10.1.0.1' }, policy, T0 + 5000);
    expect(ok.allowed).toBe(true);
    if (ok.allowed) await finishSignInAttempt(db(), { attemptId: ok.attemptId, account: 'bob@x' }, true);
    for (let i = 0; i < 5; i++) expect((await fail(db(), 'bob@x', '10.1.0.2', T0 + 6000 + i)).allowed).toBe(true);
  });

  it('limits one address to 20 failures across any number of accounts', async () => {
    for (let i = 0; i < 20; i++) expect((await fail(db(), `user${i}@x`, '192.0.2.50', T0 + i)).allowed).toBe(true);
    const next = await beginSignInAttempt(db(), { account: 'fresh@x', address: '192.0.2.50' }, policy, T0 + 100);
    expect(next).toMatchObject({ allowed: false, scope: 'address' });
    // Another address is unaffected.
    expect((await beginSignInAttempt(db(), { account: 'fresh@x', address: '192.0.2.51' }, policy, T0 + 100)).allowed).toBe(true);
  });

  it('counts a burst of parallel guesses in full: at most 5 get to check a password', async () => {
    const verdicts = await Promise.all(Array.from({ length: 12 }, (_, i) => beginSignInAttempt(db(), { account: 'burst@x', address: `198.51.100.${i}` }, policy, T0)));
    expect(verdicts.filter((v) => v.allowed).length).toBeLessThanOrEqual(5);
    expect(verdicts.filter((v) => v.allowed).length).toBeGreaterThanOrEqual(1);
  });
});
