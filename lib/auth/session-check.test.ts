import { beforeEach, expect, it } from 'vitest';
import { createUser, revokeUserSessions, setUserDisabled } from '@/lib/db/queries/users';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { endSession } from '@/lib/db/queries/ended-sessions';
import { checkSession, clearUserCache, invalidateCachedUser, markSessionEnded } from './session-check';

const pg = await postgresStatus();
const opts = { maxAgeSeconds: 36_000, revalidateSeconds: 30 };

forEachDialect('session check', pg, (db) => {
  beforeEach(() => clearUserCache());
  const load = async () => db();
  const tokenFor = (u: { id: string; sessionVersion: number }, authAt = Math.floor(Date.now() / 1000)) => ({
    uid: u.id,
    sv: u.sessionVersion,
    role: 'viewer',
    provider: 'credentials',
    authAt,
  });

  it('accepts a current session and returns the account as it is now', async () => {
    const u = await createUser(db(), { email: 'sc1@x', role: 'analyst', passwordHash: 'h', authProvider: 'local' });
    const v = await checkSession(load, tokenFor(u), opts);
    expect(v).toMatchObject({ ok: true, user: { id: u.id, role: 'analyst' } });
  });

  it('refuses a session issued before "sign out everywhere"', async () => {
    const u = await createUser(db(), { email: 'sc2@x', role: 'viewer', passwordHash: 'h', authProvider: 'local' });
    const token = tokenFor(u);
    await revokeUserSessions(db(), u.id);
    expect(await checkSession(load, token, opts)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('refuses a disabled account, and does not revive its old session on re-enable', async () => {
    const u = await createUser(db(), { email: 'sc3@x', role: 'viewer', passwordHash: 'h', authProvider: 'local' });
    const token = tokenFor(u);
    await setUserDisabled(db(), u.id, true);
    expect(await checkSession(load, token, opts)).toEqual({ ok: false, reason: 'disabled' });
    await setUserDisabled(db(), u.id, false);
    invalidateCachedUser(u.id);
    expect(await checkSession(load, token, opts)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('ends a session at its absolute maximum age however often it was refreshed', async () => {
    const u = await createUser(db(), { email: 'sc4@x', role: 'viewer', passwordHash: 'h', authProvider: 'local' });
    const tenHoursAgo = Math.floor(Date.now() / 1000) - 36_000;
    expect(await checkSession(load, tokenFor(u, tenHoursAgo), opts)).toEqual({ ok: false, reason: 'expired' });
    expect((await checkSession(load, tokenFor(u, tenHoursAgo + 60), opts)).ok).toBe(true);
  });

  it('refuses a session that was signed out, on this instance at once and elsewhere from the database', async () => {
    const u = await createUser(db(), { email: 'sc-signed-out@x', role: 'viewer', passwordHash: 'h', authProvider: 'local' });
    const ended = { ...tokenFor(u), sid: 'ended-sid' };
    const other = { ...tokenFor(u), sid: 'other-sid' };
    expect((await checkSession(load, ended, opts)).ok).toBe(true);
    markSessionEnded('ended-sid');
    expect(await checkSession(load, ended, opts)).toEqual({ ok: false, reason: 'signed-out' });
    clearUserCache();
    await endSession(db(), { sid: 'ended-sid', userId: u.id, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await checkSession(load, ended, opts)).toEqual({ ok: false, reason: 'signed-out' });
    expect((await checkSession(load, other, opts)).ok).toBe(true);
    // A session issued before session ids existed goes on until its own end.
    expect((await checkSession(load, tokenFor(u), opts)).ok).toBe(true);
  });

  it('refuses tokens without the portal claims and users that no longer exist', async () => {
    expect(await checkSession(load, { sub: 'x' }, opts)).toEqual({ ok: false, reason: 'malformed' });
    expect(await checkSession(load, { uid: 'gone', sv: 1, role: 'viewer', provider: 'x', authAt: Math.floor(Date.now() / 1000) }, opts)).toEqual({
      ok: false,
      reason: 'unknown-user',
    });
  });

  it('trusts a cached read for at most the revalidation time; invalidation applies at once', async () => {
    const u = await createUser(db(), { email: 'sc5@x', role: 'viewer', passwordHash: 'h', authProvider: 'local' });
    const token = tokenFor(u);
    const t0 = Date.now();
    expect((await checkSession(load, token, opts, t0)).ok).toBe(true);
    await setUserDisabled(db(), u.id, true); // written by "another instance": no invalidation here
    expect((await checkSession(load, token, opts, t0 + 29_000)).ok).toBe(true);
    expect(await checkSession(load, token, opts, t0 + 30_000)).toEqual({ ok: false, reason: 'disabled' });

    const w = await createUser(db(), { email: 'sc6@x', role: 'viewer', passwordHash: 'h', authProvider: 'local' });
    const wt = tokenFor(w);
    expect((await checkSession(load, wt, opts, t0)).ok).toBe(true);
    await revokeUserSessions(db(), w.id);
    invalidateCachedUser(w.id); // what the admin actions do on this instance
    expect(await checkSession(load, wt, opts, t0 + 1)).toEqual({ ok: false, reason: 'revoked' });
  });
});
