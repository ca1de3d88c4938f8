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
 * recorded before attempt `beforeId`, for one account, one address, or one account from one address.
 */
export async function earlierAttemptTimes(
  db: Db,
  key: { account: string; address?: undefined } | { address: string; account?: undefined } | { account: string; address: string },
  since: string,
  beforeId: number,
): Promise<string[]> {
  let q = db.selectFrom('login_attempts').select('at').where('at', '>=', since).where('id', '<', beforeId);
  if (key.account !== undefined) q = q.where('account', '=', key.account);
  if (key.address !== undefined) q = q.where('address', '=', key.address);
  const rows = await q.orderBy('at').execute();
  return rows.map((r) => r.at);
}

/** The address an attempt came from (undefined when the attempt is gone). */
export async function attemptAddress(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('login_attempts').select('address').where('id', '=', id).executeTakeFirst();
  return row?.address;
}

/** A success clears this account's failures from this address; failures from elsewhere stay until they age out. */
export async function clearPairAttempts(db: Db, key: { account: string; address: string }): Promise<void> {
  await db.deleteFrom('login_attempts').where('account', '=', key.account).where('address', '=', key.address).execute();
}

/** Whether the account has signed in from this address since `since` (ISO). */
export async function isKnownAddress(db: Db, key: { account: string; address: string }, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_known_addresses')
    .select('last_success_at')
    .where('account', '=', key.account)
    .where('address', '=', key.address)
    .where('last_success_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a successful sign-in of the account from the address (and forgets pairs not seen for a year). */
export async function rememberKnownAddress(db: Db, key: { account: string; address: string }, at: string): Promise<void> {
  await db
    .insertInto('sign_in_known_addresses')
    .values({ account: key.account, address: key.address, last_success_at: at })
    .onConflict((oc) => oc.columns(['account', 'address']).doUpdateSet({ last_success_at: at }))
    .execute();
  const yearAgo = new Date(Date.parse(at) - 365 * 86_400_000).toISOString();
  await db.deleteFrom('sign_in_known_addresses').where('last_success_at', '<', yearAgo).execute();
}

export async function markAttemptFailed(db: Db, id: number): Promise<void> {
  await db.updateTable('login_attempts').set({ state: 'failed' }).where('id', '=', id).execute();
}

export async function deleteAttempt(db: Db, id: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

export async function pruneAttempts(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('login_attempts').where('at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
