import type { CacheEntry, CacheStore } from './cache-store';
import type { Clock } from './clock';
import type { FlightLock } from './flight-lock';
import type { RegisterMetrics } from './metrics';
import type { Priority } from './result';
import type { FlightOptions } from './upstream';

/**
 * Freshness rules around the register: serve fresh entries; serve stale ones at once while a
 * background refresh runs (stale-while-revalidate); serve stale ones when the register fails
 * (stale-if-error); remember misses briefly; never remember failures (429, 5xx, network). Concurrent
 * reads of one key share a single upstream request (single-flight), and a joiner with a higher
 * priority raises the shared request in the pacer queue. With a FlightLock (Redis), single-flight
 * holds across instances: one instance loads, the others wait for its lock to go and read the
 * shared cache, and a waiting page raises the holder's request on the holder's instance.
 */

const RANK: Record<Priority, number> = { interactive: 0, report: 1, background: 2, idle: 3 };
/** A waiter re-checks at least this often whether the holder is still alive. */
const REMOTE_WAIT_ROUND_MS = 30_000;
/** After this many lock rounds without a usable answer, load without the lock (de-duplication is an optimisation). */
const REMOTE_ROUNDS = 4;

export interface CachePolicy {
  freshMs: number;
  /** Total usable life of a hit (fresh plus stale), at least freshMs. */
  staleMs: number;
  /** Life of a remembered miss (not-found, or the register's own bad-input verdict). */
  missMs: number;
}

export type LoadOutcome<V, F> = { cacheable: true; entry: Pick<CacheEntry<V>, 'kind' | 'value' | 'retrievedAt'> } | { cacheable: false; failure: F };

/** Starts one upstream load; the cache calls it at most once per key at a time. */
export type Loader<V, F> = (options: FlightOptions) => {
  outcome: Promise<LoadOutcome<V, F>>;
  raise(priority: Priority, onBlock?: 'fail' | 'wait'): void;
};

/** A flight's outcome; `remote` when another instance's request produced the entry. */
type FlightOutcome<V, F> = LoadOutcome<V, F> & { remote?: boolean };

export type CacheRead<V, F> = { from: 'cache'; entry: CacheEntry<V>; stale: boolean; failure?: F } | { from: 'live'; entry: CacheEntry<V> } | { from: 'none'; failure: F };

export interface ReadOptions extends FlightOptions {
  refresh?: boolean;
}

interface InFlight {
  outcome: Promise<FlightOutcome<unknown, unknown>>;
  raise(priority: Priority, onBlock?: 'fail' | 'wait'): void;
}

export class ResponseCache {
  private readonly inFlight = new Map<string, InFlight>();

  constructor(
    private readonly store: CacheStore,
    private readonly clock: Clock,
    private readonly metrics: RegisterMetrics,
    private readonly lock?: FlightLock,
  ) {
    // Another instance waits for a flight held here: let its page raise our request.
    lock?.onRaise((key, priority, onBlock) => this.inFlight.get(key)?.raise(priority, onBlock));
  }

  /** Resolves when no flight is running (graceful shutdown: leases are released as flights end). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()].map((f) => f.outcome));
  }

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
        this.revalidate(key, policy, load, cached, options.lane);
        return { from: 'cache', entry: cached, stale: true };
      }
    }

    // A miss or a forced refresh: share a request already on its way, which is at least as fresh.
    const running = this.inFlight.get(key);
    if (running) return this.join<V, F>(running, options, cached);
    this.metrics.cacheMisses += 1;
    const flight = this.startFlight(key, policy, load, options, cached);
    return this.settle<V, F>((await flight.outcome) as FlightOutcome<V, F>, cached);
  }

  /** The entry for `key` while it is usable (fresh or stale), without loading anything: what the portal already knows. */
  async peek<V>(key: string): Promise<{ entry: CacheEntry<V>; stale: boolean } | undefined> {
    const cached = await this.safeGet<V>(key);
    const now = this.clock.now();
    if (!cached || now >= cached.staleUntil) return undefined;
    return { entry: cached, stale: now >= cached.freshUntil };
  }

  /** A store that cannot answer counts as a miss: the register is still there. */
  private async safeGet<V>(key: string): Promise<CacheEntry<V> | undefined> {
    try {
      return (await this.store.get(key)) as CacheEntry<V> | undefined;
    } catch {
      return undefined;
    }
  }

  /** The newest entry any layer of the store holds (a shared layer may be ahead of this instance's own). */
  private async newest<V>(key: string): Promise<CacheEntry<V> | undefined> {
    if (!this.store.getNewest) return this.safeGet<V>(key);
    try {
      return (await this.store.getNewest(key)) as CacheEntry<V> | undefined;
    } catch {
      return undefined;
    }
  }

  /** When the newest copy of `key` any layer holds was retrieved (ms), fresh or stale; undefined when none. Costs the register nothing. */
  async retrievedAt(key: string): Promise<number | undefined> {
    return (await this.newest(key))?.retrievedAt;
  }

  /** Entries held, for health. */
  size(): Promise<number> {
    return this.store.size();
  }

