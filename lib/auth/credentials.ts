import { appendAudit } from '@/lib/db/queries/audit';
import { findUserForPasswordCheck, upgradeUserPasswordHash, type User } from '@/lib/db/queries/users';
import type { Db } from '@/lib/db/schema';
import type { ThrottlePolicy } from './config';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './password';
import { SIGN_IN_ERROR, throttledCode } from './sign-in-errors';
import { abandonSignInAttempt, beginSignInAttempt, finishSignInAttempt, secondsToWait } from './throttle';
import { checkSecondFactor, hasTwoFactor } from './two-factor';

export type CredentialsResult =
  | { ok: true; user: User; secondFactor: 'totp' | 'recovery-code' | null }
  /** `error` is a sign-in error code (see sign-in-errors.ts); 'CredentialsSignin' for a wrong address or password. */
  | { ok: false; error: string };

/**
 * The whole local sign-in decision: throttle, password check (in constant work whether or not
 * the account exists), disabled accounts, hash upgrade, and an audit entry for every refusal.
 * A successful sign-in is audited by next-auth's signIn event, for every provider alike.
 *
 * An account with two-factor sign-in needs a second step: the right password without a code
 * answers `two-factor-required` (the attempt counts neither way), and the form sends the password
 * again with the code. A wrong code is a failed attempt like a wrong password, so codes are
 * throttled with the same limits.
 */
export async function authorizeCredentials(
  db: Db,
  input: { email: unknown; password: unknown; code?: unknown; address: string },
  policy: ThrottlePolicy,
): Promise<CredentialsResult> {
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase().slice(0, 254) : '';
  const password = typeof input.password === 'string' ? input.password : '';
  if (!email || !password) return { ok: false, error: SIGN_IN_ERROR.missingCredentials };

  const verdict = await beginSignInAttempt(db, { account: email, address: input.address }, policy);
  if (!verdict.allowed) {
    await appendAudit(db, {
      action: 'auth.sign-in-throttled',
      outcome: 'denied',
      actor: null,
      reference: email,
      detail: { email, address: input.address, scope: verdict.scope, retryAfterSeconds: secondsToWait(verdict.retryAfterMs) },
    });
    return { ok: false, error: throttledCode(verdict) };
  }
  const attempt = { attemptId: verdict.attemptId, account: email };

  const found = await findUserForPasswordCheck(db, email);
  const passwordOk = found?.passwordHash ? await verifyPassword(password, found.passwordHash) : await burnPasswordCheck(password);

  if (!found || !passwordOk) {
    // The failure counts against the throttle and is on record, or neither: one transaction.
    await db.transaction().execute(async (trx) => {
      await finishSignInAttempt(trx, attempt, false);
      await appendAudit(trx, {
        action: 'auth.sign-in-failed',
        outcome: 'failure',
        actor: found ? { id: found.user.id, email: found.user.email } : null,
        reference: email,
        detail: {
          email,
          address: input.address,
          provider: 'credentials',
          reason: !found ? 'unknown-account' : found.passwordHash ? 'wrong-password' : 'no-password-set',
        },
      });
    });
    return { ok: false, error: 'CredentialsSignin' };
  }

  if (found.user.disabled) {
    // The password was right, but this still counts against the account: it is not a way in.
    await db.transaction().execute(async (trx) => {
      await finishSignInAttempt(trx, attempt, false);
      await appendAudit(trx, {
        action: 'auth.sign-in-failed',
        outcome: 'denied',
        actor: { id: found.user.id, email: found.user.email },
        reference: email,
        detail: { email, address: input.address, provider: 'credentials', reason: 'account-disabled' },
      });
    });
    return { ok: false, error: SIGN_IN_ERROR.accountDisabled };
  }

  let secondFactor: 'totp' | 'recovery-code' | null = null;
  if (found.user.authProvider === 'local' && (await hasTwoFactor(db, found.user.id))) {
    const code = typeof input.code === 'string' ? input.code.trim().slice(0, 64) : '';
    if (!code) {
      await abandonSignInAttempt(db, attempt.attemptId);
      return { ok: false, error: SIGN_IN_ERROR.twoFactorRequired };
    }
    const check = await checkSecondFactor(db, found.user.id, code);
    if (!check.ok) {
      await db.transaction().execute(async (trx) => {
        await finishSignInAttempt(trx, attempt, false);
        await appendAudit(trx, {
          action: 'auth.sign-in-failed',
          outcome: 'failure',
          actor: { id: found.user.id, email: found.user.email },
          reference: email,
          detail: { email, address: input.address, provider: 'credentials', reason: `second-factor-${check.reason}` },
        });
      });
      return { ok: false, error: SIGN_IN_ERROR.twoFactorInvalid };
    }
    secondFactor = check.method;
    if (check.method === 'recovery-code') {
      await appendAudit(db, {
        action: 'auth.recovery-code-used',
        outcome: 'success',
        actor: { id: found.user.id, email: found.user.email },
        reference: email,
        detail: { address: input.address, remaining: check.remaining },
      });
    }
  }

  await finishSignInAttempt(db, attempt, true);
  if (needsRehash(found.passwordHash!)) {
    await upgradeUserPasswordHash(db, found.user.id, await hashPassword(password));
  }
  return { ok: true, user: found.user, secondFactor };
}
