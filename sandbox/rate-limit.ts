/**
 * The register's rate limit, per API user, with exact sliding logs (no buckets, no approximations):
 * at most N accepted requests in any rolling window of S seconds; the request that would be the
 * (N+1)th is answered 429 and starts a block of B seconds, during which every request is answered
 * 429. The ledger also keeps the figures the operator endpoint reports, so a client's pacing can be
 * proved by counting.
 */
import type { RateLimit } from './config';

export interface UserStats {
  /** Every request from this user that reached the API path (answered 429 or not). */
  requests: number;
  /** The most requests seen in any rolling window of `windowSeconds`. */
  maxInWindow: number;
  /** 429 answers sent (rate limit, block, or an injected 429 fault). */
  rateLimited: number;
  /** Blocks started by a breach. */
  blocks: number;
  windowSeconds: number;
}

export type Admission = { allowed: true } | { allowed: false; reason: 'breach' | 'blocked'; retryAfterSeconds: number };

/** A queue of timestamps trimmed from the front. */
class TimeLog {
  private items: number[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(t: number): void {
    this.items.push(t);
  }

  /** Drops entries at or before `cutoff`. */
  dropUpTo(cutoff: number): void {
    while (this.head < this.items.length && this.items[this.head] <= cutoff) this.head++;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}

class UserLedger {
  requests = 0;
  maxInWindow = 0;
  rateLimited = 0;
  blocks = 0;
  blockedUntil = -Infinity;
  /** Arrivals within the stats window. */
  readonly arrivals = new TimeLog();
  /** Accepted requests within the limit window. */
  readonly accepted = new TimeLog();
}

export class RateLimiter {
  private readonly users = new Map<string, UserLedger>();
  private readonly windowMs: number;
  private readonly statsWindowMs: number;

  constructor(
    private readonly limit: RateLimit | 'off',
    private readonly blockSeconds: number,
    private readonly knownUsers: string[] = [],
  ) {
    this.windowMs = limit === 'off' ? 10_000 : limit.seconds * 1000;
    this.statsWindowMs = this.windowMs;
    this.reset();
  }

  private ledger(user: string): UserLedger {
    let ledger = this.users.get(user);
    if (!ledger) this.users.set(user, (ledger = new UserLedger()));
    return ledger;
  }

  /** Counts the request and decides it; `now` in milliseconds from a non-decreasing clock. */
  admit(user: string, now: number): Admission {
    const l = this.ledger(user);
    l.requests++;
    // A request at t shares a window with those in (t - W, t].
    l.arrivals.dropUpTo(now - this.statsWindowMs);
    l.arrivals.push(now);
    if (l.arrivals.size > l.maxInWindow) l.maxInWindow = l.arrivals.size;

    if (now < l.blockedUntil) {
      l.rateLimited++;
      return { allowed: false, reason: 'blocked', retryAfterSeconds: Math.ceil((l.blockedUntil - now) / 1000) };
    }
    if (this.limit !== 'off') {
      l.accepted.dropUpTo(now - this.windowMs);
      if (l.accepted.size >= this.limit.requests) {
        l.blocks++;
        l.rateLimited++;
        l.blockedUntil = now + this.blockSeconds * 1000;
        return { allowed: false, reason: 'breach', retryAfterSeconds: Math.max(1, Math.ceil(this.blockSeconds)) };
      }
      l.accepted.push(now);
    }
    return { allowed: true };
  }

  /** An injected 429 counts as one sent, without a block. */
  countForced429(user: string): void {
    this.ledger(user).rateLimited++;
  }

  stats(): Record<string, UserStats> {
    const out: Record<string, UserStats> = {};
    for (const [user, l] of this.users) {
      out[user] = { requests: l.requests, maxInWindow: l.maxInWindow, rateLimited: l.rateLimited, blocks: l.blocks, windowSeconds: this.statsWindowMs / 1000 };
    }
    return out;
  }

  /** Clears counts, logs and blocks; configured users stay listed with zeros. */
  reset(): void {
    this.users.clear();
    for (const user of this.knownUsers) this.ledger(user);
  }
}
