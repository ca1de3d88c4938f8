import { describe, expect, it } from 'vitest';
import { Rng } from '@/sandbox/prng';
import { readPage, ZipfPicker } from './team-browsing';

describe('ZipfPicker', () => {
  it('favours the first ranks as 1/r does', () => {
    const zipf = new ZipfPicker(100, 1);
    const rng = new Rng('zipf-test');
    const counts = new Array(100).fill(0);
    for (let i = 0; i < 20_000; i++) counts[zipf.pick(rng)] += 1;
    // Rank 1 is drawn about twice as often as rank 2 and ten times as often as rank 10.
    expect(counts[0] / counts[1]).toBeGreaterThan(1.7);
    expect(counts[0] / counts[1]).toBeLessThan(2.3);
    expect(counts[0] / counts[9]).toBeGreaterThan(7);
    expect(counts.every((c) => c >= 0)).toBe(true);
    expect(zipf.share(100)).toBeCloseTo(1, 10);
    expect(zipf.share(1)).toBeCloseTo(1 / 5.187, 2);
  });
  it('refuses an empty list', () => {
    expect(() => new ZipfPicker(0, 1)).toThrow(/at least one/);
  });
});

describe('readPage', () => {
  it('counts cached and live provenance lines, busy notices and missing counts', () => {
    const html = [
      '<p class="x" data-testid="provenance"><span>Source: <strong>Sandbox register</strong></span><span>from the portal&#x27;s cache (<!-- -->2 min<!-- -->)</span></p>',
      '<p class="x" data-testid="provenance"><span>Source: <strong>Sandbox register</strong></span><span>live</span></p>',
      '<p class="x" data-testid="provenance"><span>live</span><strong class="ml-1">— may be out of date</strong></p>',
      '<p class="font-semibold">The register is busy, so permissions cannot be fetched right now.</p>',
      '<span class="text-xs" data-testid="count-waivers">(count not available just now)</span>',
      '<script>self.__next_f.push([1,"data-testid=\\"provenance\\" live"])</script>',
    ].join('');
    expect(readPage(html)).toEqual({ cached: 1, live: 2, busy: true, counts: 1, countsUnavailable: 1 });
  });
});