  private async join<V, F>(flight: InFlight, options: ReadOptions, cached: CacheEntry<V> | undefined): Promise<CacheRead<V, F>> {
    this.metrics.sharedInFlight += 1;
    flight.raise(options.priority, options.onBlock === 'fail' ? 'fail' : undefined);
    return this.settle((await flight.outcome) as FlightOutcome<V, F>, cached);
  }

  private settle<V, F>(outcome: FlightOutcome<V, F>, cached: CacheEntry<V> | undefined): CacheRead<V, F> {
    if (outcome.cacheable) {
      // Another instance fetched it: for this caller it comes from the (shared) cache.
      if (outcome.remote) return { from: 'cache', entry: outcome.entry as CacheEntry<V>, stale: false };
      return { from: 'live', entry: outcome.entry as CacheEntry<V> };
    }
    if (cached && cached.kind === 'ok' && this.clock.now() < cached.staleUntil) {
      this.metrics.staleServed += 1;
      return { from: 'cache', entry: cached, stale: true, failure: outcome.failure };
    }
    return { from: 'none', failure: outcome.failure };
  }

  /**
   * One flight per key in this process. `known` is the entry the caller already has (stale, or
   * being refreshed): an answer from another instance must be newer than it to count.
   */
  private startFlight<V, F>(key: string, policy: CachePolicy, load: Loader<V, F>, options: FlightOptions, known: CacheEntry<V> | undefined): InFlight {
    // Joiners may raise the flight before its request starts (while it waits for another instance).
    const wanted = { priority: options.priority, onBlock: options.onBlock };
    let raiseStarted: ((priority: Priority, onBlock?: 'fail' | 'wait') => void) | undefined;
    let waitingRemote = false;
    const raise = (priority: Priority, onBlock?: 'fail' | 'wait') => {
      if (RANK[priority] < RANK[wanted.priority]) wanted.priority = priority;
      if (onBlock === 'fail') wanted.onBlock = 'fail';
      if (raiseStarted) raiseStarted(priority, onBlock);
      else if (waitingRemote) this.lock?.raise(key, wanted.priority, wanted.onBlock);
    };

    const loadHere = async (): Promise<FlightOutcome<V, F>> => {
      const started = load({ ...options, priority: wanted.priority, onBlock: wanted.onBlock });
      raiseStarted = started.raise;
      const result = await started.outcome;
      if (result.cacheable) {
        const entry = this.complete(result.entry, policy);
        // Stored before the flight is forgotten (and before a lock is released), so no reader
        // falls between the two. A store that cannot take it (a shared cache gone away) costs a
        // later refetch, not this answer.
        await this.store.set(key, entry).catch(() => undefined);
        return { cacheable: true, entry };
      }
      return result;
    };

    const outcome = (async (): Promise<FlightOutcome<V, F>> => {
      try {
        if (!this.lock) return await loadHere();
        return await this.loadOnce(key, known, options, loadHere, (waiting) => {
          waitingRemote = waiting;
          if (waiting) this.lock?.raise(key, wanted.priority, wanted.onBlock);
        });
      } finally {
        this.inFlight.delete(key);
      }
    })();
    const flight: InFlight = { outcome, raise };
    this.inFlight.set(key, flight);
    return flight;
  }

  /** The cross-instance part of a flight: load under the lock, or wait for the instance that holds it. */
  private async loadOnce<V, F>(
    key: string,
    known: CacheEntry<V> | undefined,
    options: FlightOptions,
    loadHere: () => Promise<FlightOutcome<V, F>>,
    setWaiting: (waiting: boolean) => void,
  ): Promise<FlightOutcome<V, F>> {
    const lock = this.lock!;
    const deadline = options.maxWaitMs !== undefined ? this.clock.now() + options.maxWaitMs : undefined;
    for (let round = 0; round < REMOTE_ROUNDS; round += 1) {
      const lease = await lock.acquire(key);
      if (lease === 'unavailable') return loadHere();
      if (lease !== 'busy') {
        try {
          return await loadHere();
        } finally {
          await lease.release();
        }
      }
      setWaiting(true);
      try {
        const left = deadline === undefined ? REMOTE_WAIT_ROUND_MS : Math.max(0, deadline - this.clock.now());
        await lock.waitForRelease(key, Math.min(left, REMOTE_WAIT_ROUND_MS));
      } finally {
        setWaiting(false);
      }
      const entry = await this.newest<V>(key);
      if (entry && (!known || entry.retrievedAt > known.retrievedAt)) {
        this.metrics.remoteFlights += 1;
        return { cacheable: true, entry, remote: true };
      }
      // The holder failed (a 429, an error: nothing cached) or the caller cannot wait longer: try
      // ourselves; the pacer applies maxWaitMs and the shared block.
      if (deadline !== undefined && this.clock.now() >= deadline) break;
    }
    return loadHere();
  }

  private revalidate<V, F>(key: string, policy: CachePolicy, load: Loader<V, F>, known: CacheEntry<V>, lane: FlightOptions['lane']): void {
    if (this.inFlight.has(key)) return;
    // A program's read that found a stale entry refreshes it within the programs' share.
    const flight = this.startFlight(key, policy, load, { priority: 'background', onBlock: 'fail', lane }, known);
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
