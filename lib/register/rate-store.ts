/**
 * Storage for the pacer's sliding log and 429 block, keyed by API user. The in-memory store is
 * the default; a Redis store (Lua script, Redis clock) implements the same interface so several
 * portal instances share one budget. All durations are relative (milliseconds from the store's
 * now), so a store on another machine's clock never mixes clocks with the caller.
 *
 * Each logged request is stamped twice: when its slot is granted (before it is sent) and again
 * when its answer has come back (`settle`). The register counts a request when it arrives, which
 * is somewhere between those two moments, so keeping the later stamp makes the log count every
 * request for at least as long as the register does, whatever the network or event-loop delay.
 */

export interface AcquireOutcome {
  /** True when a slot was taken (and logged) for this call. */
  granted: boolean;
  /** When granted: identifies the log entry for `settle`. */
  token?: string;
  /** When not granted: milliseconds until a slot can next be free (block included). */
  waitMs: number;
  /** When not granted: true if a 429 block is in force. */
  blocked: boolean;
}

export interface RateState {
  /** Requests logged inside the window. */
  inWindow: number;
  /** Milliseconds until each logged request leaves the window, ascending. */
  expiresInMs: number[];
  /** Milliseconds the block still has to run (0 when none). */
  blockedForMs: number;
}

export interface RateStore {
  /**
   * Atomically: if not blocked and fewer than `limit - reserve` requests are logged in the last
   * `windowMs`, log one now. `reserve` (default 0) keeps that many slots of every window for
   * callers that pass 0: the pacer keeps them for interactive requests, so a report walking
   * hundreds of pages never makes a page load wait for a whole window.
   */
  acquire(key: string, limit: number, windowMs: number, reserve?: number): Promise<AcquireOutcome>;
  /** Re-stamps a granted request with the store's now (its answer has arrived); never moves a stamp earlier. */
  settle(key: string, token: string): Promise<void>;
  /** Blocks the key for `durationMs` from now; an existing longer block is kept. */
  recordBlock(key: string, durationMs: number): Promise<void>;
  /** Milliseconds the key's block still has to run (0 when none). */
  blockedFor(key: string): Promise<number>;
  /** A snapshot for expected-wait estimates and metrics. */
  state(key: string, windowMs: number): Promise<RateState>;
}
