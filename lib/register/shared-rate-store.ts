import type { Clock, TimerHandle } from './clock';
import { MemoryRateStore } from './memory-rate-store';
import type { AcquireOutcome, RateState, RateStore } from './rate-store';
import type { RedisConnection } from './redis-connection';
import type { RedisRateStore } from './redis-rate-store';
import { getLogger } from '@/lib/runtime/logger';

/**
 * The rate store of a scaled-out instance: the Redis log while Redis answers, and this instance's
 * safe share of the budget in memory while it does not. No method throws; a Redis failure moves
 * the instance to its fallback at once, and it comes back by itself.
 *
 * Why the hand-overs are safe (L = budget per window, N = FSR_INSTANCES, share = floor(L / N)):
 *
 * - shared → fallback. Up to L requests may have gone out through Redis in the last window, from
 *   any instance, and this instance cannot see them any more. So it first treats its whole share
 *   as taken for one window plus `staleMs` (`occupy`), and carries its own requests still in
 *   flight over. After that each instance sends at most its share per window: N × share ≤ L. The
 *   extra `staleMs` covers the case where only this instance lost Redis: the others keep its share
 *   free once its heartbeat has been silent for `staleMs`.
 * - fallback → recovering. Once Redis answers again, the requests sent from memory (and a block)
 *   are written to Redis, and for `graceMs` every request needs a slot from both the memory share
 *   and the Redis log (so it is logged in Redis). `graceMs` is longer than the reconnect backoff
 *   cap, so every other instance has reconnected and written its own fallback requests before
 *   anyone relies on Redis alone.
 * - recovering → shared: the Redis log alone.
 *
 * The cost of the first hand-over is a pause of one window plus `staleMs` for requests that are
 * not cached; cached pages are unaffected. Priority classes stay per instance (the pacer's
 * queues); the interactive reserve is enforced by whichever store grants the slot, scaled down in
 * proportion to the share.
 */

export type SharedMode = 'shared' | 'fallback' | 'recovering';

export interface SharedRateStoreOptions {
  /** The pacer's budget per window. */
  limit: number;
  /** FSR_INSTANCES: how many instances may share the budget while Redis is out of reach. */
  instances: number;
  /** API user keys this instance spends (heartbeats start before the first request). */
  keys: string[];
  /** The pacer's window plus margin (stamps are replayed from it). */
  windowMs: number;
  staleMs: number;
  heartbeatMs: number;
  graceMs: number;
  /** How long the first request may wait for the initial connection before falling back. */
  startupWaitMs: number;
  log?: (message: string) => void;
}

const MEMORY = 'm:';
const REDIS = 'r:';

/** Requests per window one instance may send alone: floor(limit / instances), at least one. */
export function fallbackShare(limit: number, instances: number): number {
  return Math.max(1, Math.floor(limit / Math.max(1, instances)));
}

export class SharedRateStore implements RateStore {
  private modeNow: SharedMode = 'shared';
  private modeSince: number;
  private readonly createdAt: number;
  private recoveringUntil = 0;
  private readonly memory: MemoryRateStore;
  private readonly keys = new Set<string>();
  /** Redis-granted tokens not yet settled, per key: carried into memory if Redis goes. */
  private readonly outstanding = new Map<string, Set<string>>();
  /** Memory-granted tokens also logged in Redis (replayed or mirrored): settled in both. */
  private readonly mirrored = new Set<string>();
  /** The block's end as this instance last learnt it (local clock). */
  private knownBlockUntil = 0;
  private timer?: TimerHandle;
  private lastHeartbeat = 0;
  private recovering = false;
  private closed = false;
  private started = false;
  private readonly log: (message: string) => void;
  readonly share: number;

  constructor(
    private readonly redis: RedisConnection,
    private readonly shared: RedisRateStore,
    private readonly clock: Clock,
    private readonly options: SharedRateStoreOptions,
  ) {
    this.memory = new MemoryRateStore(clock);
    this.createdAt = this.modeSince = clock.now();
    this.log = options.log ?? ((m) => getLogger().warn(m));
    this.share = fallbackShare(options.limit, options.instances);
    for (const key of options.keys) this.keys.add(key);
    this.schedule(0);
  }

  get mode(): SharedMode {
    return this.modeNow;
  }

  get since(): number {
    return this.modeSince;
  }

  private shareReserve(limit: number, reserve: number): number {
    if (reserve <= 0) return 0;
    const share = fallbackShare(limit, this.options.instances);
    return Math.min(share - 1, Math.ceil((reserve * share) / limit));
  }

