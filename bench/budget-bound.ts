/**
 * The time a rolling-window rate limit alone forces on a batch of requests, which is the floor
 * every client of the register shares whatever its code does.
 *
 * With at most B requests in any rolling W seconds, request k (counting from 0) can reach the
 * register no earlier than floor(k / B) · W seconds after the first: requests 0..B−1 may all go at
 * once, request B must wait until request 0 has left the window, and so on. So N requests span at
 * least
 *
 *     bound(N, B, W) = floor((N − 1) / B) · W   seconds   (0 when N ≤ B)
 *
 * from the first send to the last. A real fetch also needs the last answer to come back (one
 * round trip, at least the sandbox's minimum latency) and any calls that depend on earlier
 * answers (page 1 before the rest, passports before each country); both are left out, so the
 * bound is a true lower bound and the ratio wall / bound is how far a client is from it.
 */

export interface Budget {
  requests: number;
  seconds: number;
}

export function budgetBoundSeconds(calls: number, budget: Budget): number {
  if (!Number.isInteger(calls) || calls < 0) throw new RangeError(`calls must be a whole number, got ${calls}`);
  if (!(budget.requests >= 1) || !(budget.seconds > 0)) throw new RangeError(`budget must allow at least 1 request in a positive window, got ${budget.requests}/${budget.seconds}`);
  if (calls <= 1) return 0;
  return Math.floor((calls - 1) / budget.requests) * budget.seconds;
}

/** wall / bound, or undefined when the limit forces no wait at all (bound 0), where a ratio means nothing. */
export function ratioToBound(wallSeconds: number, boundSeconds: number): number | undefined {
  return boundSeconds > 0 ? wallSeconds / boundSeconds : undefined;
}
