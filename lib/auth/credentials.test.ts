import { expect, it } from 'vitest';
import { listAudit } from '@/lib/db/queries/audit';
import { createUser, findUserForPasswordCheck, setUserDisabled } from '@/lib/db/queries/users';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { authorizeCredentials } from './credentials';
import { hashPassword } from './password';

const pg = await postgresStatus();
const policy = { windowMs: 15 * 60_000, maxFailuresPerAccount: 5, maxFailuresPerAddress: 20 };
const FAST = { ln: 10, r: 8, p: 1 };

forEachDialect('local sign-in', pg, (db) => {
  it('signs in with the right password in any e-mail letter case, and upgrades a weak hash', async () => {
    await createUser(db(), { email: 'kim@example.com', role: 'viewer', passwordHash: await hashPassword('s3cret-pw', FAST), authProvider: 'local' });
    const r = await authorizeCredentials(db(), { email: ' KIM@example.com ', password: 's3cret-pw', address: '10.0.0.1' }, policy);
    expect(r).toMatchObject({ ok: true, user: { email: 'kim@example.com' } });
    const stored = await findUserForPasswordCheck(db(), 'kim@example.com');
    expect(stored?.passwordHash).toMatch(/^scrypt\$ln=16,/);
  });

  it('refuses a wrong password or an unknown account with the same answer, and audits both', async () => {
    const wrong = await authorizeCredentials(db(), { email: 'kim@example.com', password: 'nope', address: '10.0.0.2' }, policy);
    const unknown = await authorizeCredentials(db(), { email: 'nobody@example.com', password: 'nope', address: '10.0.0.2' }, policy);
    expect(wrong).toEqual({ ok: false, error: 'CredentialsSignin' });
    expect(unknown).toEqual({ ok: false, error: 'CredentialsSignin' });
    const failed = await listAudit(db(), { action: 'auth.sign-in-failed' });
    expect(failed.map((e) => e.detail?.reason)).toEqual(['unknown-account', 'wrong-password']);
    expect(failed[1]).toMatchObject({ userEmail: 'kim@example.com', reference: 'kim@example.com', outcome: 'failure' });
    expect(failed[1].detail).toMatchObject({ address: '10.0.0.2', provider: 'credentials' });
  });

  it('asks for both fields when one is missing', async () => {
    expect(await authorizeCredentials(db(), { email: 'kim@example.com', password: '', address: 'a' }, policy)).toEqual({
      ok: false,
      error: 'missing-credentials',
    });
    expect(await authorizeCredentials(db(), { email: undefined, password: 'x', address: 'a' }, policy)).toEqual({
      ok: false,
      error: 'missing-credentials',
    });
  });

  it('after 5 failures from one address refuses even the right password from there, with the wait, without checking it; another address gets in', async () => {
    await createUser(db(), { email: 'lee@example.com', role: 'viewer', passwordHash: await hashPassword('right-pw', FAST), authProvider: 'local' });
    for (let i = 0; i < 5; i++) {
      expect(await authorizeCredentials(db(), { email: 'lee@example.com', password: `bad${i}`, address: '10.9.0.1' }, policy)).toEqual({
        ok: false,
        error: 'CredentialsSignin',
      });
    }
    const blocked = await authorizeCredentials(db(), { email: 'lee@example.com', password: 'right-pw', address: '10.9.0.1' }, policy);
    expect(blocked).toEqual({ ok: false, error: 'throttled-account:15' });
    const [entry] = await listAudit(db(), { action: 'auth.sign-in-throttled' });
    expect(entry).toMatchObject({ outcome: 'denied', reference: 'lee@example.com', detail: { scope: 'pair', address: '10.9.0.1', retryAfterSeconds: expect.any(Number) } });
    expect(entry.detail?.retryAfterSeconds).toBeGreaterThan(14 * 60);
    // The guessing stays with the guesser's address: the owner elsewhere signs in with the right password.
    expect(await authorizeCredentials(db(), { email: 'lee@example.com', password: 'right-pw', address: '10.9.0.99' }, policy)).toMatchObject({ ok: true });
  });

  it('tells a disabled account so only when the password was right', async () => {
    const u = await createUser(db(), { email: 'max@example.com', role: 'viewer', passwordHash: await hashPassword('pw-max', FAST), authProvider: 'local' });
    await setUserDisabled(db(), u.id, true);
    expect(await authorizeCredentials(db(), { email: 'max@example.com', password: 'wrong', address: 'b' }, policy)).toEqual({
      ok: false,
      error: 'CredentialsSignin',
    });
    expect(await authorizeCredentials(db(), { email: 'max@example.com', password: 'pw-max', address: 'b' }, policy)).toEqual({
      ok: false,
      error: 'account-disabled',
    });
  });

  it('refuses password sign-in for an SSO account (no password set)', async () => {
    await createUser(db(), { email: 'sso@example.com', role: 'viewer', passwordHash: null, authProvider: 'oidc' });
    expect(await authorizeCredentials(db(), { email: 'sso@example.com', password: 'anything', address: 'c' }, policy)).toEqual({
      ok: false,
      error: 'CredentialsSignin',
    });
    const [entry] = await listAudit(db(), { action: 'auth.sign-in-failed', userEmail: 'sso@example.com' });
    expect(entry.detail?.reason).toBe('no-password-set');
  });
});
