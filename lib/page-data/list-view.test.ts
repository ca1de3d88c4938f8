import { describe, expect, it } from 'vitest';
import { listViewKey, parseListView, viewPage } from './list-view';

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

  it('reads "page=last" as the last page, whatever its case', () => {
    expect(parseListView({ page: 'last' })).toEqual({ mode: 'last' });
    expect(parseListView({ page: ' Last ' })).toEqual({ mode: 'last' });
    expect(parseListView({ page: 'lastly' })).toMatchObject({ mode: 'bad', field: 'page' });
  });

  it('reads "find" as a search of the whole list, before all and page; an empty find is no search', () => {
    expect(parseListView({ find: '  acme   trading ', page: '3', all: '1' })).toEqual({ mode: 'find', text: 'acme trading' });
    expect(parseListView({ find: '   ', page: '3' })).toEqual({ mode: 'page', page: 3 });
    expect(parseListView({ find: '', page: 'last' })).toEqual({ mode: 'last' });
  });

  it('refuses a find text longer than 100 characters, with the reason', () => {
    expect(parseListView({ find: 'a'.repeat(101) })).toEqual({ mode: 'bad', field: 'find', message: 'The text to find must be at most 100 characters.' });
    expect(parseListView({ find: 'a'.repeat(100) })).toEqual({ mode: 'find', text: 'a'.repeat(100) });
  });

  it('keys each view differently', () => {
    const views = [
      listViewKey({ mode: 'page', page: 1 }),
      listViewKey({ mode: 'page', page: 2 }),
      listViewKey({ mode: 'all' }),
      listViewKey({ mode: 'last' }),
      listViewKey({ mode: 'find', text: 'a' }),
      listViewKey({ mode: 'find', text: 'b' }),
    ];
    expect(new Set(views).size).toBe(6);
  });

  it('starts a view’s register reads from its page, or the first', () => {
    expect(viewPage({ mode: 'page', page: 4 })).toBe(4);
    expect(viewPage({ mode: 'last' })).toBe(1);
    expect(viewPage({ mode: 'find', text: 'x' })).toBe(1);
  });
});
