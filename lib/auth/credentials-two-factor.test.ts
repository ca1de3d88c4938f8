import { expect, it } from 'vitest';
import { listAudit } from '@/lib/db/queries/audit';
import { createUser } from '@/lib/db/queries/users';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { authorizeCredentials } from './credentials';
import { hashPassword } from './password';
import { totpCodeAt } from './totp';
import { confirmEnrolment, pendingEnrolmentSecret } from './two-factor';

const pg = await postgresStatus();
const policy = { windowMs: 15 * 60_000, maxFailuresPerAccount: 5, maxFailuresPerAddress: 20 };
const FAST = { ln: 10, r: 8, p: 1 };

forEachDialect('local sign-in with a second factor', pg, (db) => {
  async function enrolledUser(email: string) {
    const user = await createUser(db(), { email, role: 'viewer', passwordHash: await hashPassword('pass-phrase-1', FAST), authProvider: 'local' });
    const secret = (await pendingEnrolmentSecret(db(), user.id))!;
    const done = await confirmEnrolment(db(), user.id, totpCodeAt(secret, Date.now() - 30_000), Date.now() - 30_000);
    if (!done.ok) throw new Error(`enrolment failed: ${done.reason}`);
    return { user, secret, recoveryCodes: done.recoveryCodes };
  }
  const attempt = (email: string, password: string, code?: string, address = '10.2.0.1') => authorizeCredentials(db(), { email, password, code, address }, policy);

  it('asks for the code after the right password, then signs in with it (and not twice with the same code)', async () => {
    const { secret } = await enrolledUser('two@x');
    expect(await attempt('two@x', 'pass-phrase-1')).toEqual({ ok: false, error: 'two-factor-required' });
    expect(await attempt('two@x', 'wrong-password', totpCodeAt(secret, Date.now()))).toEqual({ ok: false, error: 'CredentialsSignin' });
    const code = totpCodeAt(secret, Date.now());
    expect(await attempt('two@x', 'pass-phrase-1', code)).toMatchObject({ ok: true, user: { email: 'two@x' }, secondFactor: 'totp' });
    expect(await attempt('two@x', 'pass-phrase-1', code)).toEqual({ ok: false, error: 'two-factor-invalid' });
    const [failed] = await listAudit(db(), { action: 'auth.sign-in-failed', userEmail: 'two@x' });
    expect(failed).toMatchObject({ outcome: 'failure', detail: { reason: 'second-factor-code-already-used' } });
  });

  it('signs in with a recovery code once, and audits its use with how many are left', async () => {
    const { recoveryCodes } = await enrolledUser('rec@x');
    expect(await attempt('rec@x', 'pass-phrase-1', recoveryCodes[3])).toMatchObject({ ok: true, secondFactor: 'recovery-code' });
    expect(await attempt('rec@x', 'pass-phrase-1', recoveryCodes[3])).toEqual({ ok: false, error: 'two-factor-invalid' });
    const [used] = await listAudit(db(), { action: 'auth.recovery-code-used', userEmail: 'rec@x' });
    expect(used).toMatchObject({ outcome: 'success', detail: { remaining: 9 } });
  });

  it('throttles wrong codes like wrong passwords; asking for the code step does not reset the count', async () => {
    const { secret } = await enrolledUser('guess@x');
    for (let i = 0; i < 5; i++) {
      // The first step alone counts neither way: it cannot be used to clear the failures.
      expect(await attempt('guess@x', 'pass-phrase-1', undefined, '10.3.0.1')).toEqual({ ok: false, error: 'two-factor-required' });
      expect(await attempt('guess@x', 'pass-phrase-1', String(100000 + i), '10.3.0.1')).toEqual({ ok: false, error: 'two-factor-invalid' });
    }
    expect(await attempt('guess@x', 'pass-phrase-1', undefined, '10.3.0.1')).toEqual({ ok: false, error: 'throttled-account:15' });
    expect(await attempt('guess@x', 'pass-phrase-1', totpCodeAt(secret, Date.now()), '10.3.0.1')).toEqual({
      ok: false,
      error: 'throttled-account:15',
    });
    // From an address with no failures, the password and the current code sign in.
    expect(await attempt('guess@x', 'pass-phrase-1', totpCodeAt(secret, Date.now()), '10.3.0.99')).toMatchObject({ ok: true, secondFactor: 'totp' });
  });

  it('an account without a second factor, and an unconfirmed enrolment, sign in with the password alone', async () => {
    const user = await createUser(db(), { email: 'plain@x', role: 'viewer', passwordHash: await hashPassword('pass-phrase-1', FAST), authProvider: 'local' });
    await pendingEnrolmentSecret(db(), user.id);
    expect(await attempt('plain@x', 'pass-phrase-1')).toMatchObject({ ok: true, secondFactor: null });
  });
});
