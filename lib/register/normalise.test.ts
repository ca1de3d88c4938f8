import { describe, expect, it } from 'vitest';
import { normaliseEnvelope, type DataOf } from './normalise';
import { flag, isoDate, MalformedBody, refFromUrl, text } from './normalise-values';
import { splitListedName } from './normalise-search';
import type { EndpointName } from './register-client-types';
import { missingLeaves } from './test-support/leaf-check';
import { loadFixtures } from './test-support/exchanges';
import { classifyResponse } from './transport';
import type { WireEnvelope } from './wire-types';

const fixtures = new Map(loadFixtures().map((f) => [f.name.replace(/\.json$/, ''), f]));

function load<K extends EndpointName>(name: string, endpoint: K) {
  const ex = fixtures.get(name);
  if (!ex) throw new Error(`no fixture ${name}`);
  expect(ex.endpoint).toBe(endpoint);
  const answer = classifyResponse(ex.httpStatus, ex.text, null, ex.path, Date.now());
  if (answer.kind !== 'ok') throw new Error(`${name} is ${answer.kind}`);
  const [id] = ex.args;
  return normaliseEnvelope(endpoint, answer.envelope, { path: ex.path, frn: id, irn: id, prn: id, searchType: ex.args[1] as 'firm' }, ex.page) as {
    data: DataOf<K>;
    page: ReturnType<typeof normaliseEnvelope>['page'];
  };
}

describe('value normalisation', () => {
  it('treats "", "None", "null" and null as absent and trims NBSP', () => {
    expect(text('')).toBeUndefined();
    expect(text('None')).toBeUndefined();
    expect(text('null')).toBeUndefined();
    expect(text(null)).toBeUndefined();
    expect(text(' Fines\u00a0 ')).toBe('Fines');
  });

  it('reads register dates as ISO, timestamps with the UK offset', () => {
    expect(isoDate('01/12/2001').value).toBe('2001-12-01');
    expect(isoDate('27/02/2026 11:25').value).toBe('2026-02-27T11:25:00+00:00');
    expect(isoDate('14/06/2023 22:24').value).toBe('2023-06-14T22:24:00+01:00');
    expect(isoDate('Wed Sep 01 00:00:00 GMT 2004').value).toBe('2004-09-01');
    expect(isoDate('2018-10-24 09:49:29').value).toBe('2018-10-24T09:49:29+01:00');
    expect(isoDate('31/02/2020')).toEqual({ unreadable: true });
    expect(isoDate('soon')).toEqual({ unreadable: true });
    expect(isoDate('')).toEqual({ unreadable: false });
  });

  it('reads string flags', () => {
    expect(flag('TRUE').value).toBe(true);
    expect(flag('false').value).toBe(false);
    expect(flag('maybe').unreadable).toBe(true);
  });

  it('parses reference numbers out of register URLs, apexrest included', () => {
    expect(refFromUrl('https://register.fca.org.uk/services/V0.1/Individuals/sjh01327', 'individual')).toBe('SJH01327');
    expect(refFromUrl('https://register.fca.org.uk/services/V0.1/Firm/407489', 'firm')).toBe('407489');
    expect(refFromUrl('https://register.fca.org.uk/services/V0.1/Firm/', 'firm')).toBeUndefined();
    expect(refFromUrl('https://register.fca.org.uk/services/apexrest/V0.1/CIS/185045', 'fund')).toBe('185045');
    expect(refFromUrl('https://intact.my.salesforce.com/services/V0.1/Firm/113849/Names', 'firm')).toBe('113849');
  });

  it('splits search names into name and postcode or region', () => {
    expect(splitListedName('RIFCI.COM LIMITED (Postcode: NG2 4LA)')).toEqual({ name: 'RIFCI.COM LIMITED', postcode: 'NG2 4LA' });
    expect(splitListedName('Bank AG (Region: D-10785)')).toEqual({ name: 'Bank AG', region: 'D-10785' });
    expect(splitListedName('Payments Ltd (Postcode: n/a)')).toEqual({ name: 'Payments Ltd', postcode: undefined });
    expect(splitListedName('Citibank Europe plc, Luxembourg Branch')).toEqual({ name: 'Citibank Europe plc, Luxembourg Branch' });
    expect(splitListedName('Revolution FSL (clone of FCA authorised firm) (Postcode: EC3R 6HA)')).toEqual({
      name: 'Revolution FSL (clone of FCA authorised firm)',
      postcode: 'EC3R 6HA',
    });
  });
});

