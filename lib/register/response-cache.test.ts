import { describe, expect, it } from 'vitest';
import type { CacheStore } from './cache-store';
import { MemoryCacheStore } from './memory-cache-store';
import { RegisterMetrics } from './metrics';
import { ResponseCache, type CachePolicy, type LoadOutcome, type Loader } from './response-cache';
import type { Priority } from './result';
import { ManualClock } from './test-support/manual-clock';

const POLICY: CachePolicy = { freshMs: 900_000, staleMs: 86_400_000, missMs: 120_000 };
const READ = { priority: 'interactive' as Priority, onBlock: 'fail' as const };

type Value = { n: number };
type Failure = { why: string };

/** A loader whose answers the test releases by hand, recording each start and raise. */
function scriptedLoader(clock: ManualClock) {
  const starts: Array<{ priority: Priority; raises: Priority[]; resolve: (o: LoadOutcome<Value, Failure>) => void }> = [];
  const load: Loader<Value, Failure> = (options) => {
    let resolve!: (o: LoadOutcome<Value, Failure>) => void;
    const outcome = new Promise<LoadOutcome<Value, Failure>>((r) => (resolve = r));
    const start = { priority: options.priority, raises: [] as Priority[], resolve };
    starts.push(start);
    return { outcome, raise: (p) => start.raises.push(p) };
  };
  const ok = (n: number): LoadOutcome<Value, Failure> => ({ cacheable: true, entry: { kind: 'ok', value: { n }, retrievedAt: clock.now() } });
  return { load, starts, ok };
}

function setup(store?: CacheStore) {
  const clock = new ManualClock();
  const metrics = new RegisterMetrics();
  const cache = new ResponseCache(store ?? new MemoryCacheStore(100, clock), clock, metrics);
  return { clock, metrics, cache, ...scriptedLoader(clock) };
}

