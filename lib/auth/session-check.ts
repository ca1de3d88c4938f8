import { isSessionEnded } from '@/lib/db/queries/ended-sessions';
import { userSessionVersion } from '@/lib/db/queries/user-sessions';
import { findUserById, type User } from '@/lib/db/queries/users';
import type { Db, Role } from '@/lib/db/schema';

// A JWT session is only as good as the account behind it. Every session check re-reads the user
// (through a cache of at most AUTH_REVALIDATE_SECONDS, ≤ 60 s) and refuses the session when the
// account is gone or disabled, when its session version moved on ("sign out everywhere", a
// password reset, disable/enable; unless this very session was carried over to the new version
// because it made the change: a password change or "end my other sessions"), when the session itself was signed out (a copied cookie of an
// ended session), or when the session is older than its absolute maximum age.
// Admin actions on this instance drop the cached entry at once; other instances notice within the
// cache time.

/** What the portal keeps in the next-auth JWT, besides next-auth's own claims. */
export interface PortalTokenClaims {
  uid: string;
  /** The user's session_version when the session was issued. */
  sv: number;
  role: Role;
  provider: string;
  /** Sign-in time, epoch seconds: the session's age is measured from here, not from its last refresh. */
  authAt: number;
  /** This session's id, recorded when it is signed out (absent in sessions issued before it existed). */
  sid?: string;
}

export type SessionVerdict = { ok: true; user: User } | { ok: false; reason: 'malformed' | 'expired' | 'unknown-user' | 'disabled' | 'revoked' | 'signed-out' };

type Cached<V> = { value: V; fetchedAt: number };

function processCache<V>(name: string): Map<string, Cached<V>> {
  const key = Symbol.for(name);
  const g = globalThis as typeof globalThis & { [key: symbol]: Map<string, Cached<V>> | undefined };
  return (g[key] ??= new Map());
}

// The account behind each session, and whether a session id was signed out.
const users = processCache<User | null>('fsr-portal.auth.user-cache');
const sessions = processCache<boolean>('fsr-portal.auth.session-cache');
// The session version a session was carried to (user_sessions.session_version), by session id.
const carried = processCache<number | null>('fsr-portal.auth.carried-cache');

/**
 * Reads `key` through `cache`: an entry is used while younger than the revalidation time, or for
 * good once `settled` says it cannot change (a signed-out session stays signed out). Stale
 * entries are dropped now and then, so a cache holds at most what is in use.
 */
async function readThrough<V>(
  cache: Map<string, Cached<V>>,
  key: string,
  load: () => Promise<V>,
  revalidateMs: number,
  nowMs: number,
  settled: (value: V) => boolean = () => false,
): Promise<V> {
  const hit = cache.get(key);
  if (hit && (settled(hit.value) || nowMs - hit.fetchedAt < revalidateMs)) return hit.value;
  const value = await load();
  if (revalidateMs > 0 || settled(value)) cache.set(key, { value, fetchedAt: nowMs });
  if (cache.size > 1000) for (const [k, v] of cache) if (nowMs - v.fetchedAt >= revalidateMs) cache.delete(k);
  return value;
}

export function invalidateCachedUser(userId: string): void {
  users.delete(userId);
}

/** This instance refuses the session at once; others read the record within the cache time. */
export function markSessionEnded(sid: string, nowMs: number = Date.now()): void {
  sessions.set(sid, { value: true, fetchedAt: nowMs });
}

/** This instance accepts the session at the account's new version at once (see carryUserSession). */
export function markSessionCarried(sid: string, sessionVersion: number, nowMs: number = Date.now()): void {
  carried.set(sid, { value: sessionVersion, fetchedAt: nowMs });
}

export function clearUserCache(): void {
  users.clear();
  sessions.clear();
  carried.clear();
}

export function isPortalToken(token: Record<string, unknown> | null | undefined): token is Record<string, unknown> & PortalTokenClaims {
  return !!token && typeof token.uid === 'string' && typeof token.sv === 'number' && typeof token.role === 'string' && typeof token.authAt === 'number';
}

/** True while the session is within its absolute lifetime (checked in the proxy too). */
export function withinMaxAge(authAt: number, maxAgeSeconds: number, nowMs: number = Date.now()): boolean {
  return nowMs / 1000 < authAt + maxAgeSeconds;
}

export async function checkSession(
  loadDb: () => Promise<Db>,
  token: Record<string, unknown> | null | undefined,
  options: { maxAgeSeconds: number; revalidateSeconds: number },
  nowMs: number = Date.now(),
): Promise<SessionVerdict> {
  if (!isPortalToken(token)) return { ok: false, reason: 'malformed' };
  if (!withinMaxAge(token.authAt, options.maxAgeSeconds, nowMs)) return { ok: false, reason: 'expired' };
  const revalidateMs = options.revalidateSeconds * 1000;
  const user = await readThrough(users, token.uid, async () => findUserById(await loadDb(), token.uid), revalidateMs, nowMs);
  if (!user) return { ok: false, reason: 'unknown-user' };
  if (user.disabled) return { ok: false, reason: 'disabled' };
  if (user.sessionVersion !== token.sv) {
    const sid = token.sid;
    if (typeof sid !== 'string') return { ok: false, reason: 'revoked' };
    const carriedTo = await readThrough(carried, sid, async () => userSessionVersion(await loadDb(), sid), revalidateMs, nowMs);
    if (carriedTo !== user.sessionVersion) return { ok: false, reason: 'revoked' };
  }
  if (typeof token.sid === 'string') {
    const sid = token.sid;
    const ended = await readThrough(
      sessions,
      sid,
      async () => isSessionEnded(await loadDb(), sid),
      revalidateMs,
      nowMs,
      (e) => e,
    );
    if (ended) return { ok: false, reason: 'signed-out' };
  }
  return { ok: true, user };
}
