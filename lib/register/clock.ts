/**
 * Time source for the pacer and the cache. Injected so tests can count slots and expiries without
 * sleeping; the system clock is monotonic so a wall-clock adjustment cannot shrink the rate window.
 */
export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch (monotonic for the system clock). */
  now(): number;
  /** Calls `fn` once after `ms` milliseconds. */
  setTimer(fn: () => void, ms: number): TimerHandle;
}

export const systemClock: Clock = {
  now: () => performance.timeOrigin + performance.now(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, Math.max(0, ms));
    // A pending wake-up must not keep a CLI or test process alive on its own.
    handle.unref?.();
    return { cancel: () => clearTimeout(handle) };
  },
};
