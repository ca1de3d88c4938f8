import { isoNow } from '@/lib/db/clock';
import {
  attemptAddress,
  clearPairAttempts,
  deleteAttempt,
  earlierAttemptTimes,
  insertPendingAttempt,
  isKnownAddress,
  markAttemptFailed,
  pruneAttempts,
  rememberKnownAddress,
} from '@/lib/db/queries/login-attempts';
import type { Db } from '@/lib/db/schema';
import type { ThrottlePolicy } from './config';

// Sign-in throttling that slows attackers, not the people they attack (docs/auth.md#throttling).
// Kept in the database so every portal instance sees the same counts. An attempt is recorded
// before its password is checked, so a burst of parallel guesses counts in full. Refused attempts
// are not recorded: a lock ends on time and a delay never grows while it is being waited out.
//
// 1. Per account *and* address: after `maxFailuresPerAccount` failures of one account from one
//    address in the window, that address may not try that account again until the oldest of them
//    leaves the window. Nobody else is affected: the owner signing in from their own desk is not
//    locked out by someone guessing from elsewhere.
// 2. Per address: past `maxFailuresPerAddress` failures from one address (over any accounts), each
//    further attempt from it waits a delay that doubles with every failure beyond the limit
//    (1 s, 2 s, 4 s … at most a minute) after its latest failure: one address guessing at many
//    accounts is slowed to about one guess a minute, but an office behind one address is never
//    locked out for good.
// 3. Per account from everywhere: past twice `maxFailuresPerAccount` failures of one account from
//    all addresses (guessing spread over many addresses), each further attempt at it waits the same
//    doubling delay after its latest failure.
// Rules 2 and 3 do not apply to an address the account has signed in from successfully in the
// last KNOWN_ADDRESS_DAYS days (a known address): the account's owner at their usual place is not
// slowed by anyone. Rule 1 applies to everyone. A success clears the failures of that account from
// that address only, so it never lifts a lock on someone else's address.

export const KNOWN_ADDRESS_DAYS = 90;
/** The doubling delay's first step and its ceiling. */
export const DELAY_BASE_MS = 1_000;
export const DELAY_MAX_MS = 60_000;

export type ThrottleScope = 'pair' | 'address' | 'account';

export type ThrottleVerdict = { allowed: true; attemptId: number } | { allowed: false; scope: ThrottleScope; retryAfterMs: number };

/** Wait until enough of the oldest failures leave the window (rule 1), or null when under the limit. */
function lockWait(times: string[], max: number, windowMs: number, now: number): number | null {
  if (times.length < max) return null;
  const unlockAt = Date.parse(times[times.length - max]) + windowMs;
  return Math.max(unlockAt - now, 1000);
}

/** The doubling delay after the latest failure once `threshold` is reached (rules 2 and 3), or null. */
export function delayWait(times: string[], threshold: number, now: number): number | null {
  if (times.length < threshold) return null;
  const delay = Math.min(DELAY_MAX_MS, DELAY_BASE_MS * 2 ** Math.min(16, times.length - threshold));
  const latest = Math.max(...times.map((t) => Date.parse(t)));
  const wait = latest + delay - now;
  return wait > 0 ? Math.max(wait, 1000) : null;
}

export async function beginSignInAttempt(db: Db, key: { account: string; address: string }, policy: ThrottlePolicy, now: number = Date.now()): Promise<ThrottleVerdict> {
  const since = isoNow(now - policy.windowMs);
  await pruneAttempts(db, isoNow(now - 2 * policy.windowMs));
  const attemptId = await insertPendingAttempt(db, { account: key.account, address: key.address, at: isoNow(now) });
  const [pairTimes, accountTimes, addressTimes, known] = await Promise.all([
    earlierAttemptTimes(db, { account: key.account, address: key.address }, since, attemptId),
    earlierAttemptTimes(db, { account: key.account }, since, attemptId),
    earlierAttemptTimes(db, { address: key.address }, since, attemptId),
    isKnownAddress(db, key, isoNow(now - KNOWN_ADDRESS_DAYS * 86_400_000)),
  ]);
  const refusal = ((): Extract<ThrottleVerdict, { allowed: false }> | null => {
    const pair = lockWait(pairTimes, policy.maxFailuresPerAccount, policy.windowMs, now);
    if (pair !== null) return { allowed: false, scope: 'pair', retryAfterMs: pair };
    if (known) return null;
    const address = delayWait(addressTimes, policy.maxFailuresPerAddress, now);
    if (address !== null) return { allowed: false, scope: 'address', retryAfterMs: address };
    const account = delayWait(accountTimes, 2 * policy.maxFailuresPerAccount, now);
    if (account !== null) return { allowed: false, scope: 'account', retryAfterMs: account };
    return null;
  })();
  if (refusal) {
    await deleteAttempt(db, attemptId);
    return refusal;
  }
  return { allowed: true, attemptId };
}

/**
 * A failure counts in every window it belongs to; a success clears the failures of this account
 * from this address (not from other addresses) and makes the address known for the account.
 */
export async function finishSignInAttempt(db: Db, attempt: { attemptId: number; account: string }, succeeded: boolean, now: number = Date.now()): Promise<void> {
  if (!succeeded) {
    await markAttemptFailed(db, attempt.attemptId);
    return;
  }
  const address = await attemptAddress(db, attempt.attemptId);
  await deleteAttempt(db, attempt.attemptId);
  if (address === undefined) return;
  await clearPairAttempts(db, { account: attempt.account, address });
  await rememberKnownAddress(db, { account: attempt.account, address }, isoNow(now));
}

/** An attempt that counts neither way (the right password, waiting for its second factor). */
export async function abandonSignInAttempt(db: Db, attemptId: number): Promise<void> {
  await deleteAttempt(db, attemptId);
}

export function minutesToWait(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

export function secondsToWait(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
