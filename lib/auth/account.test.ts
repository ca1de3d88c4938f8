import { beforeEach, expect, it } from 'vitest';
import { listAudit } from '@/lib/db/queries/audit';
import { isSessionEnded } from '@/lib/db/queries/ended-sessions';
import { findUserSession, listActiveUserSessions, recordUserSession } from '@/lib/db/queries/user-sessions';
import { createUser, findUserById, findUserForPasswordCheck, type User } from '@/lib/db/queries/users';
import type { Db } from '@/lib/db/schema';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { type AccountActor, changeOwnPassword, disableOwnTwoFactor, enableOwnTwoFactor, endOtherSessions, endOwnSession, listOwnSessions } from './account';
import { hashPassword, verifyPassword } from './password';
import { checkSession, clearUserCache } from './session-check';
import { sessionHandle } from './session-handle';
import { totpCodeAt } from './totp';
import { hasTwoFactor, pendingEnrolmentSecret } from './two-factor';

const pg = await postgresStatus();
const policy = { windowMs: 15 * 60_000, maxFailuresPerAccount: 5, maxFailuresPerAddress: 20 };
const FAST = { ln: 10, r: 8, p: 1 };
const opts = { maxAgeSeconds: 36_000, revalidateSeconds: 0 };
const OLD = 'first pass phrase';
const NEW = 'a brand new pass phrase';