describe('endpoint normalisers', () => {
  it('firm: every key-fact field, ISO dates, Exceptional Info in the list form', () => {
    const { data } = load('firm-found-pretty', 'firm');
    expect(data).toMatchObject({
      frn: '100001',
      name: 'Harbourline Insurance Company Limited',
      status: 'Authorised',
      statusEffectiveDate: '2001-12-01',
      businessType: 'Regulated',
      subStatus: 'Restricted permission',
      subStatusEffectiveFrom: '2024-03-02',
      companiesHouseNumber: '01234567',
      clientMoneyPermission: 'Hold and control client money',
      psdEmdStatus: 'Authorised Payment Institution',
      psdEmdEffectiveDate: '2018-01-13',
      systemTimestamp: '2026-07-14T09:05:00+01:00',
      extra: {},
    });
    expect(data.mlrsStatus).toBeUndefined();
    expect(data.exceptionalInfo).toHaveLength(2);
    expect(data.exceptionalInfo[0].title).toBe('Warning: firm in special administration');
    expect(data.exceptionalInfo[0].body).toMatch(/administrators before dealing with it\.$/);
    expect(data.links.appointedRepresentatives).toMatch(/\/Firm\/100001\/AR$/);
  });

  it('firm: the 2023 flat Exceptional Info form becomes the same list', () => {
    const { data } = load('firm-2023-flat', 'firm');
    expect(data.exceptionalInfo).toEqual([{ title: 'Clone firm warning', body: "Fraudsters have used this firm's details.", extra: {} }]);
    expect(data.businessType).toBe('Appointed Representative');
    expect(data.extra).toEqual({});
  });

  it('firm: fields it does not know reach the page through extra', () => {
    const { data } = load('firm-new-fields', 'firm');
    expect(data.extra).toEqual({
      'Consumer Duty Champion': 'Jane Example',
      'Trading Names Count': '3',
      'New Nested Block': { Kind: 'Future', Since: '01/01/2027' },
    });
  });

  it('addresses: lines in order (typo key included), kinds, linkable website', () => {
    const { data } = load('firm-address', 'firmAddresses');
    expect(data[0]).toMatchObject({
      kind: 'principal-place-of-business',
      lines: ['1 Example Street', 'Harbour House', 'Floor 3'],
      website: 'www.harbourline.example',
      websiteUrl: 'https://www.harbourline.example',
      postcode: 'EC2N 9ZZ',
    });
    expect(data[1]).toMatchObject({ kind: 'complaints-contact', contactName: 'Morgan Example', website: undefined, county: 'Greater London' });
  });

  it('appointed representatives: two buckets, flags as booleans, termination dates on previous rows', () => {
    const { data, page } = load('firm-ar-page1', 'firmAppointedRepresentatives');
    expect(data.current).toHaveLength(10);
    expect(data.previous).toHaveLength(10);
    expect(data.current[0]).toMatchObject({
      frn: '300000',
      tiedAgent: true,
      eeaTiedAgent: false,
      insuranceDistribution: true,
      effectiveDate: '2021-11-01',
      principalFrn: '100010',
    });
    expect(data.previous[1]).toMatchObject({ recordSubType: 'Introducer', terminationDate: '2022-05-17' });
    expect(page).toMatchObject({ page: 1, totalCount: 45, hasNext: true });
  });

  it('appointed representatives: a firm with none is ok and empty', () => {
    const { data, page } = load('firm-ar-empty', 'firmAppointedRepresentatives');
    expect(data).toEqual({ current: [], previous: [], extra: {} });
    expect(page).toMatchObject({ pageCount: 1, hasNext: false });
  });

  it('controlled functions: (N) keys become order and name, IRN parsed from the URL', () => {
    const { data } = load('firm-cf', 'firmControlledFunctions');
    expect(data.current.map((r) => [r.order, r.name, r.irn])).toEqual([
      [12, 'SMF1 Chief Executive', 'AXE01234'],
      [11, 'SMF16 Compliance Oversight', 'JXS00042'],
      [10, 'Responsible for Insurance Distribution', 'AXE01234'],
    ]);
    expect(data.current[1]).toMatchObject({ restriction: 'Limited to advising', restrictionStartDate: '2026-01-01', restrictionEndDate: '2026-12-31' });
    expect(data.previous[0]).toMatchObject({ order: 9, endDate: '2014-01-22', individualName: 'Robin Former' });
  });

  it('individual controlled functions: not paged, FRN from URL, engagement methods split', () => {
    const { data, page } = load('individual-cf', 'individualControlledFunctions');
    expect(page).toMatchObject({ page: 1, perPage: undefined, totalCount: 3, hasNext: false });
    expect(data.current[0]).toMatchObject({ order: 1, frn: '100001', customerEngagementMethods: ['Face To Face', 'Telephone', 'Online'] });
    expect(data.current[1].effectiveDate).toBeUndefined();
    expect(data.previous[0]).toMatchObject({ frn: '100002', endDate: '2016-03-31' });
  });

  it('permissions: keyed records with customer types, investment types, limitations and other lists', () => {
    const { data } = load('firm-permissions', 'firmPermissions');
    expect(data.map((p) => p.name)).toEqual([
      'Accepting Deposits',
      'Advising on P2P agreements',
      'Agreeing to carry on a regulated activity',
      'Administering a home finance transaction (CBTL)',
    ]);
    expect(data[0]).toMatchObject({ customerTypes: ['All'], investmentTypes: ['Deposit'], limitations: [expect.stringMatching(/^Limited to/)] });
    expect(data[2].other).toEqual({ 'Limitation Not Found': ['Valid limitation not present'] });
    expect(data[3].other).toEqual({
      'Acting as a CBTL administrator': ['1'],
      'Acting as a CBTL advisor': ['0'],
      'CBTL Effective Date': ['21/03/2016'],
      'CBTL Status': ['Registered'],
    });
  });

  it('requirements: the dynamic key becomes title and text', () => {
    const { data } = load('firm-requirements', 'firmRequirements');
    expect(data[0]).toMatchObject({ reference: 'OR-0100001', title: 'No CBTL business unless registered', financialPromotions: false, effectiveDate: '2016-04-26', extra: {} });
    expect(data[1]).toMatchObject({
      financialPromotions: true,
      investmentTypesUrl: expect.stringMatching(/InvestmentTypes$/),
      title: 'Financial Promotion for other unauthorised clients',
    });
  });

  it('names, passports, passport permissions, regulators, waivers', () => {
    expect(load('firm-names', 'firmNames').data.previous[0]).toMatchObject({ name: 'Economic Harbour Insurance Company Limited', effectiveTo: '1996-12-31' });
    expect(load('firm-passports', 'firmPassports').data.passports.map((p) => p.country)).toEqual(['GIBRALTAR', 'ISLE OF MAN']);
    const perms = load('firm-passport-permission', 'firmPassportPermissions').data;
    expect(perms[1]).toMatchObject({
      directive: 'MiFID',
      passportType: 'Establishment',
      permissions: [{ investmentTypes: ['Transferable securities', 'Money-market instruments'] }],
    });
    const regulators = load('firm-regulators', 'firmRegulators').data;
    expect(regulators.map((r) => r.current)).toEqual([true, false, false]);
    const waivers = load('firm-waivers', 'firmWaivers').data;
    expect(waivers[1]).toEqual({ rules: ['Regulatory Reporting Ru 21.2', 'SUP 16.12'], documentName: undefined, documentUrl: undefined, extra: {} });
  });

  it('individual: "None" commonly used name is absent; workplaces in order', () => {
    const one = load('individual', 'individual').data;
    expect(one.workplaces).toEqual([
      { index: 1, firmName: 'Harbourline Insurance Company Limited', location: 'Liverpool', extra: {} },
      { index: 2, firmName: 'Quayside Mortgages', location: 'Plymouth', extra: {} },
    ]);
    expect(load('individual-none', 'individual').data.commonlyUsedName).toBeUndefined();
  });

  it('fund: PRN from the request, operator and depositary FRNs from URLs; sub-fund record with blank links', () => {
    expect(load('fund', 'fund').data).toMatchObject({ prn: '800100', operatorFrn: '100021', depositaryFrn: '100020', effectiveDate: '1997-12-23' });
    const sub = load('fund-subfund-record', 'fund').data;
    expect(sub).toMatchObject({ prn: '800101', schemeType: 'Sub-Fund (LTAF)', operatorFrn: undefined, links: {} });
  });

  it('sub-funds: parent PRN from the apexrest URL; the bogus Next link on the last page is ignored', () => {
    const first = load('fund-subfunds-page1', 'fundSubfunds');
    expect(first.data[0].parentPrn).toBe('800100');
    expect(first.page).toMatchObject({ pageCount: 2, hasNext: true });
    const last = load('fund-subfunds-page2', 'fundSubfunds');
    expect(last.page.nextUrl).toMatch(/pgnp=3$/);
    expect(last.page).toMatchObject({ page: 2, pageCount: 2, hasNext: false });
  });

  it('fund names: everything on page 1 although per_page says 1', () => {
    expect(load('fund-names', 'fundNames').page).toMatchObject({ perPage: 1, totalCount: 2, pageCount: 1, hasNext: false });
  });

  it('search: unauthorised clone entries are flagged and not linkable', () => {
    const { data, page } = load('search-firm-page2', 'search');
    expect(data[0]).toMatchObject({ unauthorised: true, linkable: false, referenceNumber: undefined, postcode: 'EC3R 6HA', entity: 'firm' });
    expect(data[3]).toMatchObject({ name: 'Revolutionary Bank Example AG', region: 'D-10785', linkable: true });
    expect(page).toMatchObject({ page: 2, pageCount: 4, hasNext: true });
    const people = load('search-individual', 'search').data;
    expect(people.map((p) => [p.entity, p.referenceNumber])).toEqual([
      ['individual', 'AXE01234'],
      ['individual', 'AXE09876'],
      ['individual', 'PXR00042'],
    ]);
  });

  it('regulated markets: the empty FRN in FirmURL is absent', () => {
    const { data } = load('regulated-markets', 'regulatedMarkets');
    expect(data[1]).toMatchObject({ frn: undefined, tradingName: 'Example Securities & Derivatives Exchange Limited' });
  });
});

