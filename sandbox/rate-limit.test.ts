import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('RateLimiter (exact sliding log)', () => {
  it('answers the 51st request in 10 s with a breach and blocks for the configured time', () => {
    const limiter = new RateLimiter({ requests: 50, seconds: 10 }, 60, ['u']);
    for (let i = 0; i < 50; i++) expect(limiter.admit('u', i * 10)).toEqual({ allowed: true });
    expect(limiter.admit('u', 600)).toEqual({ allowed: false, reason: 'breach', retryAfterSeconds: 60 });
    // Every request in the block is refused, whatever the window holds by then.
    expect(limiter.admit('u', 30_000)).toMatchObject({ allowed: false, reason: 'blocked', retryAfterSeconds: 31 });
    expect(limiter.admit('u', 60_599)).toMatchObject({ allowed: false, reason: 'blocked', retryAfterSeconds: 1 });
    expect(limiter.admit('u', 60_600)).toEqual({ allowed: true });
    expect(limiter.stats().u).toEqual({ requests: 54, maxInWindow: 51, rateLimited: 3, blocks: 1, windowSeconds: 10 });
  });

  it('uses a rolling window, not fixed buckets: a request exactly 10 s after the oldest fits', () => {
    const a = new RateLimiter({ requests: 3, seconds: 10 }, 60);
    a.admit('u', 0);
    a.admit('u', 4000);
    a.admit('u', 9000);
    expect(a.admit('u', 9999).allowed).toBe(false);
    const b = new RateLimiter({ requests: 3, seconds: 10 }, 60);
    b.admit('u', 0);
    b.admit('u', 4000);
    b.admit('u', 9000);
    expect(b.admit('u', 10_000).allowed).toBe(true);
    // Now 4000, 9000, 10000 are in the window: 13999 would be the 4th.
    expect(b.admit('u', 13_999).allowed).toBe(false);
  });

  it('reports the exact maximum in any rolling window, counting refused requests too', () => {
    const l = new RateLimiter('off', 60, ['u']);
    for (const t of [0, 5000, 9999, 10_000, 15_000, 15_001, 15_002, 24_999]) l.admit('u', t);
    // (5002, 15002] holds 9999, 10000, 15000, 15001, 15002; no window holds more.
    expect(l.stats().u.maxInWindow).toBe(5);
    expect(l.stats().u.rateLimited).toBe(0);
    const blocked = new RateLimiter({ requests: 2, seconds: 10 }, 60);
    for (let i = 0; i < 6; i++) blocked.admit('u', i);
    expect(blocked.stats().u).toMatchObject({ requests: 6, maxInWindow: 6, rateLimited: 4, blocks: 1 });
  });

  it('agrees with a brute-force count over random arrival times', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const times: number[] = [];
    let t = 0;
    for (let i = 0; i < 400; i++) times.push((t += Math.floor(random() * 900)));
    const l = new RateLimiter('off', 60);
    for (const x of times) l.admit('u', x);
    let brute = 0;
    for (const end of times) brute = Math.max(brute, times.filter((x) => x > end - 10_000 && x <= end).length);
    expect(l.stats().u.maxInWindow).toBe(brute);
  });

  it('keeps users apart, counts injected 429s and resets to zero for configured users', () => {
    const l = new RateLimiter({ requests: 1, seconds: 10 }, 60, ['a@x', 'b@x']);
    expect(l.admit('a@x', 0).allowed).toBe(true);
    expect(l.admit('a@x', 1).allowed).toBe(false);
    expect(l.admit('b@x', 2).allowed).toBe(true);
    l.countForced429('b@x');
    expect(l.stats()['b@x']).toMatchObject({ requests: 1, rateLimited: 1, blocks: 0 });
    l.reset();
    expect(l.stats()).toEqual({
      'a@x': { requests: 0, maxInWindow: 0, rateLimited: 0, blocks: 0, windowSeconds: 10 },
      'b@x': { requests: 0, maxInWindow: 0, rateLimited: 0, blocks: 0, windowSeconds: 10 },
    });
    expect(l.admit('a@x', 3).allowed).toBe(true);
  });

  it('with a block of 0 s refuses only the breaching request', () => {
    const l = new RateLimiter({ requests: 1, seconds: 10 }, 0);
    expect(l.admit('u', 0).allowed).toBe(true);
    expect(l.admit('u', 1).allowed).toBe(false);
    expect(l.admit('u', 10_001).allowed).toBe(true);
  });
});
