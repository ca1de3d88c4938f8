/**
 * The screening records (numbers in ./screening.ts): firms whose names people write in many ways
 * (legal forms, "&", accents, a leading "The", spacing, trading and previous names), firms that
 * share words or a whole name, firms whose standing is not a plain tick (a requirement that stops
 * business, no longer authorised, a warning notice, a payment agent, an appointed representative),
 * people (prohibited, censured, restricted, accented) and unauthorised and clone entries, shaped
 * as the live register shapes them: clones listed as "<name> (clone of FCA authorised firm)" with
 * no reference number and Status "Unauthorised", some under the genuine firm's exact name, some
 * under a variant of it.
 *
 * Built last, on a stream of their own, with numbers reserved before anything else is generated,
 * so the rest of the dataset is exactly what it was without them (a test checks); they have no
 * generated staff, and the register days leave them alone.
 */
import type { Rng } from '../prng';
import { INDIVIDUAL_ENFORCEMENT, PROFILE_PERMISSIONS, REQUIREMENTS } from './catalogue';
import type { DatasetBuilder } from './builder';
import { buildPermission, buildRegulators, fillEnforcement, permissionTemplate } from './firm-details';
import { dayNumber, makePersonName, ukAddress } from './generation-kit';
import { SCREENING } from './screening';
import type { CfRow, FirmDetails, FirmKind, FirmProfile, FirmRecord, NameRecord } from './types';

export function reserveScreeningNumbers(b: DatasetBuilder): void {
  for (const [key, value] of Object.entries(SCREENING)) {
    for (const ref of [value].flat()) {
      if (key.endsWith('Irn')) b.allocator.reserveIrn(ref);
      else b.allocator.reserveNumber(ref);
    }
  }
}

interface FirmSpec {
  frn: string;
  name: string;
  kind?: FirmKind;
  profile: FirmProfile;
  from: string;
  postcode?: string;
  town?: string;
  trading?: string[];
  previous?: Array<{ name: string; to: string }>;
}

function details(rng: Rng, firm: FirmRecord): FirmDetails {
  const active = firm.kind === 'authorised' || firm.kind === 'payment-institution';
  return {
    permissions: active ? (PROFILE_PERMISSIONS[firm.profile] ?? PROFILE_PERMISSIONS.adviser).slice(0, 8).map((n) => buildPermission(rng, permissionTemplate(n))) : [],
    passports: [],
    requirements: [],
    waivers: [],
    regulators: active ? buildRegulators(firm.authorisedFrom, false, null) : [],
    disciplinary: [],
    exclusions: [],
  };
}

function addFirm(b: DatasetBuilder, rng: Rng, spec: FirmSpec): FirmRecord {
  const firm = b.addFirm(rng, { frn: spec.frn, name: spec.name, kind: spec.kind ?? 'authorised', profile: spec.profile, authorisedFrom: spec.from });
  if (spec.postcode) {
    firm.ppob = { ...ukAddress(rng, spec.name), postcode: spec.postcode, ...(spec.town ? { town: spec.town } : {}) };
    if (firm.complaints) firm.complaints = { ...firm.complaints, postcode: spec.postcode };
  }
  firm.searchSuffix = ` (Postcode: ${firm.ppob.postcode})`;
  const current: NameRecord[] = [
    ...(spec.trading ?? []).map((name) => ({ name, status: 'Trading' as const, from: spec.from })),
    { name: spec.name, status: 'Registered', from: spec.from },
  ];
  const previous: NameRecord[] = (spec.previous ?? []).map((p) => ({ name: p.name, status: 'Registered', from: spec.from, to: p.to }));
  b.setNames(firm, current, previous);
  firm.staffWeight = 0;
  firm.details = details(rng, firm);
  return firm;
}

function cf(irn: string, frn: string, fn: string, effective: string, end: string | null, restriction = ''): CfRow {
  return {
    irn,
    frn,
    function: fn,
    effective,
    end,
    restriction,
    restrictionStart: restriction ? '01/02/2024' : '',
    restrictionEnd: '',
    customerEngagement: '',
  };
}

