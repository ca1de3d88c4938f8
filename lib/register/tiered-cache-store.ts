import type { CacheEntry, CacheStore } from './cache-store';
import type { Clock } from './clock';
import type { MemoryCacheStore } from './memory-cache-store';
import type { RedisCacheLayer } from './redis-cache-layer';

/**
 * The cache of a scaled-out instance: this instance's memory LRU in front, the shared Redis layer
 * behind it. A fresh memory entry answers at once; anything else (a miss, a stale entry) asks
 * Redis too and keeps the newer answer, which is how a firm loaded through one instance is served
 * by another without a new upstream request. Writes go to both and tell the other instances to
 * drop their memory copy (so a refresh on one instance is seen by all, not after 15 minutes).
 * When Redis fails, the memory layer carries on alone: same freshness rules, this instance only.
 */

export interface TieredCacheEvents {
  /** Tells the other instances that `key` changed. */
  publishInvalidation(key: string): void;
}

export class TieredCacheStore implements CacheStore {
  /** Answers the memory layer did not have (or had older) that Redis did. */
  sharedHits = 0;
  /** Redis reads or writes that failed (the memory layer answered alone). */
  sharedErrors = 0;

  constructor(
    private readonly memory: MemoryCacheStore,
    private readonly shared: RedisCacheLayer,
    private readonly clock: Clock,
    private readonly events: TieredCacheEvents,
  ) {}

  async get(key: string): Promise<CacheEntry | undefined> {
    const local = await this.memory.get(key);
    if (local && this.clock.now() < local.freshUntil) return local;
    return this.withShared(key, local);
  }

  async getNewest(key: string): Promise<CacheEntry | undefined> {
    return this.withShared(key, await this.memory.get(key));
  }

  private async withShared(key: string, local: CacheEntry | undefined): Promise<CacheEntry | undefined> {
    let remote: CacheEntry | undefined;
    try {
      remote = await this.shared.get(key);
    } catch {
      this.sharedErrors += 1;
      return local;
    }
    if (!remote || (local && local.retrievedAt >= remote.retrievedAt)) return local;
    this.sharedHits += 1;
    await this.memory.set(key, remote);
    return remote;
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    await this.memory.set(key, entry);
    try {
      await this.shared.set(key, entry);
      this.events.publishInvalidation(key);
    } catch {
      this.sharedErrors += 1;
    }
  }

  async delete(key: string): Promise<void> {
    await this.memory.delete(key);
    try {
      await this.shared.delete(key);
      this.events.publishInvalidation(key);
    } catch {
      this.sharedErrors += 1;
    }
  }

  /** Another instance wrote `key`: the next read here takes the shared copy. */
  forgetLocal(key: string): void {
    void this.memory.delete(key);
  }

  size(): Promise<number> {
    return this.memory.size();
  }
}
