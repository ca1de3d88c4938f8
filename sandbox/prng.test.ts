import { describe, expect, it } from 'vitest';
import { Rng } from './prng';

describe('Rng', () => {
  it('repeats the same sequence for the same seed parts and differs for others', () => {
    const a = new Rng('seed', 'firm', 1);
    const b = new Rng('seed', 'firm', 1);
    const c = new Rng('seed', 'firm', 2);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  it('stays in range and covers it', () => {
    const r = new Rng('range');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const n = r.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('picks by weight roughly in proportion', () => {
    const r = new Rng('weights');
    let heavy = 0;
    for (let i = 0; i < 10_000; i++)
      if (
        r.weighted([
          ['a', 9],
          ['b', 1],
        ] as const) === 'a'
      )
        heavy++;
    expect(heavy / 10_000).toBeGreaterThan(0.87);
    expect(heavy / 10_000).toBeLessThan(0.93);
  });

  it('samples distinct items', () => {
    const r = new Rng('sample');
    const s = r.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(s).size).toBe(4);
    expect(r.sample([1, 2], 5)).toHaveLength(2);
  });
});
