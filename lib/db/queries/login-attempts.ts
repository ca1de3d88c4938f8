import type { Db } from '../schema';

// Storage for sign-in throttling (policy lives in lib/auth/throttle.ts). Attempts are recorded
// *before* the password is checked, so concurrent guesses on several instances see each other.

export async function insertPendingAttempt(db: Db, attempt: { account: string; address: string; at: string }): Promise<number> {
  const row = await db
    .insertInto('login_attempts')
    .values({ ...attempt, state: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Timestamps (oldest first) of the failed or still-pending attempts in the window that were
 * recorded before attempt `beforeId`, for one account or one address.
 */
export async function earlierAttemptTimes(db: Db, key: { account: string } | { address: string }, since: string, beforeId: number): Promise<string[]> {
  let q = db.selectFrom('login_attempts').select('at').where('at', '>=', since).where('id', '<', beforeId);
  q = 'account' in key ? q.where('account', '=', key.account) : q.where('address', '=', key.address);
  const rows = await q.orderBy('at').execute();
  return rows.map((r) => r.at);
}

export async function markAttemptFailed(db: Db, id: number): Promise<void> {
  await db.updateTable('login_attempts').set({ state: 'failed' }).where('id', '=', id).execute();
}

export async function deleteAttempt(db: Db, id: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

/** A successful sign-in clears the account's failures (its address's stay until they age out). */
export async function clearAccountAttempts(db: Db, account: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('account', '=', account).execute();
}

export async function pruneAttempts(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('login_attempts').where('at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
