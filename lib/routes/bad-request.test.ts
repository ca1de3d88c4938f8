import { describe, expect, it } from 'vitest';
import { portalBadRequest } from './bad-request';

const check = (path: string) => {
  const url = new URL(path, 'http://portal.test');
  return portalBadRequest(url.pathname, url.searchParams);
};

describe('portalBadRequest', () => {
  it('passes well-formed requests', () => {
    for (const path of [
      '/individual/PXR00042',
      '/individual/pxr00042/controlled-functions',
      '/individual/PXR00042/disciplinary-history?page=2',
      '/fund/800800',
      '/fund/800800/subfunds?page=3',
      '/fund/800800/names',
      '/markets',
      // Show all: every page, so a page number beside it means nothing (as on the firm lists).
      '/fund/800800/subfunds?all=1',
      '/individual/PXR00042/disciplinary-history?all=1&page=abc',
      '/markets?all=1',
      '/search?q=revolution&type=firm&all=1',
      '/search',
      '/search?type=fund',
      '/search?q=revolution&type=firm&page=2',
      '/search?q=revolution&type=firm&page=last&sort=name&status=no-longer-authorised',
      '/search?q=revolution&sort=&status=',
      '/fund/800800/subfunds?page=last',
      '/search?q=122702',
      '/search?q=https://register.fca.org.uk/services/V0.1/Firm/122702?pgnp=2',
      '/firm/200200/permissions?page=2',
      '/login',
    ]) {
      expect(check(path), path).toBeUndefined();
    }
  });

  it('rejects impossible IRNs and PRNs with the client’s own message', () => {
    expect(check('/individual/ABC')).toEqual({
      field: 'irn',
      message: '"ABC" is not an individual reference number: an IRN is 3 letters and 5 digits, e.g. MXC29012.',
    });
    expect(check('/individual/12345678/controlled-functions')?.field).toBe('irn');
    expect(check('/fund/ABC123')?.field).toBe('prn');
    expect(check('/fund/12345678/subfunds')?.field).toBe('prn');
    expect(check('/fund/%E0%A4%A')).toEqual({ field: 'prn', message: 'The PRN in the address is not readable.' });
  });

  it('leaves firm paths to the firm pages’ own checks', () => {
    expect(check('/firm/not-an-frn')?.field).toBe('frn');
    expect(check('/firm/200200/passports/123')?.field).toBe('country');
    expect(check('/firm/200200/waivers?page=0')?.field).toBe('page');
  });

  it('rejects bad pages on paged routes', () => {
    expect(check('/fund/800800/subfunds?page=0')?.field).toBe('page');
    expect(check('/individual/PXR00042/disciplinary-history?page=x')?.field).toBe('page');
    expect(check('/markets?page=-1')?.field).toBe('page');
  });

  it('rejects malformed searches: empty, too long, disallowed characters, unknown type', () => {
    expect(check('/search?q=')?.field).toBe('q');
    expect(check('/search?q=%20%20')?.field).toBe('q');
    expect(check(`/search?q=${'a'.repeat(101)}`)).toEqual({ field: 'q', message: 'Search text is at most 100 characters.' });
    expect(check('/search?q=bank*')?.message).toContain('cannot contain "*"');
    expect(check('/search?q=acme&type=company')?.field).toBe('type');
    expect(check('/search?q=acme&page=abc')?.field).toBe('page');
  });

  it('rejects an impossible sort, status filter or find text with the reason', () => {
    expect(check('/search?q=acme&sort=date')).toMatchObject({ field: 'sort', message: expect.stringContaining('no status date') });
    expect(check('/search?q=acme&status=Not%20a%20key')?.field).toBe('status');
    expect(check(`/markets?find=${'x'.repeat(101)}`)).toEqual({ field: 'find', message: 'The text to find must be at most 100 characters.' });
    expect(check(`/firm/700100/appointed-representatives?find=${'x'.repeat(101)}`)?.field).toBe('find');
  });
});
