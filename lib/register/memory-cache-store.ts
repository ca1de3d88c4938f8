import { LRUCache } from 'lru-cache';
import type { Clock } from './clock';
import type { CacheEntry, CacheStore } from './cache-store';

/** The cache in process memory: least-recently-used entries go first once `maxEntries` is reached. */
export class MemoryCacheStore implements CacheStore {
  private readonly lru: LRUCache<string, CacheEntry>;

  constructor(
    maxEntries: number,
    private readonly clock: Clock,
  ) {
    this.lru = new LRUCache<string, CacheEntry>({
      max: maxEntries,
      // Expiry follows the injected clock, so tests can age entries without sleeping.
      perf: { now: () => clock.now() },
      ttlAutopurge: false,
    });
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    const entry = this.lru.get(key);
    if (entry && entry.staleUntil <= this.clock.now()) {
      this.lru.delete(key);
      return undefined;
    }
    return entry;
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    const ttl = entry.staleUntil - this.clock.now();
    if (ttl <= 0) return;
    this.lru.set(key, entry, { ttl });
  }

  async delete(key: string): Promise<void> {
    this.lru.delete(key);
  }

  async size(): Promise<number> {
    return this.lru.size;
  }
}
