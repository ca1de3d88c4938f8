import type { Clock } from './clock';
import type { AcquireOutcome, RateState, RateStore } from './rate-store';

interface Stamp {
  token: string;
  at: number;
  /** False while the request is in flight: it counts until it is settled, however long that takes. */
  settled: boolean;
}

interface Entry {
  /** Stamps, ascending by time. */
  log: Stamp[];
  blockedUntil: number;
}

/** Slots a caller may fill: the limit less the reserve, but never fewer than one. */
export function allowedSlots(limit: number, reserve: number): number {
  return Math.max(1, limit - Math.max(0, reserve));
}

/** The sliding log in process memory: exact for any rolling window, for one portal instance. */
export class MemoryRateStore implements RateStore {
  private readonly entries = new Map<string, Entry>();
  private seq = 0;

  constructor(private readonly clock: Clock) {}

  private entry(key: string): Entry {
    let e = this.entries.get(key);
    if (!e) {
      e = { log: [], blockedUntil: 0 };
      this.entries.set(key, e);
    }
    return e;
  }

  /** Drops settled stamps that have left the window (a stamp at t counts while now < t + windowMs). */
  private prune(e: Entry, now: number, windowMs: number): void {
    if (e.log.some((s) => s.settled && s.at + windowMs <= now)) e.log = e.log.filter((s) => !s.settled || s.at + windowMs > now);
  }

  /** When each stamp leaves the window, ascending; an unsettled one at the earliest one window from now. */
  private expiries(e: Entry, now: number, windowMs: number): number[] {
    return e.log.map((s) => (s.settled ? s.at : Math.max(s.at, now)) + windowMs).sort((a, b) => a - b);
  }

  async acquire(key: string, limit: number, windowMs: number, reserve = 0): Promise<AcquireOutcome> {
    const now = this.clock.now();
    const e = this.entry(key);
    this.prune(e, now, windowMs);
    if (e.blockedUntil > now) return { granted: false, waitMs: e.blockedUntil - now, blocked: true };
    const allowed = allowedSlots(limit, reserve);
    if (e.log.length < allowed) {
      const token = String(++this.seq);
      e.log.push({ token, at: now, settled: false });
      return { granted: true, token, waitMs: 0, blocked: false };
    }
    // The slot frees when the stamp `allowed` places from the end leaves the window.
    const freesAt = this.expiries(e, now, windowMs)[e.log.length - allowed];
    return { granted: false, waitMs: Math.max(0, freesAt - now), blocked: false };
  }

  /*
   * Hand-over helpers for SharedRateStore, which falls back to this store when Redis is out of
   * reach and replays it into Redis when Redis returns. Not part of RateStore: no other store
   * needs them.
   */

  /** Logs `count` settled stamps at `at` (may be in the future): slots this instance must treat as taken. */
  occupy(key: string, count: number, at: number): void {
    const e = this.entry(key);
    for (let i = 0; i < count; i += 1) e.log.push({ token: `occupied-${++this.seq}`, at, settled: true });
    e.log.sort((a, b) => a.at - b.at);
  }

  /** Logs an unsettled stamp for a request granted elsewhere (it counts here until settled), whatever the limit. */
  adopt(key: string, token: string): void {
    this.entry(key).log.push({ token, at: this.clock.now(), settled: false });
  }

  /** Forgets a stamp whose request was never sent. */
  release(key: string, token: string): void {
    const e = this.entries.get(key);
    if (e) e.log = e.log.filter((s) => s.token !== token);
  }

  /** The stamps inside `windowMs` (unsettled ones included), oldest first, with their age in ms (negative for a future stamp). */
  stamps(key: string, windowMs: number): Array<{ token: string; ageMs: number; settled: boolean }> {
    const now = this.clock.now();
    const e = this.entries.get(key);
    if (!e) return [];
    return e.log.filter((s) => !s.settled || s.at + windowMs > now).map((s) => ({ token: s.token, ageMs: now - s.at, settled: s.settled }));
  }

  async settle(key: string, token: string): Promise<void> {
    const e = this.entries.get(key);
    if (!e) return;
    const i = e.log.findIndex((s) => s.token === token);
    if (i < 0) return;
    const [stamp] = e.log.splice(i, 1);
    stamp.at = Math.max(stamp.at, this.clock.now());
    stamp.settled = true;
    let j = e.log.length;
    while (j > 0 && e.log[j - 1].at > stamp.at) j -= 1;
    e.log.splice(j, 0, stamp);
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
    const expiresInMs = this.expiries(e, now, windowMs)
      .filter((t) => t > now)
      .map((t) => t - now);
    return { inWindow: expiresInMs.length, expiresInMs, blockedForMs: Math.max(0, e.blockedUntil - now) };
  }
}
