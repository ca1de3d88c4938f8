import { systemClock, type Clock } from '@/lib/register/clock';
import { MemoryRateStore } from '@/lib/register/memory-rate-store';

/**
 * Each token's own ceiling (requests per window), a sliding log per token. It is enforced before
 * a request may queue for the register at all, so one program cannot crowd the queue; the
 * register's budget itself is the pacer's business (programs queue below people's pages there).
 * Per instance: with several instances behind a load balancer a program can reach its ceiling
 * on each (docs/machine-access.md); the register budget stays shared either way.
 */
export class TokenCeilings {
  private readonly store: MemoryRateStore;

  constructor(clock: Clock = systemClock) {
    this.store = new MemoryRateStore(clock);
  }

  /**
   * Takes `cost` slots for the token (a reconciliation batch costs one per query), all or none,
   * or says how long until enough free.
   */
  async take(tokenId: string, ceiling: { requests: number; seconds: number }, cost = 1): Promise<{ granted: true } | { granted: false; retryAfterSeconds: number }> {
    const windowMs = ceiling.seconds * 1000;
    if (cost > ceiling.requests) return { granted: false, retryAfterSeconds: ceiling.seconds };
    const state = await this.store.state(tokenId, windowMs);
    if (state.inWindow + cost > ceiling.requests) {
      // The slot that must leave the window before `cost` fit.
      const waitMs = state.expiresInMs[state.inWindow + cost - ceiling.requests - 1] ?? windowMs;
      return { granted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    for (let i = 0; i < cost; i += 1) {
      const outcome = await this.store.acquire(tokenId, ceiling.requests, windowMs);
      if (!outcome.granted) return { granted: false, retryAfterSeconds: Math.max(1, Math.ceil(outcome.waitMs / 1000)) };
      // Counted from arrival: there is no answer to wait for before the stamp is final.
      await this.store.settle(tokenId, outcome.token!);
    }
    return { granted: true };
  }
}
