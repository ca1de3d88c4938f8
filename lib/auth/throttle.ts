import { isoNow } from '@/lib/db/clock';
import { clearAccountAttempts, deleteAttempt, earlierAttemptTimes, insertPendingAttempt, markAttemptFailed, pruneAttempts } from '@/lib/db/queries/login-attempts';
import type { Db } from '@/lib/db/schema';
import type { ThrottlePolicy } from './config';

// Sign-in throttling: at most N failed attempts per account and M per client address in a
// sliding window. Kept in the database so every portal instance sees the same counts. An attempt
// is recorded before its password is checked, so a burst of parallel guesses counts in full.
// Refused attempts are not recorded: a locked account unlocks on time even under a steady attack.

export type ThrottleVerdict = { allowed: true; attemptId: number } | { allowed: false; scope: 'account' | 'address'; retryAfterMs: number };

function retryAfter(times: string[], max: number, windowMs: number, now: number): number | null {
  if (times.length < max) return null;
  // Allowed again once enough of the oldest failures have left the window.
  const unlockAt = Date.parse(times[times.length - max]) + windowMs;
  return Math.max(unlockAt - now, 1000);
}

export async function beginSignInAttempt(db: Db, key: { account: string; address: string }, policy: ThrottlePolicy, now: number = Date.now()): Promise<ThrottleVerdict> {
  const since = isoNow(now - policy.windowMs);
  await pruneAttempts(db, isoNow(now - 2 * policy.windowMs));
  const attemptId = await insertPendingAttempt(db, { account: key.account, address: key.address, at: isoNow(now) });
  const [accountTimes, addressTimes] = await Promise.all([
    earlierAttemptTimes(db, { account: key.account }, since, attemptId),
    earlierAttemptTimes(db, { address: key.address }, since, attemptId),
  ]);
  const accountWait = retryAfter(accountTimes, policy.maxFailuresPerAccount, policy.windowMs, now);
  const addressWait = retryAfter(addressTimes, policy.maxFailuresPerAddress, policy.windowMs, now);
  if (accountWait !== null || addressWait !== null) {
    await deleteAttempt(db, attemptId);
    return accountWait !== null ? { allowed: false, scope: 'account', retryAfterMs: accountWait } : { allowed: false, scope: 'address', retryAfterMs: addressWait! };
  }
  return { allowed: true, attemptId };
}

export async function finishSignInAttempt(db: Db, attempt: { attemptId: number; account: string }, succeeded: boolean): Promise<void> {
  if (succeeded) await clearAccountAttempts(db, attempt.account);
  else await markAttemptFailed(db, attempt.attemptId);
}

/** An attempt that counts neither way (the right password, waiting for its second factor). */
export async function abandonSignInAttempt(db: Db, attemptId: number): Promise<void> {
  await deleteAttempt(db, attemptId);
}

export function minutesToWait(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}
