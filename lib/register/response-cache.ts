import type { CacheEntry, CacheStore } from './cache-store';
import type { Clock } from './clock';
import type { RegisterMetrics } from './metrics';
import type { Priority } from './result';
import type { FlightOptions } from './upstream';

/**
 * Freshness rules around the register: serve fresh entries; serve stale ones at once while a
 * background refresh runs (stale-while-revalidate); serve stale ones when the register fails
 * (stale-if-error); remember misses briefly; never remember failures (429, 5xx, network). Concurrent
 * reads of one key share a single upstream request (single-flight), and a joiner with a higher
 * priority raises the shared request in the pacer queue.
 */

export interface CachePolicy {
  freshMs: number;
  /** Total usable life of a hit (fresh plus stale), at least freshMs. */
  staleMs: number;
  /** Life of a remembered miss (not-found, or the register's own bad-input verdict). */
  missMs: number;
}

export type LoadOutcome<V, F> =
  | { cacheable: true; entry: Pick<CacheEntry<V>, 'kind' | 'value' | 'retrievedAt'> }
  | { cacheable: false; failure: F };

/** Starts one upstream load; the cache calls it at most once per key at a time. */
export type Loader<V, F> = (options: FlightOptions) => {
  outcome: Promise<LoadOutcome<V, F>>;
  raise(priority: Priority, onBlock?: 'fail' | 'wait'): void;
};

export type CacheRead<V, F> =
  | { from: 'cache'; entry: CacheEntry<V>; stale: boolean; failure?: F }
  | { from: 'live'; entry: CacheEntry<V> }
  | { from: 'none'; failure: F };

export interface ReadOptions extends FlightOptions {
  refresh?: boolean;
}

interface InFlight {
  outcome: Promise<LoadOutcome<unknown, unknown>>;
  raise(priority: Priority, onBlock?: 'fail' | 'wait'): void;
}

export class ResponseCache {
  private readonly inFlight = new Map<string, InFlight>();

  constructor(
    private readonly store: CacheStore,
    private readonly clock: Clock,
    private readonly metrics: RegisterMetrics,
  ) {}

  async read<V, F>(key: string, policy: CachePolicy, load: Loader<V, F>, options: ReadOptions): Promise<CacheRead<V, F>> {
    const cached = await this.safeGet<V>(key);
    const now = this.clock.now();
    if (cached && !options.refresh) {
      if (now < cached.freshUntil) {
        this.metrics.cacheHits += 1;
        return { from: 'cache', entry: cached, stale: false };
      }
      if (now < cached.staleUntil) {
        // Served at once; a refresh already running (or started now) updates the entry for the next reader.
        this.metrics.staleServed += 1;
        this.revalidate(key, policy, load);
        return { from: 'cache', entry: cached, stale: true };
      }
    }

    // A miss or a forced refresh: share a request already on its way, which is at least as fresh.
    const running = this.inFlight.get(key);
    if (running) return this.join<V, F>(running, options, cached);
    this.metrics.cacheMisses += 1;
    const flight = this.startFlight(key, policy, load, options);
    return this.settle<V, F>((await flight.outcome) as LoadOutcome<V, F>, cached);
  }

  /** A store that cannot answer counts as a miss: the register is still there. */
  private async safeGet<V>(key: string): Promise<CacheEntry<V> | undefined> {
    try {
      return (await this.store.get(key)) as CacheEntry<V> | undefined;
    } catch {
      return undefined;
    }
  }

  /** Entries held, for health. */
  size(): Promise<number> {
    return this.store.size();
  }

  private async join<V, F>(flight: InFlight, options: ReadOptions, cached: CacheEntry<V> | undefined): Promise<CacheRead<V, F>> {
    this.metrics.sharedInFlight += 1;
    flight.raise(options.priority, options.onBlock === 'fail' ? 'fail' : undefined);
    return this.settle((await flight.outcome) as LoadOutcome<V, F>, cached);
  }

  private settle<V, F>(outcome: LoadOutcome<V, F>, cached: CacheEntry<V> | undefined): CacheRead<V, F> {
    if (outcome.cacheable) {
      return { from: 'live', entry: outcome.entry as CacheEntry<V> };
    }
    if (cached && cached.kind === 'ok' && this.clock.now() < cached.staleUntil) {
      this.metrics.staleServed += 1;
      return { from: 'cache', entry: cached, stale: true, failure: outcome.failure };
    }
    return { from: 'none', failure: outcome.failure };
  }

  private startFlight<V, F>(key: string, policy: CachePolicy, load: Loader<V, F>, options: FlightOptions): InFlight {
    const started = load(options);
    const outcome = (async (): Promise<LoadOutcome<V, F>> => {
      try {
        const result = await started.outcome;
        if (result.cacheable) {
          const entry = this.complete(result.entry, policy);
          // Stored before the flight is forgotten, so no reader falls between the two. A store
          // that cannot take it (a shared cache gone away) costs a later refetch, not this answer.
          await this.store.set(key, entry).catch(() => undefined);
          return { cacheable: true, entry };
        }
        return result;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    const flight: InFlight = { outcome, raise: started.raise };
    this.inFlight.set(key, flight);
    return flight;
  }

  private revalidate<V, F>(key: string, policy: CachePolicy, load: Loader<V, F>): void {
    if (this.inFlight.has(key)) return;
    const flight = this.startFlight(key, policy, load, { priority: 'background', onBlock: 'fail' });
    // A failed background refresh leaves the stale entry in place; the next read tries again.
    flight.outcome.catch(() => undefined);
  }

  private complete<V>(entry: Pick<CacheEntry<V>, 'kind' | 'value' | 'retrievedAt'>, policy: CachePolicy): CacheEntry<V> {
    if (entry.kind === 'ok') {
      return {
        ...entry,
        freshUntil: entry.retrievedAt + policy.freshMs,
        staleUntil: entry.retrievedAt + Math.max(policy.freshMs, policy.staleMs),
      };
    }
    return { ...entry, freshUntil: entry.retrievedAt + policy.missMs, staleUntil: entry.retrievedAt + policy.missMs };
  }
}
