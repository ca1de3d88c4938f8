import type { Priority } from './result';

/**
 * Single-flight across portal instances. Within one process the response cache shares one upstream
 * request per key by itself; with several instances a short lock per key (Redis SET NX PX, renewed
 * while the request runs) makes one instance load and the others wait for it and then read the
 * shared cache. Without a lock (one instance, or Redis out of reach) each instance loads for itself.
 */

export interface FlightLease {
  /** Releases the lock and tells waiting instances to read the cache. Never throws. */
  release(): Promise<void>;
}

export interface FlightLock {
  /**
   * Tries to become the instance that loads `key`: a lease, 'busy' when another instance holds
   * the lock, or 'unavailable' when the lock cannot be asked (the caller then loads without it).
   * Never throws.
   */
  acquire(key: string): Promise<FlightLease | 'busy' | 'unavailable'>;
  /** Resolves when the lock on `key` is released or has lapsed, or after `timeoutMs`. Never rejects. */
  waitForRelease(key: string, timeoutMs: number): Promise<void>;
  /** Asks the instance holding `key` to raise its request to `priority` (a page now waits for it). */
  raise(key: string, priority: Priority, onBlock?: 'fail' | 'wait'): void;
  /** Receives raise requests from other instances for flights this instance holds. */
  onRaise(handler: (key: string, priority: Priority, onBlock?: 'fail' | 'wait') => void): void;
  /** Shutdown: wakes every waiter; from now on acquire() is 'unavailable' and waits end at once. */
  close(): void;
}
