import { randomBytes } from 'node:crypto';
import type { FlightLease, FlightLock } from './flight-lock';
import { luaScript, type RedisConnection } from './redis-connection';
import type { Priority } from './result';

/**
 * Single-flight across instances: `<prefix>:lock:<cache key>` set with NX and a short PX, renewed
 * while its request runs, so a crashed holder blocks the others for at most `ttlMs`. Releasing
 * deletes it only if it is still ours and publishes the release; waiters also poll, so a lost
 * message costs at most `pollMs`.
 */

export interface RedisFlightLockOptions {
  prefix: string;
  instanceId: string;
  /** Lock lifetime without renewal. Default 5000. */
  ttlMs?: number;
  /** How often a waiter checks the lock itself. Default 200. */
  pollMs?: number;
  /** Publishes an event to the other instances. */
  publish(message: string): void;
}

// KEYS: lock; ARGV: token, ttlMs
const RENEW = luaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`);
// KEYS: lock; ARGV: token
const RELEASE = luaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

export type FlightEvent = { t: 'rel'; k: string } | { t: 'raise'; k: string; p: Priority; b?: 'fail' | 'wait'; from: string };

export class RedisFlightLock implements FlightLock {
  private readonly ttlMs: number;
  private readonly pollMs: number;
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly held = new Set<HeldLease>();
  private raiseHandler?: (key: string, priority: Priority, onBlock?: 'fail' | 'wait') => void;
  private closed = false;

  constructor(
    private readonly redis: RedisConnection,
    private readonly options: RedisFlightLockOptions,
  ) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.pollMs = options.pollMs ?? 200;
  }

  private lockKey(key: string): string {
    return `${this.options.prefix}:lock:${key}`;
  }

  async acquire(key: string): Promise<FlightLease | 'busy' | 'unavailable'> {
    if (this.closed || this.redis.state === 'down') return 'unavailable';
    const token = `${this.options.instanceId}:${randomBytes(6).toString('hex')}`;
    try {
      const set = await this.redis.command<string | null>(['SET', this.lockKey(key), token, 'NX', 'PX', String(this.ttlMs)]);
      if (set !== 'OK') return 'busy';
    } catch {
      return 'unavailable';
    }
    const lease = new HeldLease(this, key, token);
    this.held.add(lease);
    return lease;
  }

  /** @internal Renews a held lock; a failed renewal leaves it to expire. */
  async renew(key: string, token: string): Promise<void> {
    await this.redis.eval(RENEW, [this.lockKey(key)], [token, this.ttlMs]).catch(() => undefined);
  }

  /** @internal */
  async release(lease: HeldLease): Promise<void> {
    this.held.delete(lease);
    try {
      await this.redis.eval(RELEASE, [this.lockKey(lease.key)], [lease.token]);
      this.options.publish(JSON.stringify({ t: 'rel', k: lease.key } satisfies FlightEvent));
    } catch {
      // Redis is gone: the lock expires by itself; waiters poll and find it gone.
    }
  }

  get renewEveryMs(): number {
    return Math.max(50, Math.floor(this.ttlMs / 3));
  }

  waitForRelease(key: string, timeoutMs: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      let done = false;
      let set = this.waiters.get(key);
      if (!set) this.waiters.set(key, (set = new Set()));
      const waiters = set;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timeout);
        clearTimeout(poll);
        waiters.delete(finish);
        if (waiters.size === 0) this.waiters.delete(key);
        resolve();
      };
      waiters.add(finish);
      const timeout = setTimeout(finish, Math.max(0, timeoutMs));
      timeout.unref?.();
      let poll: NodeJS.Timeout;
      const check = () => {
        poll = setTimeout(async () => {
          try {
            const exists = await this.redis.command<number>(['EXISTS', this.lockKey(key)]);
            if (exists === 0) return finish();
          } catch {
            // Redis is gone: the holder cannot renew either; stop waiting and let the caller load.
            return finish();
          }
          if (!done) check();
        }, this.pollMs);
        poll.unref?.();
      };
      check();
    });
  }

  raise(key: string, priority: Priority, onBlock?: 'fail' | 'wait'): void {
    this.options.publish(JSON.stringify({ t: 'raise', k: key, p: priority, b: onBlock, from: this.options.instanceId } satisfies FlightEvent));
  }

  onRaise(handler: (key: string, priority: Priority, onBlock?: 'fail' | 'wait') => void): void {
    this.raiseHandler = handler;
  }

  /** An event from the channel (the shared stores dispatch them). */
  handle(event: FlightEvent): void {
    if (event.t === 'rel') {
      for (const wake of [...(this.waiters.get(event.k) ?? [])]) wake();
    } else if (event.t === 'raise' && event.from !== this.options.instanceId) {
      this.raiseHandler?.(event.k, event.p, event.b);
    }
  }

  close(): void {
    this.closed = true;
    for (const waiters of [...this.waiters.values()]) for (const wake of [...waiters]) wake();
  }

  /** Locks this instance holds now (for shutdown). */
  heldCount(): number {
    return this.held.size;
  }

  /** Releases every lock still held (graceful shutdown). */
  async releaseAll(): Promise<void> {
    await Promise.all([...this.held].map((lease) => lease.release()));
  }
}

class HeldLease implements FlightLease {
  private readonly timer: NodeJS.Timeout;
  private released = false;

  constructor(
    private readonly lock: RedisFlightLock,
    readonly key: string,
    readonly token: string,
  ) {
    // Renewed while the request runs: a request queued behind a report walk may take minutes.
    this.timer = setInterval(() => void lock.renew(key, token), lock.renewEveryMs);
    this.timer.unref?.();
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    clearInterval(this.timer);
    await this.lock.release(this);
  }
}
