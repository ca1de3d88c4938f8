import { describe, expect, it } from 'vitest';
import { findInList, findWords, listSize, rowMatches } from './list-find';

describe('findWords and rowMatches', () => {
  it('folds case and accents and drops punctuation around words', () => {
    expect(findWords('  Café, “Bank” Ltd. ')).toEqual(['cafe', 'bank', 'ltd']);
  });

  it('matches when every word is in the name or the reference number', () => {
    const words = findWords('acme 700123');
    expect(rowMatches(words, ['Acme Trading Ltd', '700123'])).toBe(true);
    expect(rowMatches(words, ['Acme Trading Ltd', '700124'])).toBe(false);
    expect(rowMatches(findWords('ÉCLAIR'), ['Eclair Finance', undefined])).toBe(true);
    expect(rowMatches([], ['anything'])).toBe(true);
  });
});

describe('findInList', () => {
  const ar = (name: string, frn: string) => ({ name, frn });
  it('keeps the matching rows of both buckets apart, and what lies beside them', () => {
    const data = { current: [ar('Acme One', '1'), ar('Other', '2')], previous: [ar('Acme Two', '3')], extra: { k: 'v' } };
    const found = findInList(data, 'acme', (r) => [r.name, r.frn]);
    expect(found).toEqual({ current: [ar('Acme One', '1')], previous: [ar('Acme Two', '3')], extra: { k: 'v' } });
    expect(listSize(found)).toBe(2);
    expect(listSize(findInList(data, '3', (r) => [r.name, r.frn]))).toBe(1);
  });

  it('filters a plain list', () => {
    const rows = [
      { name: 'Jane Smith', irn: 'JXS01234' },
      { name: 'John Smith', irn: 'JXS05678' },
    ];
    expect(findInList(rows, 'jxs05678', (r) => [r.name, r.irn])).toEqual([rows[1]]);
    expect(findInList(rows, 'nobody', (r) => [r.name, r.irn])).toEqual([]);
  });
});

describe("the principal workspace's find (?ar=), over an AR's name and FRN", () => {
  it('finds by any field, ignoring case and runs of spaces', () => {
    expect(rowMatches(findWords('acme  ltd'), ['ACME Ltd', '123456'])).toBe(true);
    expect(rowMatches(findWords('3456'), ['ACME Ltd', '123456'])).toBe(true);
    expect(rowMatches(findWords('zenith'), ['ACME Ltd', '123456'])).toBe(false);
    expect(rowMatches(findWords('  '), ['ACME Ltd'])).toBe(true);
  });
});
