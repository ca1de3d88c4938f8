import { describe, expect, it } from 'vitest';
import { parseApiPath } from './api-path';
import { checkCountry, checkFrn, checkIrn, checkPage, checkPrn, checkRequirementRef, checkSearchText, classifyReference } from './validate';

describe('input checks', () => {
  it('accepts the register number formats and canonicalises them', () => {
    expect(checkFrn(' 122702 ')).toEqual({ ok: true, value: '122702' });
    expect(checkIrn('mxc29012')).toEqual({ ok: true, value: 'MXC29012' });
    expect(checkPrn('1006826')).toEqual({ ok: true, value: '1006826' });
    expect(checkCountry('isle  of man')).toEqual({ ok: true, value: 'ISLE OF MAN' });
    expect(checkCountry("Côte d'Ivoire")).toEqual({ ok: true, value: "CÔTE D'IVOIRE" });
    expect(checkRequirementRef('or-0262545')).toEqual({ ok: true, value: 'OR-0262545' });
    expect(checkSearchText("  O'Connor   & Sons ")).toEqual({ ok: true, value: "O'Connor & Sons" });
    expect(checkPage('3')).toEqual({ ok: true, value: 3 });
  });

  it('rejects impossible values with messages that say what is expected', () => {
    expect(checkFrn('12345678')).toMatchObject({ ok: false, field: 'frn', message: '"12345678" is not a firm reference number: an FRN is 1 to 7 digits, e.g. 122702.' });
    expect(checkIrn('12345678')).toMatchObject({ ok: false, message: expect.stringMatching(/3 letters and 5 digits/) });
    expect(checkPrn('')).toMatchObject({ ok: false, message: expect.stringMatching(/^Enter a product reference number/) });
    expect(checkCountry('GIBRALTAR/../x')).toMatchObject({ ok: false, field: 'country' });
    expect(checkRequirementRef('OR 0262545')).toMatchObject({ ok: false, field: 'requirementRef' });
    expect(checkSearchText('x'.repeat(101))).toMatchObject({ ok: false, message: 'Search text is at most 100 characters.' });
    expect(checkSearchText("bob' OR 1=1")).toMatchObject({ ok: false, message: expect.stringMatching(/cannot contain "="/) });
    expect(checkSearchText('...')).toMatchObject({ ok: false, message: 'Search text needs at least one letter or digit.' });
    expect(checkPage(0)).toMatchObject({ ok: false, field: 'page' });
    expect(checkPage(1.5)).toMatchObject({ ok: false, field: 'page' });
  });

  it('tells which page a bare reference number points at', () => {
    expect(classifyReference('122702')).toEqual({ type: 'firm', value: '122702' });
    expect(classifyReference('185045', 'fund')).toEqual({ type: 'fund', value: '185045' });
    expect(classifyReference('mxc29012', 'firm')).toEqual({ type: 'individual', value: 'MXC29012' });
    expect(classifyReference('barclays')).toBeUndefined();
  });
});

describe('parseApiPath', () => {
  it('reads register URLs and API-shaped paths back into endpoint, arguments and page', () => {
    expect(parseApiPath('https://register.fca.org.uk/services/V0.1/Firm/454811/AR?pgnp=83')).toEqual({ endpoint: 'firmAppointedRepresentatives', args: ['454811'], page: 83 });
    expect(parseApiPath('/Firm/113849/Passports/GIBRALTAR/Permission')).toEqual({ endpoint: 'firmPassportPermissions', args: ['113849', 'GIBRALTAR'], page: 1 });
    expect(parseApiPath('/firm/122702/requirements/OR-0262545/investmenttypes')).toEqual({ endpoint: 'firmRequirementInvestmentTypes', args: ['122702', 'OR-0262545'], page: 1 });
    expect(parseApiPath('https://register.fca.org.uk/services/apexrest/V0.1/CIS/185045')).toEqual({ endpoint: 'fund', args: ['185045'], page: 1 });
    expect(parseApiPath('/CIS/185045/Subfund?pgnp=0')).toEqual({ endpoint: 'fundSubfunds', args: ['185045'], page: 1 });
    expect(parseApiPath('https://register.fca.org.uk/services/V0.1/Search?q=andrew bailey&type=individual&pgnp=2')).toEqual({
      endpoint: 'search',
      args: ['andrew bailey', 'individual'],
      page: 2,
    });
    expect(parseApiPath('/Individuals/MXC29012/CF')).toEqual({ endpoint: 'individualControlledFunctions', args: ['MXC29012'], page: 1 });
    expect(parseApiPath('/CommonSearch?q=RM')).toEqual({ endpoint: 'regulatedMarkets', args: [], page: 1 });
    expect(parseApiPath('/Firm/1/Unknown')).toBeUndefined();
    expect(parseApiPath('/Login')).toBeUndefined();
  });
});
