import type { CacheEntry } from './cache-store';
import type { Clock } from './clock';
import type { RedisConnection } from './redis-connection';

/**
 * The shared layer of the response cache: one Redis string per cached answer, `<prefix>:cache:<key>`
 * (the key starts with the hash of the API e-mail, never the API key), holding the entry as JSON
 * with the same freshUntil/staleUntil as the memory layer and a Redis TTL at the stale horizon, so
 * Redis forgets an entry exactly when no instance could use it any more. Errors are thrown: the
 * tiered store in front decides what a failure means.
 */
export class RedisCacheLayer {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    private readonly clock: Clock,
  ) {}

  private key(key: string): string {
    return `${this.prefix}:cache:${key}`;
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    const raw = await this.redis.command<string | null>(['GET', this.key(key)]);
    if (raw === null || raw === undefined) return undefined;
    let entry: CacheEntry;
    try {
      entry = JSON.parse(raw) as CacheEntry;
    } catch {
      // Written by something else under our prefix: not ours to serve.
      return undefined;
    }
    // The TTL follows Redis' clock, freshness this instance's: honour the stricter of the two.
    return entry.staleUntil > this.clock.now() ? entry : undefined;
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    const ttl = Math.ceil(entry.staleUntil - this.clock.now());
    if (ttl <= 0) return;
    await this.redis.command(['SET', this.key(key), JSON.stringify(entry), 'PX', String(ttl)]);
  }

  async delete(key: string): Promise<void> {
    await this.redis.command(['DEL', this.key(key)]);
  }
}
