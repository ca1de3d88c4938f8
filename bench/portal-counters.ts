/**
 * The register client's own cache counters, read from the portal's health route for signed-in
 * staff (GET /api/health/register → register.cache, see lib/register/metrics.ts). Counters are per
 * process and cumulative, so a scenario reads them before and after and keeps the difference.
 * Builds without the route answer 404, and the scenario then relies on page provenance alone.
 */

export interface CacheCounters {
  hits: number;
  staleServed: number;
  misses: number;
  sharedInFlight: number;
  /** Requests this instance sent to the register. */
  sent: number;
}

export const COUNTERS_PATH = '/api/health/register';

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export async function readCacheCounters(baseUrl: string, cookie: string): Promise<CacheCounters | undefined> {
  let body: unknown;
  try {
    const res = await fetch(`${baseUrl}${COUNTERS_PATH}`, { headers: { cookie }, redirect: 'manual' });
    if (res.status !== 200) return undefined;
    body = await res.json();
  } catch {
    return undefined;
  }
  const register = (body as { register?: { cache?: Record<string, unknown>; calls?: Record<string, unknown> } } | null)?.register;
  const c = register?.cache;
  const counters = {
    hits: num(c?.hits),
    staleServed: num(c?.staleServed),
    misses: num(c?.misses),
    sharedInFlight: num(c?.sharedInFlight),
    sent: num(register?.calls?.sent),
  };
  if (Object.values(counters).some((v) => v === undefined)) return undefined;
  return counters as CacheCounters;
}

/** after − before, summed over instances; undefined if any instance could not say. */
export function counterDelta(before: (CacheCounters | undefined)[], after: (CacheCounters | undefined)[]): CacheCounters | undefined {
  const total: CacheCounters = { hits: 0, staleServed: 0, misses: 0, sharedInFlight: 0, sent: 0 };
  for (let i = 0; i < after.length; i++) {
    const a = after[i];
    const b = before[i];
    if (!a || !b) return undefined;
    for (const k of Object.keys(total) as (keyof CacheCounters)[]) total[k] += a[k] - b[k];
  }
  return total;
}

/** Reads answered from the cache (fresh or stale) of all reads; reads that joined a request already in flight count as misses here and are reported apart. */
export function hitRatio(c: CacheCounters): number {
  const reads = c.hits + c.staleServed + c.misses + c.sharedInFlight;
  return reads === 0 ? Number.NaN : (c.hits + c.staleServed) / reads;
}

/**
 * Waits until the portal's register budget is idle (no slot held, nothing queued), so a measured
 * run does not inherit the previous one's slots: the pacer holds each slot one window after its
 * answer, which the sandbox's reset cannot clear. Without the counters route it waits
 * `fallbackMs` (one window and its margin) instead.
 */
export async function waitForIdleBudget(baseUrl: string, cookie: string, fallbackMs: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let body: unknown;
    try {
      const res = await fetch(`${baseUrl}${COUNTERS_PATH}`, { headers: { cookie }, redirect: 'manual' });
      body = res.status === 200 ? await res.json() : undefined;
    } catch {
      body = undefined;
    }
    const register = (body as { register?: { budget?: { inUse?: unknown }; queue?: { total?: unknown } } } | undefined)?.register;
    const inUse = num(register?.budget?.inUse);
    const queued = num(register?.queue?.total);
    if (inUse === undefined || queued === undefined) {
      await new Promise((r) => setTimeout(r, fallbackMs));
      return;
    }
    if (inUse === 0 && queued === 0) return;
    if (Date.now() > deadline) throw new Error(`The portal's register budget was still in use after ${timeoutMs / 1000} s (${inUse} slots held, ${queued} queued)`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
