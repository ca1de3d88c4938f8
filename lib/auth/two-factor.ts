import { acceptTotpStep, confirmTotp, countUnusedRecoveryCodes, findTotp, replaceRecoveryCodes, savePendingTotp, redeemRecoveryCode } from '@/lib/db/queries/two-factor';
import type { Db } from '@/lib/db/schema';
import { log } from '@/lib/runtime/logger';
import { generateRecoveryCodes, hashRecoveryCode, looksLikeRecoveryCode } from './recovery-codes';
import { matchTotpStep, newTotpSecret } from './totp';
import { decryptTotpSecret, encryptTotpSecret, totpKey, undecryptableMessage } from './totp-encryption';

// Two-factor sign-in for local accounts: a TOTP authenticator, with one-time recovery codes for a
// lost device. Single-sign-on accounts keep their identity provider's MFA and never get a TOTP.

export type SecondFactorCheck =
  { ok: true; method: 'totp' } | { ok: true; method: 'recovery-code'; remaining: number } | { ok: false; reason: 'wrong-code' | 'code-already-used' | 'not-enrolled' };

/** The base32 secret of a stored row (decrypted, lib/auth/totp-encryption.ts), or null when this key cannot read it (logged). */
function readSecret(userId: string, stored: string): string | null {
  const key = totpKey();
  const result = decryptTotpSecret(stored, key, userId);
  if (result.ok) return result.secret;
  log.error(`[two-factor] ${undecryptableMessage(userId, result, key)}`);
  return null;
}

export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  return !!(await findTotp(db, userId))?.confirmedAt;
}

/**
 * Checks a second factor typed at sign-in (or to confirm a sensitive change): a six-digit TOTP code
 * within one step of now that is newer than the last one accepted, or an unused recovery code,
 * which is then spent.
 */
export async function checkSecondFactor(db: Db, userId: string, input: string, nowMs: number = Date.now()): Promise<SecondFactorCheck> {
  const totp = await findTotp(db, userId);
  if (!totp?.confirmedAt) return { ok: false, reason: 'not-enrolled' };
  const code = input.replace(/\s+/g, '');
  if (/^\d+$/.test(code)) {
    // A secret this key cannot read (a restore without its key) accepts no code; recovery codes still work.
    const secret = readSecret(userId, totp.secret);
    const step = secret === null ? null : matchTotpStep(secret, code, nowMs);
    if (step === null) return { ok: false, reason: 'wrong-code' };
    return (await acceptTotpStep(db, userId, step)) ? { ok: true, method: 'totp' } : { ok: false, reason: 'code-already-used' };
  }
  if (!looksLikeRecoveryCode(input)) return { ok: false, reason: 'wrong-code' };
  if (!(await redeemRecoveryCode(db, userId, hashRecoveryCode(userId, input), nowMs))) return { ok: false, reason: 'wrong-code' };
  return { ok: true, method: 'recovery-code', remaining: await countUnusedRecoveryCodes(db, userId) };
}

// An unconfirmed secret is reused for this long, so reloading the enrolment page does not
// invalidate a QR code already scanned.
const PENDING_TTL_MS = 60 * 60_000;

/** The secret to enrol with: the pending one if recent, else a new one. Null when already enrolled. */
export async function pendingEnrolmentSecret(db: Db, userId: string, nowMs: number = Date.now()): Promise<string | null> {
  const existing = await findTotp(db, userId);
  if (existing?.confirmedAt) return null;
  const reusable = existing && nowMs - Date.parse(existing.createdAt) < PENDING_TTL_MS ? readSecret(userId, existing.secret) : null;
  if (reusable) return reusable;
  const secret = newTotpSecret();
  await savePendingTotp(db, userId, encryptTotpSecret(secret, totpKey(), userId), nowMs);
  const saved = await findTotp(db, userId);
  return (saved && readSecret(userId, saved.secret)) ?? secret;
}

export type EnrolmentResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'no-pending-secret' | 'wrong-code' | 'already-enrolled' };

/** Confirms enrolment with a code from the app; returns the recovery codes (to show once). */
export async function confirmEnrolment(db: Db, userId: string, code: string, nowMs: number = Date.now()): Promise<EnrolmentResult> {
  const pending = await findTotp(db, userId);
  if (!pending) return { ok: false, reason: 'no-pending-secret' };
  if (pending.confirmedAt) return { ok: false, reason: 'already-enrolled' };
  const secret = readSecret(userId, pending.secret);
  const step = secret === null ? null : matchTotpStep(secret, code.replace(/\s+/g, ''), nowMs);
  if (step === null) return { ok: false, reason: 'wrong-code' };
  if (!(await confirmTotp(db, userId, step, nowMs))) return { ok: false, reason: 'already-enrolled' };
  return { ok: true, recoveryCodes: await issueRecoveryCodes(db, userId, nowMs) };
}

/** New recovery codes replace every earlier one; the codes are returned once and stored hashed. */
export async function issueRecoveryCodes(db: Db, userId: string, nowMs: number = Date.now()): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await replaceRecoveryCodes(
    db,
    userId,
    codes.map((c) => hashRecoveryCode(userId, c)),
    nowMs,
  );
  return codes;
}
