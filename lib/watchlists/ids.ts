/**
 * Ids in URLs and forms, checked before they reach SQL. Watchlists are the portal's UUIDs; the
 * engine's cycles, checks and changes are opaque ids of letters, digits, '-' and '_'.
 */
export const WATCHLIST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ENGINE_ID = /^[A-Za-z0-9_-]{1,80}$/;

export function isWatchlistId(value: string): boolean {
  return WATCHLIST_ID.test(value);
}

export function isEngineId(value: string): boolean {
  return ENGINE_ID.test(value);
}
