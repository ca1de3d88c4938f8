import { describe, expect, it } from 'vitest';
import { counterDelta, hitRatio } from './portal-counters';

describe('counterDelta and hitRatio', () => {
  const before = { hits: 10, staleServed: 0, misses: 5, sharedInFlight: 1, sent: 5 };
  const after = { hits: 40, staleServed: 2, misses: 15, sharedInFlight: 3, sent: 16 };
  it('sums differences over instances', () => {
    expect(counterDelta([before, before], [after, after])).toEqual({ hits: 60, staleServed: 4, misses: 20, sharedInFlight: 4, sent: 22 });
  });
  it('says nothing when an instance could not answer', () => {
    expect(counterDelta([before, undefined], [after, after])).toBeUndefined();
  });
  it('counts fresh and stale hits over every read', () => {
    expect(hitRatio({ hits: 30, staleServed: 2, misses: 10, sharedInFlight: 2, sent: 11 })).toBeCloseTo(32 / 44, 10);
    expect(hitRatio({ hits: 0, staleServed: 0, misses: 0, sharedInFlight: 0, sent: 0 })).toBeNaN();
  });
});
