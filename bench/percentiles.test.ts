import { describe, expect, it } from 'vitest';
import { percentile, summarise } from './percentiles';

describe('percentile (nearest rank)', () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1);
  it('returns a value from the list', () => {
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2, 3], 50)).toBe(2);
  });
  it('is NaN for no values', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('summarise', () => {
  it('sorts before ranking', () => {
    const s = summarise([30, 10, 20, 40]);
    expect(s).toMatchObject({ n: 4, p50: 20, p95: 40, max: 40, mean: 25 });
  });
});
