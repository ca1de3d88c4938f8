import { expect, it } from 'vitest';
import { countUnusedRecoveryCodes, findTotp } from '@/lib/db/queries/two-factor';
import { createUser } from '@/lib/db/queries/users';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { totpCodeAt } from './totp';
import { decryptTotpSecret, totpKey } from './totp-encryption';
import { checkSecondFactor, confirmEnrolment, hasTwoFactor, issueRecoveryCodes, pendingEnrolmentSecret } from './two-factor';

const pg = await postgresStatus();
const T0 = 1_800_000_000_000;

forEachDialect('two-factor', pg, (db) => {
  const localUser = (email: string) => createUser(db(), { email, role: 'viewer', passwordHash: 'h', authProvider: 'local' });

  it('enrols: a pending secret (kept across reloads) becomes active with a right code, and ten recovery codes are issued', async () => {
    const u = await localUser('enrol@x');
    const secret = (await pendingEnrolmentSecret(db(), u.id, T0))!;
    expect(await pendingEnrolmentSecret(db(), u.id, T0 + 60_000)).toBe(secret);
    expect(await hasTwoFactor(db(), u.id)).toBe(false);
    expect(await confirmEnrolment(db(), u.id, '000000', T0)).toEqual({ ok: false, reason: 'wrong-code' });
    const done = await confirmEnrolment(db(), u.id, totpCodeAt(secret, T0), T0);
    expect(done.ok).toBe(true);
    if (done.ok) expect(done.recoveryCodes).toHaveLength(10);
    expect(await hasTwoFactor(db(), u.id)).toBe(true);
    expect(await countUnusedRecoveryCodes(db(), u.id)).toBe(10);
    expect(await pendingEnrolmentSecret(db(), u.id, T0)).toBeNull();
    expect(await confirmEnrolment(db(), u.id, totpCodeAt(secret, T0 + 30_000), T0 + 30_000)).toEqual({ ok: false, reason: 'already-enrolled' });
    // The code that confirmed enrolment cannot then sign in.
    expect(await checkSecondFactor(db(), u.id, totpCodeAt(secret, T0), T0)).toEqual({ ok: false, reason: 'code-already-used' });
  });

  it('an unconfirmed secret is replaced after an hour', async () => {
    const u = await localUser('stale@x');
    const first = await pendingEnrolmentSecret(db(), u.id, T0);
    const later = await pendingEnrolmentSecret(db(), u.id, T0 + 61 * 60_000);
    expect(later).not.toBe(first);
    // Stored encrypted (lib/auth/totp-encryption.ts), never as the secret itself.
    const stored = (await findTotp(db(), u.id))!.secret;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(later!);
    expect(decryptTotpSecret(stored, totpKey(), u.id)).toEqual({ ok: true, secret: later, plain: false });
  });

  it('accepts a code within one step, refuses a replay of it or of an older step, and refuses two steps away', async () => {
    const u = await localUser('verify@x');
    const secret = (await pendingEnrolmentSecret(db(), u.id, T0))!;
    expect((await confirmEnrolment(db(), u.id, totpCodeAt(secret, T0), T0)).ok).toBe(true);
    const now = T0 + 5 * 30_000;
    expect(await checkSecondFactor(db(), u.id, totpCodeAt(secret, now - 60_000), now)).toEqual({ ok: false, reason: 'wrong-code' });
    expect(await checkSecondFactor(db(), u.id, totpCodeAt(secret, now - 30_000), now)).toEqual({ ok: true, method: 'totp' });
    expect(await checkSecondFactor(db(), u.id, totpCodeAt(secret, now - 30_000), now)).toEqual({ ok: false, reason: 'code-already-used' });
    expect(await checkSecondFactor(db(), u.id, ` ${totpCodeAt(secret, now)} `, now)).toEqual({ ok: true, method: 'totp' });
    expect(await checkSecondFactor(db(), u.id, totpCodeAt(secret, now - 30_000), now)).toEqual({ ok: false, reason: 'code-already-used' });
    expect(await checkSecondFactor(db(), u.id, totpCodeAt(secret, now + 30_000), now)).toEqual({ ok: true, method: 'totp' });
  });

  it('two instances accepting the same code at once: exactly one succeeds', async () => {
    const u = await localUser('race@x');
    const secret = (await pendingEnrolmentSecret(db(), u.id, T0))!;
    await confirmEnrolment(db(), u.id, totpCodeAt(secret, T0), T0);
    const now = T0 + 10 * 30_000;
    const code = totpCodeAt(secret, now);
    const results = await Promise.all([1, 2, 3].map(() => checkSecondFactor(db(), u.id, code, now)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('a recovery code works once, in any typing; new codes replace the old ones', async () => {
    const u = await localUser('recover@x');
    const secret = (await pendingEnrolmentSecret(db(), u.id, T0))!;
    const done = await confirmEnrolment(db(), u.id, totpCodeAt(secret, T0), T0);
    if (!done.ok) throw new Error('enrolment failed');
    const [code, other] = done.recoveryCodes;
    expect(await checkSecondFactor(db(), u.id, code.toUpperCase().replace(/-/g, ' '), T0)).toEqual({ ok: true, method: 'recovery-code', remaining: 9 });
    expect(await checkSecondFactor(db(), u.id, code, T0)).toEqual({ ok: false, reason: 'wrong-code' });
    expect(await checkSecondFactor(db(), u.id, 'not-a-code', T0)).toEqual({ ok: false, reason: 'wrong-code' });
    const fresh = await issueRecoveryCodes(db(), u.id, T0);
    expect(await checkSecondFactor(db(), u.id, other, T0)).toEqual({ ok: false, reason: 'wrong-code' });
    expect(await checkSecondFactor(db(), u.id, fresh[0], T0)).toEqual({ ok: true, method: 'recovery-code', remaining: 9 });
    // Another user's code is not this user's.
    const v = await localUser('recover2@x');
    const s2 = (await pendingEnrolmentSecret(db(), v.id, T0))!;
    await confirmEnrolment(db(), v.id, totpCodeAt(s2, T0), T0);
    expect(await checkSecondFactor(db(), v.id, fresh[1], T0)).toEqual({ ok: false, reason: 'wrong-code' });
  });

  it('an account without a confirmed second factor has nothing to check', async () => {
    const u = await localUser('none@x');
    expect(await checkSecondFactor(db(), u.id, '123456', T0)).toEqual({ ok: false, reason: 'not-enrolled' });
    await pendingEnrolmentSecret(db(), u.id, T0);
    expect(await checkSecondFactor(db(), u.id, '123456', T0)).toEqual({ ok: false, reason: 'not-enrolled' });
  });
});
