import { describe, expect, it } from 'vitest';
import { benchDistDir, parseBenchArgs } from './bench-options';

describe('parseBenchArgs', () => {
  it('runs every scenario by default', () => {
    const o = parseBenchArgs([]);
    expect(o.quick).toBe(false);
    expect([...o.only]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
  it('reads --quick and --only', () => {
    const o = parseBenchArgs(['--quick', '--only=3,1']);
    expect(o.quick).toBe(true);
    expect([...o.only].sort()).toEqual([1, 3]);
  });
  it('names the bad flag', () => {
    expect(() => parseBenchArgs(['--only=11'])).toThrow(/"11" is not one/);
    expect(() => parseBenchArgs(['--only=a'])).toThrow(/"a" is not one/);
    expect(() => parseBenchArgs(['--only'])).toThrow(/equals sign/);
    expect(() => parseBenchArgs(['--fast'])).toThrow(/Unknown option "--fast"/);
  });
});

describe('benchDistDir', () => {
  it('defaults to .next-bench and refuses .next', () => {
    expect(benchDistDir({})).toBe('.next-bench');
    expect(benchDistDir({ NEXT_DIST_DIR: '.next-mine' })).toBe('.next-mine');
    expect(() => benchDistDir({ NEXT_DIST_DIR: '.next' })).toThrow(/must not be \.next/);
    expect(() => benchDistDir({ NEXT_DIST_DIR: './.next/' })).toThrow(/must not be \.next/);
    expect(() => benchDistDir({ NEXT_DIST_DIR: '../elsewhere' })).toThrow(/folder name/);
  });
});