export function buildScreeningRecords(b: DatasetBuilder, rng: Rng): void {
  const S = SCREENING;
  const cloned = addFirm(b, rng, {
    frn: S.clonedFirmFrn,
    name: 'Harrowgate Wealth Management Limited',
    profile: 'adviser',
    from: '12/03/2009',
    postcode: 'HG1 2RQ',
    town: 'Harrogate',
  });
  addFirm(b, rng, { frn: S.ampersandLlpFrn, name: 'Kestrel & Finch Advisers LLP', profile: 'adviser', from: '01/07/2011', postcode: 'BA1 1LN', town: 'Bath' });
  addFirm(b, rng, { frn: S.plcFrn, name: 'Northbrook Capital plc', profile: 'fund-manager', from: '05/01/2004', postcode: 'EC2M 4AA', town: 'London' });
  addFirm(b, rng, { frn: S.leadingTheFrn, name: 'The Ashdown Partnership LLP', profile: 'adviser', from: '17/09/2013', postcode: 'RH19 1AA', town: 'East Grinstead' });
  addFirm(b, rng, { frn: S.andFrn, name: 'Marlow and Dene Insurance Services Ltd', profile: 'broker', from: '22/02/2006', postcode: 'SL7 1NF', town: 'Marlow' });
  addFirm(b, rng, { frn: S.companyFrn, name: 'Saxon Ridge Mortgage Company Limited', profile: 'mortgage', from: '30/10/2008', postcode: 'CB1 2LA', town: 'Cambridge' });
  addFirm(b, rng, { frn: S.accentsFrn, name: "Crédit Côte d'Azur (UK) Limited", profile: 'bank', from: '14/05/2001', postcode: 'EC3V 3LA', town: 'London' });
  addFirm(b, rng, { frn: S.ligatureFrn, name: 'Nørgaard Asset Management Ltd', profile: 'fund-manager', from: '03/06/2015', postcode: 'W1J 6BD', town: 'London' });
  addFirm(b, rng, { frn: S.polishFrn, name: 'Łukasz & Zoë Financial Ltd', profile: 'adviser', from: '11/11/2016', postcode: 'M2 3AW', town: 'Manchester' });
  addFirm(b, rng, {
    frn: S.tradingNameFrn,
    name: 'HWM Holdings Ltd',
    profile: 'adviser',
    from: '08/04/2010',
    postcode: 'LS1 5AB',
    town: 'Leeds',
    trading: ['Hawthorn Wealth', 'Hawthorn Wealth Partners'],
  });
  addFirm(b, rng, {
    frn: S.previousNameFrn,
    name: 'Brightwater Financial Ltd',
    profile: 'adviser',
    from: '19/01/2007',
    postcode: 'NE1 3DY',
    town: 'Newcastle upon Tyne',
    previous: [{ name: 'Oakhurst Financial Planning Ltd', to: '31/08/2019' }],
  });
  const [sheffield, bristol] = S.sameNameFrns;
  addFirm(b, rng, { frn: sheffield, name: 'Oakwood Financial Services Ltd', profile: 'adviser', from: '02/02/2012', postcode: 'S1 2AB', town: 'Sheffield' });
  addFirm(b, rng, { frn: bristol, name: 'Oakwood Financial Services Ltd', profile: 'mortgage', from: '15/06/2015', postcode: 'BS1 4DJ', town: 'Bristol' });
  addFirm(b, rng, { frn: S.spacingFrn, name: 'Blue Peak Capital Partners Ltd', profile: 'fund-manager', from: '09/09/2018', postcode: 'EH2 4AD', town: 'Edinburgh' });

  const greystone = addFirm(b, rng, {
    frn: S.stoppedByRequirementFrn,
    name: 'Greystone Securities Limited',
    profile: 'broker_dealer',
    from: '27/03/2002',
    postcode: 'EC2N 2DB',
    town: 'London',
  });
  greystone.details!.requirements = [
    {
      ref: 'OR-0910151',
      title: 'Cessation of regulated business',
      text: 'The firm must not carry on any regulated activity without the prior written consent of the Financial Conduct Authority.',
      effective: '04/11/2025',
      financialPromotion: false,
      investmentTypes: [],
    },
  ];

  const fenwick = addFirm(b, rng, {
    frn: S.noLongerAuthorisedFrn,
    name: 'Fenwick Lane Advisers Ltd',
    kind: 'no-longer-authorised',
    profile: 'adviser',
    from: '10/10/2003',
    postcode: 'CV1 2GT',
    town: 'Coventry',
  });
  fenwick.status = fenwick.searchStatus = 'No longer authorised';
  fenwick.statusEffective = '31/12/2021';
  addFirm(b, rng, { frn: S.saintFrn, name: "St. Aldhelm's Trust Company Limited", profile: 'depositary', from: '01/04/1999', postcode: 'BA16 0AA', town: 'Street' });
  addFirm(b, rng, { frn: S.hyphenFrn, name: 'Pembroke-Lyle Investment Management LLP', profile: 'fund-manager', from: '20/05/2014', postcode: 'SW1Y 4AA', town: 'London' });
  addFirm(b, rng, { frn: S.albionNeighbourFrn, name: 'Albion Crown Insurance Brokers Ltd', profile: 'broker', from: '13/08/2012', postcode: 'CM1 1AA', town: 'Chelmsford' });
  const neighbour = addFirm(b, rng, {
    frn: S.castlegateNeighbourFrn,
    name: 'Castlegate Security Services Ltd',
    profile: 'consumer-credit',
    from: '01/12/2017',
    postcode: 'YO1 7HH',
    town: 'York',
  });
  neighbour.details!.requirements = [{ ...requirementText('No canvassing of credit agreements away from trade premises'), ref: 'OR-0910201', effective: '01/12/2017' }];
  addFirm(b, rng, { frn: S.kingsmereNeighbourFrn, name: 'Kingsmere Mortgages Ltd', profile: 'mortgage', from: '06/03/2019', postcode: 'NR1 3AB', town: 'Norwich' });
  addFirm(b, rng, { frn: S.clonedShortNameFrn, name: 'Sterling Crest Investments Limited', profile: 'fund-manager', from: '25/07/2005', postcode: 'BN1 1AB', town: 'Brighton' });
  const agent = addFirm(b, rng, {
    frn: S.psdAgentFrn,
    name: 'Maple Leaf Payments Ltd',
    kind: 'psd-agent',
    profile: 'payment',
    from: '04/04/2020',
    postcode: 'B1 1BB',
    town: 'Birmingham',
  });
  agent.status = agent.searchStatus = 'Registered as a PSD Agent';
  agent.psdAgentStatus = 'Registered';
  const noticed = addFirm(b, rng, { frn: S.noticeFrn, name: 'Dunmore Bay Capital Ltd', profile: 'adviser', from: '18/02/2010', postcode: 'CF10 1AA', town: 'Cardiff' });
  noticed.exceptionalInfo = [
    {
      title: 'Fraudsters are using this firm’s name',
      body: 'We have been told that fraudsters are contacting people claiming to work for Dunmore Bay Capital Ltd. Only deal with the firm using the contact details on this page.',
    },
  ];
  const principal = addFirm(b, rng, { frn: S.principalFrn, name: 'Caledon Wealth Network Ltd', profile: 'adviser', from: '01/01/2010', postcode: 'G2 1AB', town: 'Glasgow' });
  const ar = addFirm(b, rng, {
    frn: S.appointedRepresentativeFrn,
    name: 'Thistle & Heath Financial Planning Ltd',
    kind: 'appointed-representative',
    profile: 'ar',
    from: '01/03/2021',
    postcode: 'G12 8AA',
    town: 'Glasgow',
  });
  b.appoint(ar, principal, { effective: '01/03/2021', termination: null, subType: 'Full', tiedAgent: false, eeaTiedAgent: false, insuranceDistribution: false });

  // People, with careers only at the firms above so no other record changes.
  const person = (irn: string, first: string, middles: string[], last: string, searchStatus: string) => {
    const name = makePersonName(first, middles, last);
    return b.addIndividual({ irn, fullName: name.full, commonlyUsedName: 'None', searchStatus, workplaces: [], disciplinary: [], searchAliases: name.aliases });
  };
  const whitlock = person(S.prohibitedIrn, 'Darren', [], 'Whitlock', 'Prohibited');
  b.addCfRow(cf(whitlock.irn, fenwick.frn, 'CF1 Director', '10/10/2003', '31/12/2021'));
  b.addCfRow(cf(whitlock.irn, fenwick.frn, 'CF30 Customer', '10/10/2003', '31/12/2021'));
  b.addDisciplinary(whitlock.irn, [fillEnforcement(rng, INDIVIDUAL_ENFORCEMENT[0], 'Mr Whitlock', dayNumber(2022, 6, 14))]);
  const dubois = person(S.accentedIrn, 'Marguerite', ['Hélène'], 'Dubois-Fairweather', 'Active');
  b.addCfRow(cf(dubois.irn, S.accentsFrn, 'SMF3 Executive Director', '01/09/2019', null));
  const orourke = person(S.censuredIrn, 'Seán', [], "O'Rourke", 'Active');
  b.addCfRow(cf(orourke.irn, S.ampersandLlpFrn, 'SMF3 Executive Director', '01/07/2011', null));
  b.addDisciplinary(orourke.irn, [fillEnforcement(rng, INDIVIDUAL_ENFORCEMENT[2], "Mr O'Rourke", dayNumber(2019, 3, 21))]);
  const kingsley = person(S.restrictedIrn, 'Rebecca', [], 'Kingsley', 'Active');
  b.addCfRow(cf(kingsley.irn, cloned.frn, '[FCA CF] Client dealing', '12/03/2015', null, 'Not to deal with retail clients without supervision'));

  // Unauthorised and clone entries, as the register lists them: no reference number, Status "Unauthorised".
  b.unauthorised.push(
    { name: `${cloned.name} (clone of FCA authorised firm)`, suffix: ' (Postcode: n/a)' },
    { name: 'Sterling Crest Investments (clone of FCA authorised firm)', suffix: ' (Postcode: N/A)' },
    { name: 'Northbrook Capital Partners (clone of FCA authorised firm)', suffix: ' (Postcode: -)' },
    { name: 'Quayside Pay Ltd (clone of FCA authorised firm)', suffix: ' (Postcode: n/a)' },
    { name: 'Apex Bullion Traders', suffix: ' (Postcode: n/a)' },
    { name: 'Sovereign Gold Wealth Club', suffix: ' (Postcode: EC1A 1BB)' },
    { name: 'Meridian Forex Signals Ltd', suffix: ' (Postcode: N/A)' },
    { name: 'Zürich Crypto Capital', suffix: ' (Postcode: n/a)' },
  );
}

function requirementText(title: string) {
  const t = REQUIREMENTS.find((r) => r.title === title);
  if (!t) throw new Error(`unknown requirement ${title}`);
  return { title, text: t.text, financialPromotion: t.financialPromotion, investmentTypes: t.investmentTypes?.slice() ?? [] };
}
