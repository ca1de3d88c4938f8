import { describe, expect, it } from 'vitest';
import { parseChangeFilters } from './change-filters';

describe('parseChangeFilters', () => {
  it('passes good filters on, trimmed, with the reference checked for its kind', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(parseChangeFilters({ state: 'new', severity: 'high', list: id, kind: 'fund', ref: ' 800800 ', q: '  sub-fund ' })).toEqual({
      filters: { state: 'new', severity: 'high', watchlistId: id, kind: 'fund', ref: '800800', text: 'sub-fund' },
      values: { state: 'new', severity: 'high', list: id, kind: 'fund', ref: '800800', q: 'sub-fund' },
      problems: [],
    });
    expect(parseChangeFilters({ ref: 'bks00001' }).filters).toEqual({ ref: 'BKS00001' });
    expect(parseChangeFilters({}).filters).toEqual({});
  });

  it('names each bad filter instead of querying with it', () => {
    const parsed = parseChangeFilters({ state: 'done', severity: 'urgent', list: "1' or 1=1", kind: 'bank', ref: '12345678' });
    expect(parsed.filters).toEqual({});
    expect(parsed.problems).toEqual([
      'State must be one of new, acknowledged, escalated, expected.',
      'Severity must be one of high, medium, low.',
      'That watchlist does not exist: choose one from the list.',
      'Kind must be firm, individual or fund.',
      '"12345678" is not an FRN, IRN or PRN.',
    ]);
    expect(parseChangeFilters({ ref: 'AB123' }).problems[0]).toMatch(/is not an individual reference number/);
  });
});
