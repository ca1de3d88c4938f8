import { isoNow } from '../clock';
import type { Db } from '../schema';

/**
 * The sessions signed in now, one row per session id (`sid` claim), written at sign-in so a person
 * can see where they are signed in and end the others. Signing out or ending a session deletes its
 * row (and records the sid in ended_sessions, which is what refuses the cookie); rows of sessions
 * that expired, or were revoked by a move of the account's session version, are not listed, and
 * go once expired, at the next sign-in of anyone.
 */

export interface UserSession {
  sid: string;
  userId: string;
  sessionVersion: number;
  provider: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
  address: string | null;
}

export interface NewUserSession {
  sid: string;
  userId: string;
  sessionVersion: number;
  provider: string;
  expiresAt: string;
  userAgent?: string | null;
  address?: string | null;
  now?: number;
}

const MAX_USER_AGENT = 300;

export async function recordUserSession(db: Db, input: NewUserSession): Promise<void> {
  const at = isoNow(input.now);
  // Rows of sessions that expired anyway (anyone's) go now: each sign-in tidies up after the old ones.
  await db.deleteFrom('user_sessions').where('expires_at', '<', at).execute();
  await db
    .insertInto('user_sessions')
    .values({
      sid: input.sid,
      user_id: input.userId,
      session_version: input.sessionVersion,
      provider: input.provider,
      created_at: at,
      last_seen_at: at,
      expires_at: input.expiresAt,
      user_agent: input.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
      address: input.address ?? null,
    })
    .onConflict((oc) => oc.column('sid').doNothing())
    .execute();
}

export async function touchUserSession(db: Db, sid: string, now: number = Date.now()): Promise<void> {
  await db
    .updateTable('user_sessions')
    .set({ last_seen_at: isoNow(now) })
    .where('sid', '=', sid)
    .execute();
}

function toSession(row: {
  sid: string;
  user_id: string;
  session_version: number;
  provider: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
  address: string | null;
}): UserSession {
  return {
    sid: row.sid,
    userId: row.user_id,
    sessionVersion: Number(row.session_version),
    provider: row.provider,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    userAgent: row.user_agent,
    address: row.address,
  };
}

/** The user's sessions that still work: not expired and issued at (or carried to) the account's current version. */
export async function listActiveUserSessions(db: Db, userId: string, sessionVersion: number, now: number = Date.now()): Promise<UserSession[]> {
  const rows = await db
    .selectFrom('user_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('session_version', '=', sessionVersion)
    .where('expires_at', '>', isoNow(now))
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toSession);
}

export async function findUserSession(db: Db, sid: string): Promise<UserSession | null> {
  const row = await db.selectFrom('user_sessions').selectAll().where('sid', '=', sid).executeTakeFirst();
  return row ? toSession(row) : null;
}

/** Removes one session's row; true when it was the user's and existed. */
export async function deleteUserSession(db: Db, sid: string, userId?: string): Promise<boolean> {
  let q = db.deleteFrom('user_sessions').where('sid', '=', sid);
  if (userId) q = q.where('user_id', '=', userId);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Removes the rows of the user's sessions other than `keepSid`; returns their ids. */
export async function deleteOtherUserSessions(db: Db, userId: string, keepSid: string | null): Promise<UserSession[]> {
  let q = db.selectFrom('user_sessions').selectAll().where('user_id', '=', userId);
  if (keepSid) q = q.where('sid', '!=', keepSid);
  const others = (await q.execute()).map(toSession);
  if (others.length > 0) {
    await db
      .deleteFrom('user_sessions')
      .where(
        'sid',
        'in',
        others.map((s) => s.sid),
      )
      .execute();
  }
  return others;
}

/**
 * Keeps one session working after the account's session version moved on (a password change or
 * "end my other sessions" by that session): the session check accepts a cookie of an older
 * version when its row says it was carried to the current one.
 */
export async function carryUserSession(db: Db, sid: string, sessionVersion: number): Promise<boolean> {
  const r = await db.updateTable('user_sessions').set({ session_version: sessionVersion }).where('sid', '=', sid).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The version a session was carried to, or null when it has no row. */
export async function userSessionVersion(db: Db, sid: string): Promise<number | null> {
  const row = await db.selectFrom('user_sessions').select('session_version').where('sid', '=', sid).executeTakeFirst();
  return row ? Number(row.session_version) : null;
}