  /** The mode now (it may have changed during an await; a method call keeps TypeScript from assuming otherwise). */
  private is(mode: SharedMode): boolean {
    return this.modeNow === mode;
  }

  private setMode(mode: SharedMode): void {
    if (mode === this.modeNow) return;
    this.modeNow = mode;
    this.modeSince = this.clock.now();
  }

  /** The first use waits briefly for the initial connection, so a fresh instance does not start in fallback. */
  private async ready(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (!(await this.redis.whenReady(Math.max(0, this.options.startupWaitMs - (this.clock.now() - this.createdAt))))) {
      this.enterFallback('Redis was not reachable at start-up');
    }
  }

  private enterFallback(reason: string): void {
    if (this.modeNow === 'fallback' || this.closed) return;
    const now = this.clock.now();
    this.setMode('fallback');
    const pauseSeconds = Math.ceil((this.options.windowMs + this.options.staleMs) / 1000);
    this.log(
      `[rate] ${reason}: this instance now sends at most ${this.share} of ${this.options.limit} requests per window on its own ` +
        `(FSR_INSTANCES=${this.options.instances}), after ${pauseSeconds} s in which requests sent through Redis by any instance age out, until Redis is back.`,
    );
    for (const key of this.keys) {
      // Requests sent through Redis in the last window by any instance are unknown here: count the whole share as taken.
      this.memory.occupy(key, this.share, now + this.options.staleMs);
      for (const token of this.outstanding.get(key) ?? []) this.memory.adopt(key, REDIS + token);
      if (this.knownBlockUntil > now) void this.memory.recordBlock(key, this.knownBlockUntil - now);
    }
  }

  private async recover(): Promise<void> {
    if (this.recovering || this.modeNow !== 'fallback' || this.redis.state !== 'ready') return;
    this.recovering = true;
    try {
      // A connection can look ready while the server does not answer (a hung Redis): ask first,
      // so a failed probe leaves the fallback as it is instead of starting it over.
      await this.redis.command(['PING']);
    } catch {
      this.recovering = false;
      return;
    }
    try {
      // Switch first: grants from now on are logged in Redis too; the replay covers what came before.
      this.setMode('recovering');
      this.recoveringUntil = this.clock.now() + this.options.graceMs;
      for (const key of this.keys) {
        const stamps = this.memory.stamps(key, this.options.windowMs);
        const blockMs = await this.memory.blockedFor(key);
        await this.shared.replay(
          key,
          stamps.map((s) => ({ ...s, token: this.redisToken(s.token) })),
          blockMs,
        );
        for (const s of stamps) if (!s.settled && !s.token.startsWith(REDIS)) this.mirrored.add(s.token);
        await this.shared.heartbeat(key);
      }
      this.lastHeartbeat = this.clock.now();
      this.log(`[rate] Redis answers again: back on the shared budget in ${Math.round(this.options.graceMs / 1000)} s, once every instance has handed over.`);
    } catch (error) {
      if (this.is('recovering')) this.enterFallback(`Redis failed again during the hand-over (${(error as Error).message})`);
    } finally {
      this.recovering = false;
    }
  }

  /** The Redis member for a memory stamp: an adopted Redis token keeps its own; others get this process's unique prefix. */
  private redisToken(memoryToken: string): string {
    if (memoryToken.startsWith(REDIS)) return memoryToken.slice(REDIS.length);
    return `${this.shared.tokenPrefix}-m${memoryToken}`;
  }

  private schedule(ms: number): void {
    this.timer?.cancel();
    if (this.closed) return;
    this.timer = this.clock.setTimer(() => void this.tick(), ms);
  }

  /** Heartbeats while on Redis; probes for recovery while not; ends the grace period. */
  private async tick(): Promise<void> {
    try {
      if (!this.started && (this.redis.state === 'ready' || this.clock.now() - this.createdAt >= this.options.startupWaitMs)) await this.ready();
      if (this.modeNow === 'fallback') {
        await this.recover();
      } else if (this.started) {
        if (this.modeNow === 'recovering' && this.clock.now() >= this.recoveringUntil) this.setMode('shared');
        if (this.clock.now() - this.lastHeartbeat >= this.options.heartbeatMs) {
          this.lastHeartbeat = this.clock.now();
          try {
            for (const key of this.keys) await this.shared.heartbeat(key);
          } catch (error) {
            this.enterFallback(`Redis did not answer (${(error as Error).message})`);
          }
        }
      }
    } finally {
      this.schedule(Math.min(this.options.heartbeatMs, 250));
    }
  }

