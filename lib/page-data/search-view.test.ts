import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@/lib/register/model';
import { applySearchView, parseSearchView, searchViewParams, statusChoices, statusKey, UNAUTHORISED } from './search-view';

const row = (name: string, status?: string, unauthorised = false): SearchResult => ({
  name,
  status,
  unauthorised,
  linkable: !unauthorised,
  entity: 'firm',
  extra: {},
});

describe('parseSearchView', () => {
  it('defaults to the register’s order and every status', () => {
    expect(parseSearchView({})).toEqual({ ok: true, value: { sort: 'register', status: undefined } });
    expect(parseSearchView({ sort: '', status: '' })).toEqual({ ok: true, value: { sort: 'register', status: undefined } });
    expect(parseSearchView({ sort: 'name', status: 'no-longer-authorised' })).toEqual({ ok: true, value: { sort: 'name', status: 'no-longer-authorised' } });
  });

  it('refuses an impossible sort or status with the reason', () => {
    expect(parseSearchView({ sort: 'date' })).toMatchObject({ ok: false, field: 'sort', message: expect.stringContaining('no status date') });
    expect(parseSearchView({ status: 'Authorised!' })).toMatchObject({ ok: false, field: 'status' });
    expect(parseSearchView({ status: 'a'.repeat(61) })).toMatchObject({ ok: false, field: 'status' });
  });

  it('puts only what differs from the defaults in links', () => {
    expect(searchViewParams({ sort: 'register' })).toEqual({});
    expect(searchViewParams({ sort: 'status', status: 'authorised' })).toEqual({ sort: 'status', status: 'authorised' });
  });
});

describe('applySearchView', () => {
  const rows = [row('Zeta Ltd', 'Authorised'), row('alpha plc', 'No longer authorised'), row('Clone of Beta', undefined, true), row('Beta Ltd', 'Authorised')];

  it('keys statuses as slugs, unauthorised and clone entries together', () => {
    expect(rows.map(statusKey)).toEqual(['authorised', 'no-longer-authorised', UNAUTHORISED, 'authorised']);
    expect(statusChoices(rows)).toEqual([
      { key: 'authorised', label: 'Authorised', count: 2 },
      { key: 'no-longer-authorised', label: 'No longer authorised', count: 1 },
      { key: UNAUTHORISED, label: 'Unauthorised and clone firms', count: 1 },
    ]);
  });

  it('keeps the register’s order by default, sorts by name ignoring case, or by status then name', () => {
    expect(applySearchView(rows, { sort: 'register' }).map((r) => r.name)).toEqual(['Zeta Ltd', 'alpha plc', 'Clone of Beta', 'Beta Ltd']);
    expect(applySearchView(rows, { sort: 'name' }).map((r) => r.name)).toEqual(['alpha plc', 'Beta Ltd', 'Clone of Beta', 'Zeta Ltd']);
    expect(applySearchView(rows, { sort: 'status' }).map((r) => r.name)).toEqual(['Beta Ltd', 'Zeta Ltd', 'alpha plc', 'Clone of Beta']);
  });

  it('filters by status, never changing the rows it keeps', () => {
    expect(applySearchView(rows, { sort: 'name', status: 'authorised' }).map((r) => r.name)).toEqual(['Beta Ltd', 'Zeta Ltd']);
    expect(applySearchView(rows, { sort: 'register', status: UNAUTHORISED })).toEqual([rows[2]]);
    expect(applySearchView(rows, { sort: 'register', status: 'registered' })).toEqual([]);
    expect(rows.map((r) => r.name)).toEqual(['Zeta Ltd', 'alpha plc', 'Clone of Beta', 'Beta Ltd']);
  });
});
