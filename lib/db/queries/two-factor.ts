import { isoNow } from '../clock';
import type { Db } from '../schema';

// Storage for TOTP second factors and recovery codes (the policy is in lib/auth/two-factor.ts).
// Every "use once" rule is a conditional UPDATE, so two instances accepting the same code at the
// same moment cannot both succeed.

export interface StoredTotp {
  secret: string;
  createdAt: string;
  confirmedAt: string | null;
  lastStep: number | null;
}

export async function findTotp(db: Db, userId: string): Promise<StoredTotp | null> {
  const row = await db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  return {
    secret: row.secret,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    lastStep: row.last_step === null ? null : Number(row.last_step),
  };
}

/** Stores a new, unconfirmed secret; refused (false) when the account already has a confirmed one. */
export async function savePendingTotp(db: Db, userId: string, secret: string, now: number = Date.now()): Promise<boolean> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
  const r = await db
    .insertInto('user_totp')
    .values({ user_id: userId, secret, created_at: isoNow(now), confirmed_at: null, last_step: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Confirms the pending secret, with the step of the code that confirmed it (already used). */
export async function confirmTotp(db: Db, userId: string, step: number, now: number = Date.now()): Promise<boolean> {
  const r = await db
    .updateTable('user_totp')
    .set({ confirmed_at: isoNow(now), last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Accepts a code's time step once: false when that step (or a later one) was used already. */
export async function acceptTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const r = await db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Removes the second factor and its recovery codes; true when there was one. */
export async function deleteTwoFactor(db: Db, userId: string): Promise<boolean> {
  const r = await db.deleteFrom('user_totp').where('user_id', '=', userId).executeTakeFirst();
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  return Number(r.numDeletedRows) > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], now: number = Date.now()): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length === 0) return;
  const at = isoNow(now);
  await db
    .insertInto('user_recovery_codes')
    .values(hashes.map((code_hash) => ({ code_hash, user_id: userId, created_at: at, used_at: null })))
    .execute();
}

/** Marks an unused code used; false when it is not one of the user's unused codes. */
export async function redeemRecoveryCode(db: Db, userId: string, hash: string, now: number = Date.now()): Promise<boolean> {
  const r = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: isoNow(now) })
    .where('code_hash', '=', hash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ids of the users with a confirmed second factor (for the users list). */
export async function usersWithTwoFactor(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('user_totp').select('user_id').where('confirmed_at', 'is not', null).execute();
  return new Set(rows.map((r) => r.user_id));
}
