import { isoNow } from '../clock';
import type { Db } from '../schema';

/**
 * Sessions ended by signing out. A JWT session lives in the browser's cookie, so signing out
 * deletes the cookie but cannot recall a copy of it; recording the session's id here makes every
 * instance refuse that copy too (within AUTH_REVALIDATE_SECONDS; at once on the instance that
 * signed out). Rows are kept until the session would have expired anyway.
 */

export async function endSession(db: Db, input: { sid: string; userId: string; expiresAt: string; now?: number }): Promise<void> {
  await db
    .insertInto('ended_sessions')
    .values({ sid: input.sid, user_id: input.userId, ended_at: isoNow(input.now), expires_at: input.expiresAt })
    .onConflict((oc) => oc.column('sid').doNothing())
    .execute();
}

export async function isSessionEnded(db: Db, sid: string): Promise<boolean> {
  const row = await db.selectFrom('ended_sessions').select('sid').where('sid', '=', sid).executeTakeFirst();
  return row !== undefined;
}

/** Removes the records of sessions that have expired anyway; returns how many. */
export async function pruneEndedSessions(db: Db, now: number = Date.now()): Promise<number> {
  const result = await db.deleteFrom('ended_sessions').where('expires_at', '<', isoNow(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
