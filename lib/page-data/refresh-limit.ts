import { isoNow } from '@/lib/db/clock';
import type { Db } from '@/lib/db/schema';
import { type Env, settingValue, wholeNumberIn } from '@/lib/runtime/settings-values';

/**
 * Each person's share of "Refresh from the register": register calls forced past the cache are
 * counted per person in a sliding minute, in the database so every portal instance sees the same
 * count. One API key's budget (50 requests per 10 s) serves the whole team; five people looping
 * the refresh button once cut everyone else's pages from 42 to 9 in 45 s. With the default, one
 * person may refresh a whole page's register answers (up to 12) once a minute.
 *
 * A refresh is recorded before its calls are sent, and the calls already recorded are counted
 * with it (insert, then sum), so concurrent refreshes on any number of instances never exceed the
 * limit together (at worst both are refused). Refused refreshes are recorded too, so the audit
 * log gets one refusal per person per minute rather than one per click.
 */

export const REFRESH_WINDOW_MS = 60_000;
export const DEFAULT_REFRESH_CALLS_PER_MINUTE = 12;

export function readRefreshLimit(env: Env = process.env): { perMinute: number; problems: string[] } {
  const raw = settingValue(env, 'FSR_REFRESH_PER_MINUTE');
  if (raw === undefined) return { perMinute: DEFAULT_REFRESH_CALLS_PER_MINUTE, problems: [] };
  const value = /^\d+$/.test(raw) ? wholeNumberIn(raw, 1, 600) : undefined;
  if (value === undefined) return { perMinute: DEFAULT_REFRESH_CALLS_PER_MINUTE, problems: ['FSR_REFRESH_PER_MINUTE must be a whole number of register calls from 1 to 600'] };
  return { perMinute: value, problems: [] };
}

export type RefreshAllowance =
  | { ok: true }
  | {
      ok: false;
      /** Calls this person's refreshes sent in the last minute. */
      used: number;
      limit: number;
      /** Seconds until this refresh would fit (null when it never can: it needs more than the limit). */
      retryAfterSeconds: number | null;
      /** True for the first refusal of this person in the window: the one the audit log records. */
      firstRefusal: boolean;
    };

/** Takes `calls` of `userId`'s allowance for the minute, all or none. */
export async function takeRefreshAllowance(db: Db, userId: string, calls: number, limit: number, now: number = Date.now()): Promise<RefreshAllowance> {
  const since = isoNow(now - REFRESH_WINDOW_MS);
  await db
    .deleteFrom('register_refreshes')
    .where('at', '<', isoNow(now - 60 * REFRESH_WINDOW_MS))
    .execute();
  const mine = await db
    .insertInto('register_refreshes')
    .values({ user_id: userId, at: isoNow(now), calls, refused: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const earlier = await db
    .selectFrom('register_refreshes')
    .select(['at', 'calls', 'refused'])
    .where('user_id', '=', userId)
    .where('at', '>', since)
    .where('id', '<', Number(mine.id))
    .orderBy('at')
    .execute();
  const sent = earlier.filter((r) => Number(r.refused) === 0);
  const used = sent.reduce((n, r) => n + Number(r.calls), 0);
  if (used + calls <= limit) return { ok: true };

  await db.deleteFrom('register_refreshes').where('id', '=', Number(mine.id)).execute();
  await db
    .insertInto('register_refreshes')
    .values({ user_id: userId, at: isoNow(now), calls: 0, refused: 1 })
    .execute();
  let retryAfterSeconds: number | null = null;
  if (calls <= limit) {
    // Calls leave the window oldest first: wait until enough of them have.
    let left = used;
    for (const r of sent) {
      left -= Number(r.calls);
      if (left + calls <= limit) {
        retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(r.at) + REFRESH_WINDOW_MS - now) / 1000));
        break;
      }
    }
  }
  return { ok: false, used, limit, retryAfterSeconds, firstRefusal: !earlier.some((r) => Number(r.refused) === 1) };
}

/** The refusal in words, for the person who clicked. */
export function refusalMessage(refusal: Extract<RefreshAllowance, { ok: false }>, calls: number): string {
  const share = "so that the one register key's budget stays free for everyone's pages";
  if (refusal.retryAfterSeconds === null) {
    return `Not refreshed: this page's refresh needs ${calls} register calls, more than the ${refusal.limit} a minute each person may force past the cache (${share}). The data shown is the portal's latest copy.`;
  }
  return `Not refreshed: you have forced ${refusal.used} register call${refusal.used === 1 ? '' : 's'} past the cache in the last minute, and each person may force ${refusal.limit} a minute (${share}). Try again in ${refusal.retryAfterSeconds} s; the data shown is the portal's latest copy.`;
}
