import { describe, expect, it } from 'vitest';
import { apiPathRedirect } from './api-path-redirect';

const moved = (path: string) => {
  const q = path.indexOf('?');
  return q < 0 ? apiPathRedirect(path, '') : apiPathRedirect(path.slice(0, q), path.slice(q));
};

describe('apiPathRedirect: API-shaped paths to portal routes', () => {
  it.each([
    ['/Firm/122702', '/firm/122702'],
    ['/Firm/122702/Address', '/firm/122702/address'],
    ['/Firm/122702/AR', '/firm/122702/appointed-representatives'],
    ['/Firm/122702/AR?pgnp=3', '/firm/122702/appointed-representatives?page=3'],
    ['/Firm/122702/CF', '/firm/122702/controlled-functions'],
    ['/Firm/122702/DisciplinaryHistory', '/firm/122702/disciplinary-history'],
    ['/Firm/122702/Exclusions', '/firm/122702/exclusions'],
    ['/Firm/122702/Individuals?pgnp=2', '/firm/122702/individuals?page=2'],
    ['/Firm/122702/Names', '/firm/122702/names'],
    ['/Firm/122702/Passports', '/firm/122702/passports'],
    ['/Firm/122702/Passports/GIBRALTAR/Permission', '/firm/122702/passports/gibraltar'],
    ['/Firm/122702/Passports/Isle%20of%20Man/Permission', '/firm/122702/passports/isle-of-man'],
    ['/Firm/122702/Passports/Guinea-Bissau/Permission', '/firm/122702/passports/guinea--bissau'],
    ['/Firm/122702/Permissions', '/firm/122702/permissions'],
    ['/Firm/122702/Regulators', '/firm/122702/regulators'],
    ['/Firm/122702/Requirements', '/firm/122702/requirements'],
    ['/Firm/122702/Requirements/or-0262545/InvestmentTypes', '/firm/122702/requirements/OR-0262545'],
    ['/Firm/122702/Waivers', '/firm/122702/waivers'],
    ['/Individuals/mxc29012', '/individual/MXC29012'],
    ['/Individuals/MXC29012/CF', '/individual/MXC29012/controlled-functions'],
    ['/Individuals/MXC29012/DisciplinaryHistory', '/individual/MXC29012/disciplinary-history'],
    ['/CIS/185045', '/fund/185045'],
    ['/CIS/185045/Names', '/fund/185045/names'],
    ['/CIS/185045/Subfund?pgnp=2', '/fund/185045/subfunds?page=2'],
    ['/Search?q=andrew bailey&type=individual&pgnp=2', '/search?q=andrew+bailey&type=individual&page=2'],
    ['/Search?q=acme', '/search?q=acme&type=firm'],
    ['/Search', '/search'],
    ['/CommonSearch?q=RM', '/markets'],
    ['/CommonSearch', '/markets'],
  ])('%s → %s', (from, to) => {
    expect(moved(from)).toBe(to);
  });

  it.each([
    ['/services/V0.1/Firm/122702/AR', '/firm/122702/appointed-representatives'],
    ['/services/V0.1/Individuals/MXC29012', '/individual/MXC29012'],
    ['/services/apexrest/V0.1/CIS/185045', '/fund/185045'],
    ['/services/V0.1/CIS/185045/Subfund?pgnp=1', '/fund/185045/subfunds'],
    ['/SERVICES/v0.1/firm/122702/cf', '/firm/122702/controlled-functions'],
  ])('the full service path %s → %s', (from, to) => {
    expect(moved(from)).toBe(to);
  });

  it('matches the fixed segments in any case, as the register does', () => {
    expect(moved('/FIRM/122702/ar')).toBe('/firm/122702/appointed-representatives');
    expect(moved('/firm/122702/DisciplinaryHistory')).toBe('/firm/122702/disciplinary-history');
    expect(moved('/cis/185045/subfund')).toBe('/fund/185045/subfunds');
  });

  it('keeps an impossible number so the portal page can say what is wrong with it', () => {
    expect(moved('/Firm/12ab')).toBe('/firm/12ab');
    expect(moved('/Individuals/not-an-irn/CF')).toBe('/individual/not-an-irn/controlled-functions');
  });

  it('leaves the portal’s own paths alone (no redirect loops)', () => {
    for (const path of [
      '/firm/122702',
      '/firm/122702/names',
      '/firm/122702/names?page=2',
      '/firm/122702/individuals?page=3',
      '/firm/122702/passports',
      '/firm/122702/passports/GIBRALTAR',
      '/firm/122702/requirements/OR-0262545',
      '/firm/122702/appointed-representatives?page=2',
      '/firm/122702/report',
      '/individual/MXC29012',
      '/individual/MXC29012/controlled-functions',
      '/fund/185045/subfunds?page=2',
      '/search',
      '/search?q=acme&type=fund&page=2',
      '/markets',
      '/',
      '/login?callbackUrl=%2FFirm%2F1',
      '/api/search/typeahead?q=acme',
    ]) {
      expect(moved(path), path).toBeUndefined();
    }
  });

  it('translates a register-style pgnp on a portal path, and the result is stable', () => {
    expect(moved('/firm/122702/names?pgnp=2')).toBe('/firm/122702/names?page=2');
    expect(moved('/firm/122702?pgnp=1')).toBe('/firm/122702');
    expect(moved('/firm/122702/names?page=2')).toBeUndefined();
  });

  it('does not touch unknown or unreadable API-looking paths', () => {
    expect(moved('/Firm')).toBeUndefined();
    expect(moved('/Firm/122702/Unknown')).toBeUndefined();
    expect(moved('/Firm/122702/Passports/GIBRALTAR')).toBeUndefined();
    expect(moved('/services/V0.1/Nothing/1')).toBeUndefined();
    expect(moved('/Firm/%E0%A4%A/AR')).toBeUndefined();
  });
});