describe('malformed bodies', () => {
  const envelope = (data: unknown): WireEnvelope => ({ Status: 'FSR-API-02-05-00', ResultInfo: null, Message: 'Ok', Data: data });

  it('a list endpoint answering with an object is an error naming the path', () => {
    expect(() => normaliseEnvelope('firmIndividuals', envelope({ oops: true }), { path: '/Firm/1/Individuals' }, 1)).toThrow(MalformedBody);
    expect(() => normaliseEnvelope('firmIndividuals', envelope({ oops: true }), { path: '/Firm/1/Individuals' }, 1)).toThrow(
      "The register's answer for GET /Firm/1/Individuals could not be read: Data should be a list but is an object.",
    );
  });

  it('a firm answer with no record is an error', () => {
    expect(() => normaliseEnvelope('firm', envelope([]), { path: '/Firm/1' }, 1)).toThrow(/Data holds no firm record/);
  });

  it('odd field values do not throw: they are kept in extra', () => {
    const { data } = normaliseEnvelope(
      'firmIndividuals',
      envelope([{ IRN: 'ABC12345', Name: { first: 'A' }, Status: 42, 'Effective Date': 'soon' }]),
      { path: '/Firm/1/Individuals' },
      1,
    );
    expect(data[0]).toMatchObject({ irn: 'ABC12345', name: undefined, status: '42', extra: { Name: { first: 'A' }, 'Effective Date': 'soon' } });
  });
});

describe('the leaf-value check itself', () => {
  it('finds values the model dropped', () => {
    expect(missingLeaves({ a: 'kept', b: '01/02/2020', c: 'TRUE', d: 'dropped', e: '', f: 'None' }, { x: 'kept', y: '2020-02-01', z: true })).toEqual(['$.d = "dropped"']);
  });
});