describe('ResponseCache', () => {
  it('serves fresh entries without loading, then stale ones at once while one background refresh runs', async () => {
    const { clock, cache, load, starts, ok, metrics } = setup();
    const first = cache.read('k', POLICY, load, READ);
    await clock.settle();
    starts[0].resolve(ok(1));
    expect(await first).toMatchObject({ from: 'live', entry: { value: { n: 1 } } });

    await clock.advance(899_000);
    expect(await cache.read('k', POLICY, load, READ)).toMatchObject({ from: 'cache', stale: false });
    expect(starts).toHaveLength(1);

    await clock.advance(2_000);
    const stale = await cache.read('k', POLICY, load, READ);
    expect(stale).toMatchObject({ from: 'cache', stale: true, entry: { value: { n: 1 } } });
    expect(starts).toHaveLength(2);
    expect(starts[1].priority).toBe('background');
    // A second stale read does not start another refresh.
    await cache.read('k', POLICY, load, READ);
    expect(starts).toHaveLength(2);
    starts[1].resolve(ok(2));
    await clock.settle();
    expect(await cache.read('k', POLICY, load, READ)).toMatchObject({ from: 'cache', stale: false, entry: { value: { n: 2 } } });
    expect(metrics).toMatchObject({ cacheHits: 2, staleServed: 2, cacheMisses: 1 });
  });

  it('forgets a hit after the stale limit', async () => {
    const { clock, cache, load, starts, ok } = setup();
    const first = cache.read('k', POLICY, load, READ);
    await clock.settle();
    starts[0].resolve(ok(1));
    await first;
    await clock.advance(86_400_000);
    const again = cache.read('k', POLICY, load, READ);
    await clock.settle();
    expect(starts).toHaveLength(2);
    expect(starts[1].priority).toBe('interactive');
    starts[1].resolve(ok(3));
    expect(await again).toMatchObject({ from: 'live' });
  });

  it('lets 50 concurrent reads of one key share one load', async () => {
    const { clock, cache, load, starts, ok, metrics } = setup();
    const reads = Array.from({ length: 50 }, () => cache.read('firm', POLICY, load, READ));
    await clock.settle();
    expect(starts).toHaveLength(1);
    starts[0].resolve(ok(7));
    const results = await Promise.all(reads);
    expect(results.every((r) => r.from === 'live' && r.entry.value.n === 7)).toBe(true);
    expect(metrics.sharedInFlight).toBe(49);
  });

  it('raises a shared background load when an interactive reader joins it', async () => {
    const { clock, cache, load, starts, ok } = setup();
    const background = cache.read('k', POLICY, load, { priority: 'background', onBlock: 'wait' });
    await clock.settle();
    const interactive = cache.read('k', POLICY, load, READ);
    await clock.settle();
    expect(starts).toHaveLength(1);
    expect(starts[0].raises).toEqual(['interactive']);
    starts[0].resolve(ok(1));
    await Promise.all([background, interactive]);
  });

  it('refreshes on demand; concurrent refreshes share one load while plain readers keep the fresh copy', async () => {
    const { clock, cache, load, starts, ok } = setup();
    const first = cache.read('k', POLICY, load, READ);
    await clock.settle();
    starts[0].resolve(ok(1));
    await first;
    const forced = cache.read('k', POLICY, load, { ...READ, refresh: true });
    await clock.settle();
    const joined = cache.read('k', POLICY, load, { ...READ, refresh: true });
    expect(await cache.read('k', POLICY, load, READ)).toMatchObject({ from: 'cache', entry: { value: { n: 1 } } });
    await clock.settle();
    expect(starts).toHaveLength(2);
    starts[1].resolve(ok(2));
    expect(await forced).toMatchObject({ from: 'live', entry: { value: { n: 2 } } });
    expect(await joined).toMatchObject({ from: 'live', entry: { value: { n: 2 } } });
  });

  it('remembers a not-found briefly and never remembers a failure', async () => {
    const { clock, cache, load, starts } = setup();
    const miss = cache.read('k', POLICY, load, READ);
    await clock.settle();
    starts[0].resolve({ cacheable: true, entry: { kind: 'not-found', value: { n: 0 }, retrievedAt: clock.now() } });
    await miss;
    await clock.advance(119_000);
    expect(await cache.read('k', POLICY, load, READ)).toMatchObject({ from: 'cache', entry: { kind: 'not-found' } });
    await clock.advance(1_000);
    const after = cache.read('k', POLICY, load, READ);
    await clock.settle();
    expect(starts).toHaveLength(2);
    starts[1].resolve({ cacheable: false, failure: { why: '503' } });
    expect(await after).toEqual({ from: 'none', failure: { why: '503' } });
    const again = cache.read('k', POLICY, load, READ);
    await clock.settle();
    expect(starts).toHaveLength(3);
    starts[2].resolve({ cacheable: false, failure: { why: '429' } });
    expect(await again).toMatchObject({ from: 'none' });
  });

  it('serves stale data when the register fails (stale-if-error), with the failure attached', async () => {
    const { clock, cache, load, starts, ok } = setup();
    const first = cache.read('k', POLICY, load, READ);
    await clock.settle();
    starts[0].resolve(ok(1));
    await first;
    await clock.advance(3_600_000);
    const forced = cache.read('k', POLICY, load, { ...READ, refresh: true });
    await clock.settle();
    starts[1].resolve({ cacheable: false, failure: { why: 'rate limited' } });
    expect(await forced).toMatchObject({ from: 'cache', stale: true, entry: { value: { n: 1 } }, failure: { why: 'rate limited' } });
  });

  it('treats a store that cannot answer as a miss, and still returns the answer', async () => {
    const broken: CacheStore = {
      get: () => Promise.reject(new Error('store down')),
      set: () => Promise.reject(new Error('store down')),
      delete: () => Promise.reject(new Error('store down')),
      size: () => Promise.resolve(0),
    };
    const { clock, cache, load, starts, ok } = setup(broken);
    const read = cache.read('k', POLICY, load, READ);
    await clock.settle();
    starts[0].resolve(ok(5));
    expect(await read).toMatchObject({ from: 'live', entry: { value: { n: 5 } } });
  });
});
