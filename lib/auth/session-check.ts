import { isSessionEnded } from '@/lib/db/queries/ended-sessions';
import { findUserById, type User } from '@/lib/db/queries/users';
import type { Db, Role } from '@/lib/db/schema';

// A JWT session is only as good as the account behind it. Every session check re-reads the user
// (through a cache of at most AUTH_REVALIDATE_SECONDS, ≤ 60 s) and refuses the session when the
// account is gone or disabled, when its session version moved on ("sign out everywhere", a
// password reset, disable/enable), when the session itself was signed out (a copied cookie of an
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

export type SessionVerdict =
  | { ok: true; user: User }
  | { ok: false; reason: 'malformed' | 'expired' | 'unknown-user' | 'disabled' | 'revoked' | 'signed-out' };

const CACHE = Symbol.for('fsr-portal.auth.user-cache');
type Entry = { user: User | null; fetchedAt: number };
const g = globalThis as typeof globalThis & { [CACHE]?: Map<string, Entry> };
const cache: Map<string, Entry> = (g[CACHE] ??= new Map());

// Whether a session id was signed out, cached like the user (an ended session stays ended, so
// only "still open" answers need re-reading).
const SIDS = Symbol.for('fsr-portal.auth.session-cache');
type SidEntry = { ended: boolean; fetchedAt: number };
const gs = globalThis as typeof globalThis & { [SIDS]?: Map<string, SidEntry> };
const sidCache: Map<string, SidEntry> = (gs[SIDS] ??= new Map());

export function invalidateCachedUser(userId: string): void {
  cache.delete(userId);
}

/** This instance refuses the session at once; others read the record within the cache time. */
export function markSessionEnded(sid: string, nowMs: number = Date.now()): void {
  sidCache.set(sid, { ended: true, fetchedAt: nowMs });
}

export function clearUserCache(): void {
  cache.clear();
  sidCache.clear();
}

export function isPortalToken(token: Record<string, unknown> | null | undefined): token is Record<string, unknown> & PortalTokenClaims {
  return (
    !!token &&
    typeof token.uid === 'string' &&
    typeof token.sv === 'number' &&
    typeof token.role === 'string' &&
    typeof token.authAt === 'number'
  );
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
  let entry = cache.get(token.uid);
  if (!entry || nowMs - entry.fetchedAt >= options.revalidateSeconds * 1000) {
    entry = { user: await findUserById(await loadDb(), token.uid), fetchedAt: nowMs };
    if (options.revalidateSeconds > 0) cache.set(token.uid, entry);
    // Bound the cache by dropping stale entries now and then; it holds at most the active users.
    if (cache.size > 1000) for (const [k, v] of cache) if (nowMs - v.fetchedAt >= options.revalidateSeconds * 1000) cache.delete(k);
  }
  const user = entry.user;
  if (!user) return { ok: false, reason: 'unknown-user' };
  if (user.disabled) return { ok: false, reason: 'disabled' };
  if (user.sessionVersion !== token.sv) return { ok: false, reason: 'revoked' };
  if (typeof token.sid === 'string') {
    let sid = sidCache.get(token.sid);
    if (!sid || (!sid.ended && nowMs - sid.fetchedAt >= options.revalidateSeconds * 1000)) {
      sid = { ended: await isSessionEnded(await loadDb(), token.sid), fetchedAt: nowMs };
      if (options.revalidateSeconds > 0 || sid.ended) sidCache.set(token.sid, sid);
      if (sidCache.size > 5000) for (const [k, v] of sidCache) if (nowMs - v.fetchedAt >= options.revalidateSeconds * 1000) sidCache.delete(k);
    }
    if (sid.ended) return { ok: false, reason: 'signed-out' };
  }
  return { ok: true, user };
}