  private fail(error: unknown): void {
    this.enterFallback(`Redis did not answer (${error instanceof Error ? error.message : String(error)})`);
  }

  async acquire(key: string, limit: number, windowMs: number, reserve = 0): Promise<AcquireOutcome> {
    this.keys.add(key);
    await this.ready();
    if (this.modeNow === 'recovering' && this.clock.now() >= this.recoveringUntil) this.setMode('shared');

    if (this.modeNow === 'shared') {
      try {
        const outcome = await this.shared.acquire(key, limit, windowMs, reserve);
        this.noteOutcome(outcome);
        if (!outcome.granted) return outcome;
        let set = this.outstanding.get(key);
        if (!set) this.outstanding.set(key, (set = new Set()));
        set.add(outcome.token!);
        // Redis may have gone while this call was on its way: carry the request over.
        if (this.is('fallback')) this.memory.adopt(key, REDIS + outcome.token);
        return { ...outcome, token: REDIS + outcome.token };
      } catch (error) {
        this.fail(error);
      }
    }

    const local = await this.memory.acquire(key, fallbackShare(limit, this.options.instances), windowMs, this.shareReserve(limit, reserve));
    if (!local.granted) return local;
    const token = local.token!;
    if (this.modeNow === 'recovering') {
      // The slot must also be free in the shared log, where it is then logged.
      try {
        const outcome = await this.shared.acquireAs(key, limit, windowMs, reserve, this.redisToken(token));
        this.noteOutcome(outcome);
        if (!outcome.granted) {
          this.memory.release(key, token);
          if (outcome.blocked) await this.memory.recordBlock(key, outcome.waitMs);
          return outcome;
        }
        this.mirrored.add(token);
      } catch (error) {
        // Granted under the fallback rules alone, which is what the instance is back to.
        this.fail(error);
      }
    }
    return { ...local, token: MEMORY + token };
  }

  private noteOutcome(outcome: AcquireOutcome): void {
    if (outcome.blocked) this.knownBlockUntil = Math.max(this.knownBlockUntil, this.clock.now() + outcome.waitMs);
  }

  async settle(key: string, token: string): Promise<void> {
    if (token.startsWith(REDIS)) {
      const redisToken = token.slice(REDIS.length);
      this.outstanding.get(key)?.delete(redisToken);
      // Adopted into memory if Redis went while it was in flight (a no-op otherwise).
      await this.memory.settle(key, token);
      if (this.modeNow !== 'fallback') await this.shared.settle(key, redisToken).catch((e) => this.fail(e));
      return;
    }
    const local = token.startsWith(MEMORY) ? token.slice(MEMORY.length) : token;
    await this.memory.settle(key, local);
    if (this.mirrored.delete(local) && this.modeNow !== 'fallback') {
      await this.shared.settle(key, this.redisToken(local)).catch((e) => this.fail(e));
    }
  }

  async recordBlock(key: string, durationMs: number): Promise<void> {
    this.keys.add(key);
    this.knownBlockUntil = Math.max(this.knownBlockUntil, this.clock.now() + durationMs);
    // Kept in memory too, so a fallback later still honours it.
    await this.memory.recordBlock(key, durationMs);
    if (this.modeNow === 'fallback') return;
    await this.shared.recordBlock(key, durationMs).catch((e) => this.fail(e));
  }

  async blockedFor(key: string): Promise<number> {
    const local = await this.memory.blockedFor(key);
    if (this.modeNow !== 'fallback' && this.started) {
      try {
        const ms = await this.shared.blockedFor(key);
        if (ms > 0) this.knownBlockUntil = Math.max(this.knownBlockUntil, this.clock.now() + ms);
        return Math.max(ms, local);
      } catch (error) {
        this.fail(error);
      }
    }
    return local;
  }

  async state(key: string, windowMs: number): Promise<RateState> {
    if (this.modeNow !== 'fallback' && this.started) {
      try {
        return await this.shared.state(key, windowMs);
      } catch (error) {
        this.fail(error);
      }
    }
    return this.memory.state(key, windowMs);
  }

  /** Stops the timers and tells the others this instance has gone (they need not keep its share free). */
  async close(): Promise<void> {
    this.closed = true;
    this.timer?.cancel();
    if (this.modeNow === 'fallback') return;
    for (const key of this.keys) await this.shared.leave(key).catch(() => undefined);
  }
}
