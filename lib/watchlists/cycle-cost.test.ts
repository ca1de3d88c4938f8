import { describe, expect, it } from 'vitest';
import { backgroundRate } from '@/lib/watch/cycles';
import { cycleCost, formatDuration, requestsText } from './cycle-cost';

describe('cycle cost', () => {
  it('is the requests over the background share of the budget', () => {
    // The default budget: 45 requests per 10 s, 5 kept for people's pages → 4 a second in the background.
    const rate = backgroundRate({ limit: 45, windowMs: 10_000, interactiveReserve: 5 });
    expect(cycleCost(4, 134, rate)).toEqual({ entities: 4, requests: 134, unknownRecords: 0, rate: 4, seconds: 33.5 });
    expect(formatDuration(cycleCost(2000, 2000 * 8, rate).seconds)).toBe('1 h 6 min');
  });

  it('says "at least" and why when some records have never been checked and their lists are unknown', () => {
    expect(requestsText(127, 0, 2)).toBe('about 127 register requests');
    expect(requestsText(26, 2, 2)).toBe(
      'at least 26 register requests (the size of these records is unknown until the first check: a long list of permissions, people or representatives takes one request per page)',
    );
    expect(requestsText(40, 1, 3)).toMatch(/^at least 40 register requests \(the size of 1 of the records is unknown until the first check/);
  });

  it('words a duration', () => {
    expect(formatDuration(0.4)).toBe('under a second');
    expect(formatDuration(Number.NaN)).toBe('under a second');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(150)).toBe('2 min 30 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(3600)).toBe('1 h');
  });
});
