import { describe, expect, it } from 'vitest';
import { checkFirmParams } from '@/lib/page-data/entity-params';
import { firmBadRequest } from './bad-request';

const bad = (path: string) => {
  const url = new URL(path, 'http://portal.test');
  return firmBadRequest(url.pathname, url.searchParams);
};

describe('checkFirmParams', () => {
  it('accepts and canonicalises well-formed parameters', () => {
    expect(checkFirmParams({ frn: '200200' })).toEqual({ ok: true, frn: '200200' });
    expect(checkFirmParams({ frn: '200200', country: 'czech-republic' })).toEqual({ ok: true, frn: '200200', country: 'CZECH REPUBLIC' });
    expect(checkFirmParams({ frn: '200200', country: 'guinea--bissau' })).toMatchObject({ country: 'GUINEA-BISSAU' });
    // A hand-typed name with spaces is taken as the name itself, not as a slug.
    expect(checkFirmParams({ frn: '200200', country: 'Isle of Man' })).toMatchObject({ country: 'ISLE OF MAN' });
    expect(checkFirmParams({ frn: '200200', country: 'cura%C3%A7ao' })).toMatchObject({ country: 'CURAÇAO' });
    expect(checkFirmParams({ frn: '200200', ref: 'or-0200201' })).toEqual({ ok: true, frn: '200200', ref: 'OR-0200201' });
  });

  it('rejects impossible values with the register client’s own messages', () => {
    expect(checkFirmParams({ frn: 'abc' })).toEqual({
      ok: false,
      field: 'frn',
      message: '"abc" is not a firm reference number: an FRN is 1 to 7 digits, e.g. 122702.',
    });
    expect(checkFirmParams({ frn: '12345678' })).toMatchObject({ ok: false, field: 'frn' });
    expect(checkFirmParams({ frn: '200200', country: 'narnia%3Cscript%3E' })).toMatchObject({ ok: false, field: 'country' });
    expect(checkFirmParams({ frn: '200200', country: '1234' })).toMatchObject({ ok: false, field: 'country' });
    expect(checkFirmParams({ frn: '200200', ref: 'OR 123' })).toMatchObject({ ok: false, field: 'requirementRef' });
    expect(checkFirmParams({ frn: '%E0%A4%A' })).toEqual({ ok: false, field: 'frn', message: 'The FRN in the address is not readable.' });
  });

  it('checks the FRN before the detail', () => {
    expect(checkFirmParams({ frn: 'x', ref: 'bad' })).toMatchObject({ field: 'frn' });
  });
});

describe('firmBadRequest', () => {
  it('passes requests that can succeed, and leaves non-firm paths and unknown sections to the router', () => {
    for (const path of [
      '/firm/200200',
      '/firm/200200/',
      '/firm/200200/permissions?page=2',
      '/firm/700100/appointed-representatives?all=1',
      '/firm/200200/passports/gibraltar',
      '/firm/200200/passports/czech-republic',
      '/firm/200200/requirements/OR-0200201',
      '/firm/200200/address?page=abc', // not paged: the parameter means nothing there
      '/firm/200200?page=abc',
      '/firm/200200/report',
      '/firm/200200/no-such-section',
      '/firm/200200/waivers/extra',
      '/individual/ABC',
      '/search?q=x',
    ]) {
      expect(bad(path), path).toBeUndefined();
    }
  });

  it('reports impossible FRNs, countries, requirement references and pages', () => {
    expect(bad('/firm/abc')?.field).toBe('frn');
    expect(bad('/firm/12345678/permissions')?.field).toBe('frn');
    expect(bad('/firm/abc/report')?.field).toBe('frn');
    expect(bad('/firm/200200/passports/12')?.field).toBe('country');
    expect(bad('/firm/200200/requirements/not-a-ref')?.field).toBe('requirementRef');
    expect(bad('/firm/200200/individuals?page=0')).toEqual({ field: 'page', message: 'Page must be a whole number from 1 to 10000.' });
  });
});
