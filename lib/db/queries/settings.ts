import { isoNow } from '../clock';
import type { Db } from '../schema';

// Portal-wide settings an administrator changes at run time (as opposed to environment variables,
// read at start). Values are text; each setting has a typed reader below.

export const SETTING = {
  /** '1' when every local account must sign in with a second factor. */
  requireTwoFactor: 'require_two_factor',
} as const;

export async function readSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('portal_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSetting(db: Db, key: string, value: string, updatedBy: string | null, now: number = Date.now()): Promise<void> {
  const at = isoNow(now);
  await db
    .insertInto('portal_settings')
    .values({ key, value, updated_at: at, updated_by: updatedBy })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at, updated_by: updatedBy }))
    .execute();
}

export async function isTwoFactorRequired(db: Db): Promise<boolean> {
  return (await readSetting(db, SETTING.requireTwoFactor)) === '1';
}
