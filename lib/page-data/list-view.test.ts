import { describe, expect, it } from 'vitest';
import { listViewKey, parseListView } from './list-view';

describe('parseListView', () => {
  it('reads the page, defaulting to 1, and "all=1" as show all', () => {
    expect(parseListView({})).toEqual({ mode: 'page', page: 1 });
    expect(parseListView({ page: '7' })).toEqual({ mode: 'page', page: 7 });
    expect(parseListView({ page: ['3', '9'] })).toEqual({ mode: 'page', page: 3 });
    expect(parseListView({ all: '1', page: '4' })).toEqual({ mode: 'all' });
    expect(parseListView({ all: 'yes' })).toEqual({ mode: 'page', page: 1 });
  });

  it('turns an impossible page into a bad view with the client’s message', () => {
    for (const page of ['0', 'x', '-1', '10001', '1.5', '']) {
      expect(parseListView({ page })).toEqual({ mode: 'bad', field: 'page', message: 'Page must be a whole number from 1 to 10000.' });
    }
  });

  it('keys each view differently', () => {
    expect(new Set([listViewKey({ mode: 'page', page: 1 }), listViewKey({ mode: 'page', page: 2 }), listViewKey({ mode: 'all' })]).size).toBe(3);
  });
});
