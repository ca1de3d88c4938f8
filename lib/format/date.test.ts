import { describe, expect, it } from 'vitest';
import { formatAge, formatDate, formatDateTime } from './date';

describe('formatDate', () => {
  it('shows a calendar date as people read it, whatever the time zone', () => {
    expect(formatDate('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDate('2001-12-01')).toBe('1 Dec 2001');
    expect(formatDate('2023-09-19')).toBe('19 Sep 2023');
  });
  it('gives the fallback for an absent value and the raw text for an unparseable one', () => {
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('', 'none')).toBe('none');
    expect(formatDate('sometime')).toBe('sometime');
  });
});

describe('formatDateTime', () => {
  it('shows UK local time with its zone', () => {
    expect(formatDateTime('2026-07-01T09:30:00Z')).toBe('1 Jul 2026, 10:30 BST');
    expect(formatDateTime('2026-11-22T09:30:00Z')).toBe('22 Nov 2026, 09:30 GMT');
    expect(formatDateTime(new Date('2026-09-03T23:05:00Z'))).toBe('4 Sep 2026, 00:05 BST');
  });
});

describe('formatAge', () => {
  it('rounds to the unit a reader cares about', () => {
    expect(formatAge(10)).toBe('just now');
    expect(formatAge(240)).toBe('4 min ago');
    expect(formatAge(3 * 3600)).toBe('3 h ago');
    expect(formatAge(5 * 86400)).toBe('5 days ago');
  });
});