forEachDialect('accounts people manage themselves', pg, (db) => {
  beforeEach(() => clearUserCache());
  const load = async (): Promise<Db> => db();

  async function signedInUser(email: string, sessions = 3): Promise<{ user: User; sids: string[]; actor: AccountActor }> {
    const user = await createUser(db(), { email, role: 'viewer', passwordHash: await hashPassword(OLD, FAST), authProvider: 'local' });
    const sids = Array.from({ length: sessions }, (_, i) => `${email}-sid-${i}`);
    for (const [i, sid] of sids.entries()) {
      await recordUserSession(db(), {
        sid,
        userId: user.id,
        sessionVersion: user.sessionVersion,
        provider: 'credentials',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        userAgent: `Browser ${i}`,
        address: `10.0.0.${i}`,
      });
    }
    return { user, sids, actor: { user: { id: user.id, email: user.email, name: user.name }, sessionHandle: sessionHandle(sids[0]), address: '10.0.0.0' } };
  }
  const token = (u: User, sid: string) => ({ uid: u.id, sv: u.sessionVersion, role: 'viewer', provider: 'credentials', authAt: Math.floor(Date.now() / 1000), sid });

  it('lists the sessions with the current one first and marked', async () => {
    const { user, actor, sids } = await signedInUser('list@x');
    const listed = await listOwnSessions(db(), user, actor.sessionHandle);
    expect(listed.map((s) => s.current)).toEqual([true, false, false]);
    expect(listed[0].sid).toBe(sids[0]);
    expect(listed.map((s) => s.userAgent).sort()).toEqual(['Browser 0', 'Browser 1', 'Browser 2']);
  });

  it('changes the password: ends the other sessions, keeps this one, audits it', async () => {
    const { user, sids, actor } = await signedInUser('change@x');
    const result = await changeOwnPassword(db(), actor, { current: OLD, next: NEW, confirm: NEW }, policy);
    expect(result).toMatchObject({ ok: true, endedSessions: 2, carriedSid: sids[0] });
    const stored = await findUserForPasswordCheck(db(), 'change@x');
    expect(await verifyPassword(NEW, stored!.passwordHash!)).toBe(true);
    expect((await checkSession(load, token(user, sids[0]), opts)).ok).toBe(true);
    expect(await checkSession(load, token(user, sids[1]), opts)).toEqual({ ok: false, reason: 'revoked' });
    expect(await checkSession(load, token(user, 'never-recorded'), opts)).toEqual({ ok: false, reason: 'revoked' });
    const now = (await findUserById(db(), user.id))!;
    expect((await listActiveUserSessions(db(), user.id, now.sessionVersion)).map((s) => s.sid)).toEqual([sids[0]]);
    const [entry] = await listAudit(db(), { action: 'account.password-change', userEmail: 'change@x' });
    expect(entry).toMatchObject({ outcome: 'success', detail: { otherSessionsEnded: 2, address: '10.0.0.0' } });
  });

  it('refuses a wrong current password (audited, throttled), a weak or mismatched new one, and the same one', async () => {
    const { actor } = await signedInUser('refuse@x', 1);
    expect(await changeOwnPassword(db(), actor, { current: 'wrong', next: NEW, confirm: NEW }, policy)).toEqual({
      ok: false,
      message: 'Your current password is not right.',
    });
    expect((await changeOwnPassword(db(), actor, { current: OLD, next: 'password1234', confirm: 'password1234' }, policy)).ok).toBe(false);
    expect(await changeOwnPassword(db(), actor, { current: OLD, next: NEW, confirm: `${NEW}!` }, policy)).toMatchObject({
      ok: false,
      message: expect.stringContaining('different'),
    });
    expect(await changeOwnPassword(db(), actor, { current: OLD, next: OLD, confirm: OLD }, policy)).toMatchObject({
      ok: false,
      message: expect.stringContaining('same as the current one'),
    });
    const [failed] = await listAudit(db(), { action: 'account.password-change', userEmail: 'refuse@x' });
    expect(failed).toMatchObject({ outcome: 'failure', detail: { reason: 'wrong-current-password' } });
    // The right password above cleared the count (as a successful sign-in does): five more wrong ones lock it from this address.
    for (let i = 0; i < 5; i++) await changeOwnPassword(db(), actor, { current: `wrong-${i}`, next: NEW, confirm: NEW }, policy);
    const blocked = await changeOwnPassword(db(), actor, { current: OLD, next: NEW, confirm: NEW }, policy);
    expect(blocked).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Too many failed password attempts for this account from your network address\. Try again in 1[45] minutes\.$/),
    });
  });

  it('refuses a password change for a single-sign-on account', async () => {
    const u = await createUser(db(), { email: 'sso-acct@x', role: 'viewer', passwordHash: null, authProvider: 'oidc' });
    const r = await changeOwnPassword(db(), { user: u, sessionHandle: null, address: 'a' }, { current: 'x', next: NEW, confirm: NEW }, policy);
    expect(r).toMatchObject({ ok: false, message: expect.stringContaining('single sign-on') });
  });

  it('ends one other session for good, but not the current one nor someone else’s', async () => {
    const { user, sids, actor } = await signedInUser('end-one@x');
    const stranger = await signedInUser('stranger@x', 1);
    expect(await endOwnSession(db(), actor, sessionHandle(stranger.sids[0]))).toMatchObject({ ok: false });
    expect(await endOwnSession(db(), actor, sessionHandle(sids[0]))).toMatchObject({ ok: false, message: expect.stringContaining('Sign out') });
    expect(await endOwnSession(db(), actor, sessionHandle(sids[2]))).toEqual({ ok: true, sid: sids[2] });
    expect(await isSessionEnded(db(), sids[2])).toBe(true);
    expect(await checkSession(load, token(user, sids[2]), opts)).toEqual({ ok: false, reason: 'signed-out' });
    expect((await checkSession(load, token(user, sids[1]), opts)).ok).toBe(true);
    const [entry] = await listAudit(db(), { action: 'account.session-end', userEmail: 'end-one@x' });
    expect(entry).toMatchObject({ outcome: 'success', detail: { userAgent: 'Browser 2' } });
  });

  it('ends every other session, including ones the list does not know', async () => {
    const { user, sids, actor } = await signedInUser('end-all@x');
    expect(await endOtherSessions(db(), actor)).toMatchObject({ ok: true, endedSessions: 2 });
    expect((await checkSession(load, token(user, sids[0]), opts)).ok).toBe(true);
    expect(await checkSession(load, token(user, sids[1]), opts)).toEqual({ ok: false, reason: 'revoked' });
    expect(await checkSession(load, token(user, 'unlisted'), opts)).toEqual({ ok: false, reason: 'revoked' });
    const [entry] = await listAudit(db(), { action: 'account.sessions-end-others', userEmail: 'end-all@x' });
    expect(entry.detail).toMatchObject({ otherSessionsEnded: 2 });
  });

  it('turns two-factor on with a code and off only with the password and a code, audited both ways', async () => {
    const { user, actor } = await signedInUser('tf@x', 1);
    const secret = (await pendingEnrolmentSecret(db(), user.id))!;
    expect(await enableOwnTwoFactor(db(), actor, '12345', policy)).toMatchObject({ ok: false, message: expect.stringContaining('six-digit') });
    expect(await enableOwnTwoFactor(db(), actor, '000000', policy)).toMatchObject({ ok: false, message: expect.stringContaining('not right') });
    const on = await enableOwnTwoFactor(db(), actor, totpCodeAt(secret, Date.now() - 30_000), policy);
    expect(on.ok && on.recoveryCodes.length).toBe(10);
    const code = totpCodeAt(secret, Date.now());
    expect(await disableOwnTwoFactor(db(), actor, { password: 'wrong', code }, policy)).toMatchObject({ ok: false });
    expect(await disableOwnTwoFactor(db(), actor, { password: OLD, code: '000000' }, policy)).toMatchObject({ ok: false });
    expect(await hasTwoFactor(db(), user.id)).toBe(true);
    expect(await disableOwnTwoFactor(db(), actor, { password: OLD, code }, policy)).toEqual({ ok: true });
    expect(await hasTwoFactor(db(), user.id)).toBe(false);
    const entries = (await listAudit(db(), { action: 'account.', userEmail: 'tf@x' })).filter((e) => e.action.startsWith('account.two-factor-'));
    expect(entries.map((e) => `${e.action}:${e.outcome}`).sort()).toEqual(
      [
        'account.two-factor-disable:failure',
        'account.two-factor-disable:failure',
        'account.two-factor-disable:success',
        'account.two-factor-enable:failure',
        'account.two-factor-enable:success',
      ].sort(),
    );
  });

  it('expired sessions are not listed, and their rows go at the next sign-in of anyone', async () => {
    const { user } = await signedInUser('expired@x', 0);
    const base = { userId: user.id, sessionVersion: user.sessionVersion, provider: 'credentials' };
    await recordUserSession(db(), { ...base, sid: 'expired-sid', expiresAt: new Date(Date.now() - 1000).toISOString(), now: Date.now() - 3_600_000 });
    expect(await listActiveUserSessions(db(), user.id, user.sessionVersion)).toEqual([]);
    expect(await findUserSession(db(), 'expired-sid')).not.toBeNull();
    const other = await signedInUser('someone-else@x', 1);
    expect(await findUserSession(db(), 'expired-sid')).toBeNull();
    expect(await findUserSession(db(), other.sids[0])).not.toBeNull();
  });
});
