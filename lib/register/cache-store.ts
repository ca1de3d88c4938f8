/**
 * Storage for cached register answers. The in-memory LRU is the default; a Redis store implements
 * the same interface so several portal instances share one cache. Values are plain JSON (the
 * normalised model), so any store can serialise them.
 */

/** A cached register answer: a hit (ok) or a remembered miss (not-found, or the register's bad-input verdict). */
export interface CacheEntry<V = unknown> {
  kind: 'ok' | 'not-found' | 'bad-input';
  value: V;
  /** When the register produced it (epoch ms). */
  retrievedAt: number;
  /** Served without asking the register until then (epoch ms). */
  freshUntil: number;
  /** Usable while revalidating, or when the register fails, until then (epoch ms). */
  staleUntil: number;
}

export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  /** Stores `entry`; the store may drop it after `entry.staleUntil`. */
  set(key: string, entry: CacheEntry): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * For layered stores: the newest entry in any layer, skipping a layer's shortcut. A waiter for
   * another instance's request reads with it, so its own older copy cannot hide the new answer.
   */
  getNewest?(key: string): Promise<CacheEntry | undefined>;
  /** Entries held (for health). */
  size(): Promise<number>;
}
