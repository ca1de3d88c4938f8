import { describe, expect, it } from 'vitest';
import { lastTarget, openPageWindow, pageWindow } from './pager';

describe('pageWindow', () => {
  it('keeps first, last and the neighbours of the current page, with gaps between', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 83)).toEqual([1, 'gap', 9, 10, 11, 'gap', 83]);
    expect(pageWindow(83, 83)).toEqual([1, 'gap', 82, 83]);
  });
});

describe('openPageWindow', () => {
  it('shows the first page, the neighbours and the next page when the last page is not known', () => {
    expect(openPageWindow(1, true)).toEqual([1, 2]);
    expect(openPageWindow(5, true)).toEqual([1, 'gap', 4, 5, 6]);
    expect(openPageWindow(5, false)).toEqual([1, 'gap', 4, 5]);
    expect(openPageWindow(1, false)).toEqual([1]);
  });
});

describe('lastTarget', () => {
  it('goes to the last page by number when the count is known, and nowhere from the last page itself', () => {
    expect(lastTarget(1, 71, true)).toBe(71);
    expect(lastTarget(70, 71, true)).toBe(71);
    expect(lastTarget(71, 71, false)).toBeUndefined();
  });

  it('asks the list to find its last page when the register has not said how many there are', () => {
    expect(lastTarget(1, undefined, true)).toBe('last');
    expect(lastTarget(83, undefined, false)).toBeUndefined();
  });
});
