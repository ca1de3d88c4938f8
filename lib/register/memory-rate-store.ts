import type { Clock } from './clock';
import type { AcquireOutcome, RateState, RateStore } from './rate-store';

interface Entry {
  /** Send times, ascending. */
  log: number[];
  blockedUntil: number;
}

/** The sliding log in process memory: exact for any rolling window, for one portal instance. */
export class MemoryRateStore implements RateStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly clock: Clock) {}

  private entry(key: string): Entry {
    let e = this.entries.get(key);
    if (!e) {
      e = { log: [], blockedUntil: 0 };
      this.entries.set(key, e);
    }
    return e;
  }

  /** Drops log entries that have left the window (a request at t counts while now < t + windowMs). */
  private prune(e: Entry, now: number, windowMs: number): void {
    let drop = 0;
    while (drop < e.log.length && e.log[drop] + windowMs <= now) drop += 1;
    if (drop > 0) e.log.splice(0, drop);
  }

  async acquire(key: string, limit: number, windowMs: number): Promise<AcquireOutcome> {
    const now = this.clock.now();
    const e = this.entry(key);
    this.prune(e, now, windowMs);
    if (e.blockedUntil > now) return { granted: false, waitMs: e.blockedUntil - now, blocked: true };
    if (e.log.length < limit) {
      e.log.push(now);
      return { granted: true, waitMs: 0, blocked: false };
    }
    // The slot frees when the entry `limit` places from the end leaves the window.
    const freesAt = e.log[e.log.length - limit] + windowMs;
    return { granted: false, waitMs: Math.max(0, freesAt - now), blocked: false };
  }

  async recordBlock(key: string, durationMs: number): Promise<void> {
    const e = this.entry(key);
    e.blockedUntil = Math.max(e.blockedUntil, this.clock.now() + durationMs);
  }

  async blockedFor(key: string): Promise<number> {
    const e = this.entries.get(key);
    return e ? Math.max(0, e.blockedUntil - this.clock.now()) : 0;
  }

  async state(key: string, windowMs: number): Promise<RateState> {
    // Read-only: callers may ask about a narrower window than the one acquire() enforces.
    const now = this.clock.now();
    const e = this.entries.get(key) ?? { log: [], blockedUntil: 0 };
    const live = e.log.filter((t) => t + windowMs > now);
    return {
      inWindow: live.length,
      expiresInMs: live.map((t) => t + windowMs - now),
      blockedForMs: Math.max(0, e.blockedUntil - now),
    };
  }
}
