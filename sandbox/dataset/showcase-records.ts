/**
 * Builds each showcase record (numbers in ./showcase.ts) to its profile. Counts that tests and
 * README promise (714 current / 830 previous appointed representatives, 42 permissions, 34 waivers,
 * 34 disciplinary actions, 45 sub-funds…) are fixed here whatever the seed; only the incidental
 * details (names of the representatives, addresses) follow the seed.
 */
import type { Rng } from '../prng';
import { FIRM_ENFORCEMENT, INDIVIDUAL_ENFORCEMENT, PASSPORT_COUNTRIES, PERMISSIONS, PROFILE_PERMISSIONS, PSD2_EXCLUSIONS, REQUIREMENTS } from './catalogue';
import type { DatasetBuilder } from './builder';
import { buildCbtlPermission, buildPassports, buildPermission, buildRegulators, buildWaivers, fillEnforcement, permissionTemplate } from './firm-details';
import { DAYS, REFERENCE_DAY, dayNumber, formatDay, makePersonName, parseDay, personName, randomDay } from './generation-kit';
import { generatePerson, makeSubFunds, rowsForStint, type FirmPools } from './population';
import { SHOWCASE } from './showcase';
import type { CfRow, FirmDetails, FirmKind, FirmProfile, FirmRecord, IndividualRecord, RequirementRecord } from './types';

export const NETWORK_CURRENT_ARS = 714;
export const NETWORK_PREVIOUS_ARS = 830;
/** Representatives that left the network and later rejoined (listed in both buckets). */
export const NETWORK_REJOINED_ARS = 110;
export const BANK_PERMISSIONS = 42;
export const BANK_PASSPORTS = 28;
export const BANK_WAIVERS = 34;
export const DISCIPLINARY_ACTIONS = 34;
export const UMBRELLA_SUB_FUNDS = 45;
/**
 * A trading name of the payment institution that is a spreadsheet formula: register text is typed
 * by firms, so CSV exports must neutralise it (tests of the export prove they do).
 */
export const PAYMENT_FORMULA_TRADING_NAME = '=HYPERLINK("https://example.com/quayside","Quayside Pay")';

export function reserveShowcaseNumbers(b: DatasetBuilder): void {
  for (const n of [
    SHOWCASE.networkPrincipalFrn,
    SHOWCASE.appointedRepresentativeFrn,
    SHOWCASE.bankFrn,
    SHOWCASE.exceptionalInfoFrn,
    SHOWCASE.disciplinaryFrn,
    SHOWCASE.paymentInstitutionFrn,
    ...SHOWCASE.noLongerAuthorisedFrns,
    SHOWCASE.umbrellaFundPrn,
    SHOWCASE.nonAsciiFrn,
  ]) {
    b.allocator.reserveNumber(n);
  }
  for (const prn of subFundPrns()) if (prn !== SHOWCASE.subFundPrn) b.allocator.reserveNumber(prn);
  b.allocator.reserveNumber(SHOWCASE.subFundPrn);
  for (const irn of [SHOWCASE.prohibitedIrn, SHOWCASE.bankIndividualIrn, SHOWCASE.nonAsciiIrn]) b.allocator.reserveIrn(irn);
}

/** 800801 … 800845: the umbrella's sub-funds, numbered after it. */
function subFundPrns(): string[] {
  const base = Number(SHOWCASE.umbrellaFundPrn);
  return Array.from({ length: UMBRELLA_SUB_FUNDS }, (_, i) => String(base + 1 + i));
}

function emptyDetails(): FirmDetails {
  return { permissions: [], passports: [], requirements: [], waivers: [], regulators: [], disciplinary: [], exclusions: [] };
}

function row(irn: string, frn: string, fn: string, effective: string, end: string | null, engagement = ''): CfRow {
  return { irn, frn, function: fn, effective, end, restriction: '', restrictionStart: '', restrictionEnd: '', customerEngagement: engagement };
}

interface Context {
  b: DatasetBuilder;
  rng: Rng;
  pools: FirmPools;
  population: FirmRecord[];
}

export function buildShowcase(b: DatasetBuilder, rng: Rng, population: FirmRecord[], pools: FirmPools): void {
  const ctx: Context = { b, rng, pools, population };
  const bank = buildBank(ctx);
  buildNetwork(ctx);
  buildExceptionalInfoFirm(ctx);
  const disciplinary = buildDisciplinaryFirm(ctx);
  buildPaymentInstitution(ctx);
  const [ferncliffe, greyfriars] = buildNoLongerAuthorised(ctx);
  buildNonAsciiFirm(ctx);
  buildProhibitedIndividual(ctx, disciplinary, greyfriars);
  buildUmbrella(ctx, bank);
  buildRevolutionFirms(ctx);
  buildSearchCluster(ctx);
  // Ferncliffe's staff all left when it stopped trading.
  addFormerStaff(ctx, ferncliffe, 3);
}

// ---------------------------------------------------------------------------------------------
// Bank: passports, 42 permissions (20/20/2), requirements with investment types, 34 waivers,
// 64 individuals over 4 pages and controlled functions over 5 pages.

function buildBank(ctx: Context): FirmRecord {
  const { b, rng } = ctx;
  const bank = b.addFirm(rng, { frn: SHOWCASE.bankFrn, name: 'Albion Crown Bank plc', kind: 'authorised', profile: 'bank', authorisedFrom: '01/06/1988' });
  bank.statusEffective = '01/12/2001';
  bank.companiesHouse = '02164830';
  bank.clientMoney = '';
  bank.staffWeight = 0;
  bank.ppob = {
    line1: 'Crown House',
    line2: '1 Albion Place',
    line3: 'Cheapside',
    line4: '',
    town: 'London',
    county: '',
    postcode: 'EC2V 6AA',
    country: 'UNITED KINGDOM',
    phone: '+4402079460001',
    website: 'www.albioncrownbank.co.uk',
  };
  bank.complaints = { ...bank.ppob, line1: 'Customer Relations', line2: 'PO Box 4021', line3: '', postcode: 'EC2P 2AA', website: '', individual: "Siobhán O'Hara" };
  bank.searchSuffix = ` (Postcode: ${bank.ppob.postcode})`;
  b.setNames(
    bank,
    [
      { name: 'Albion Crown', status: 'Trading', from: '09/09/2011' },
      { name: 'Albion Crown Private Banking', status: 'Trading', from: '14/03/2015' },
      { name: 'ACB Business Banking', status: 'Trading', from: '02/05/2018' },
      { name: 'Crown Direct Savings', status: 'Trading', from: '21/06/2020' },
      { name: 'Albion Crown Bank plc', status: 'Registered', from: '01/01/2009' },
    ],
    [
      { name: 'Albion Crown International', status: 'Trading', from: '02/04/2002', to: '30/06/2016' },
      { name: 'Albion Crown Wealth', status: 'Trading', from: '01/02/2010', to: '31/12/2019' },
      { name: 'ACB Invoice Finance', status: 'Trading', from: '05/05/2012', to: '31/03/2017' },
      { name: 'Albion Mortgages', status: 'Trading', from: '17/11/2003', to: '28/02/2014' },
      { name: 'Albion Crown Stockbrokers', status: 'Trading', from: '06/06/2006', to: '31/10/2013' },
      { name: 'Crown & Albion Insurance Services', status: 'Trading', from: '12/01/2004', to: '30/09/2011' },
      { name: 'Albion Premier', status: 'Trading', from: '01/12/2001', to: '31/12/2008' },
      { name: 'Albion and Crown Banking Company Limited', status: 'Registered', from: '01/06/1988', to: '31/12/2008' },
      { name: 'Albion & Crown Savings Bank Limited', status: 'Registered', from: '01/06/1988', to: '30/11/2001' },
    ],
  );

  const details = emptyDetails();
  const paymentOnly = new Set([...PROFILE_PERMISSIONS.payment, ...PROFILE_PERMISSIONS.emoney]);
  const candidates = PERMISSIONS.filter((p) => !paymentOnly.has(p.name));
  const chosen = rng.sample(candidates, BANK_PERMISSIONS - 1).map((p) => p.name);
  const ordered = [...chosen.map((name) => buildPermission(rng, permissionTemplate(name), rng.chance(0.1))), buildCbtlPermission('21/03/2016')];
  ordered.sort((x, y) => (x.name < y.name ? -1 : 1));
  details.permissions = ordered;

  const countries = PASSPORT_COUNTRIES.filter((c) => !['CROATIA', 'ICELAND', 'LIECHTENSTEIN'].includes(c));
  details.passports = buildPassports(rng, 'bank', countries.slice(0, BANK_PASSPORTS));

  const fp = REQUIREMENTS.find((r) => r.investmentTypes && r.investmentTypes.length >= 7)!;
  const deposits = REQUIREMENTS.find((r) => r.title === 'Approval of financial promotions limited to deposits')!;
  const req = (ref: string, title: string, effective: string): RequirementRecord => {
    const t = REQUIREMENTS.find((r) => r.title === title)!;
    return { ref, title: t.title, text: t.text, effective, financialPromotion: t.financialPromotion, investmentTypes: t.investmentTypes?.slice() ?? [] };
  };
  details.requirements = [
    req(SHOWCASE.bankRequirementRef, fp.title, '06/11/2023'),
    req('OR-0200202', deposits.title, '06/11/2023'),
    req('OR-0200203', 'Consumer buy-to-let business only if registered', '26/04/2016'),
    req('OR-0200204', 'Assets to be held with an approved custodian', '15/01/2019'),
    req('OR-0200205', 'Approval of own and group financial promotions', '06/11/2023'),
  ];

  details.waivers = buildWaivers(rng, BANK_WAIVERS, 0.35);
  // Make sure every page of waivers shows the null quirk.
  for (let i = 3; i < details.waivers.length; i += 10) {
    details.waivers[i] = { file: null, url: null, rules: details.waivers[i].rules };
  }
  details.regulators = buildRegulators(bank.authorisedFrom, true, null);
  bank.details = details;

  buildBankStaff(ctx, bank);
  return bank;
}

const BANK_SENIOR_FUNCTIONS = [
  'SMF2 Chief Finance',
  'SMF4 Chief Risk',
  'SMF5 Head of Internal Audit',
  'SMF9 Chair',
  'SMF10 Chair of the Risk Committee',
  'SMF11 Chair of the Audit Committee',
  'SMF12 Chair of the Remuneration Committee',
  'SMF14 Senior Independent Director',
  'SMF16 Compliance Oversight',
  'SMF17 Money Laundering Reporting Officer (MLRO)',
  'SMF24 Chief Operations',
];

function newPerson(ctx: Context, irn?: string, fixedName?: { first: string; middles: string[]; last: string }, extra: Partial<IndividualRecord> = {}): IndividualRecord {
  const { b, rng } = ctx;
  const name = fixedName ? makePersonName(fixedName.first, fixedName.middles, fixedName.last) : personName(rng);
  return b.addIndividual({
    irn: irn ?? b.allocator.irn(rng, name.first, name.middles, name.last),
    fullName: name.full,
    commonlyUsedName: 'None',
    searchStatus: 'Active',
    workplaces: [],
    disciplinary: [],
    searchAliases: name.aliases,
    ...extra,
  });
}

function buildBankStaff(ctx: Context, bank: FirmRecord): void {
  const { b, rng } = ctx;
  const frn = bank.frn;
  const earlierEmployer = ctx.population.find((f) => f.kind === 'authorised' && parseDay(f.authorisedFrom) < dayNumber(2008, 1, 1)) ?? bank;

  const ceo = newPerson(
    ctx,
    SHOWCASE.bankIndividualIrn,
    { first: 'Beatrice', middles: ['Katherine'], last: 'Sutcliffe' },
    {
      commonlyUsedName: 'Bea',
      workplaces: [{ firmName: bank.name, location: 'London' }],
    },
  );
  b.addCfRow(row(ceo.irn, frn, 'SMF1 Chief Executive', '04/01/2021', null));
  b.addCfRow(row(ceo.irn, frn, 'SMF3 Executive Director', '04/01/2021', null));
  b.addCfRow(row(ceo.irn, frn, 'SMF24 Chief Operations', '07/03/2016', '03/01/2021'));
  b.addCfRow(row(ceo.irn, frn, 'CF1 Director', '02/04/2012', '06/03/2016'));
  b.addCfRow(row(ceo.irn, earlierEmployer.frn, 'CF3 Chief Executive', '01/09/2008', '30/03/2012'));

  BANK_SENIOR_FUNCTIONS.forEach((fn, i) => {
    const p = newPerson(ctx);
    const from = randomDay(rng, DAYS.smcrBanks, REFERENCE_DAY - 200);
    b.addCfRow(row(p.irn, frn, fn, formatDay(from), null));
    if (i < 6) {
      const start = randomDay(rng, dayNumber(2004, 1, 1), dayNumber(2014, 1, 1));
      b.addCfRow(row(p.irn, frn, i % 2 === 0 ? 'CF1 Director' : 'CF2 Non Executive Director', formatDay(start), formatDay(DAYS.smcrBanks - 1)));
    }
  });

  for (let i = 0; i < 8; i++) {
    const p = newPerson(ctx);
    const from = formatDay(randomDay(rng, DAYS.smcrBanks, REFERENCE_DAY - 100));
    b.addCfRow(row(p.irn, frn, 'SMF18 Other Overall Responsibility', from, null));
    b.addCfRow(row(p.irn, frn, '[FCA CF] Material risk takers', from, null));
  }

  for (let i = 0; i < 19; i++) {
    const p = newPerson(ctx);
    const fn = i % 2 === 0 ? '[FCA CF] Client dealing' : '[FCA CF] Functions requiring qualifications';
    const from = i % 5 === 0 ? '' : formatDay(randomDay(rng, DAYS.smcrBanks, REFERENCE_DAY - 60));
    b.addCfRow(row(p.irn, frn, fn, from, null, rng.pick(['Face To Face; Telephone', 'Face To Face; Telephone; Online', ''])));
    if (i % 3 === 0) p.workplaces.push({ firmName: bank.name, location: rng.pick(['London', 'Leeds', 'Bristol', 'Glasgow']) });
  }

  for (let i = 0; i < 25; i++) {
    const p = newPerson(ctx, undefined, undefined, { searchStatus: 'Regulatory approval no longer required' });
    const start = randomDay(rng, dayNumber(2002, 1, 1), dayNumber(2015, 1, 1));
    const end = randomDay(rng, start + 300, REFERENCE_DAY - 120);
    const legacyEnd = Math.min(end, DAYS.smcrBanks - 1);
    b.addCfRow(row(p.irn, frn, rng.pick(['CF30 Customer', 'CF1 Director', 'CF10 Compliance Oversight', 'CF28 Systems and Controls']), formatDay(start), formatDay(legacyEnd)));
    if (end >= DAYS.smcrBanks && i % 2 === 0) {
      b.addCfRow(row(p.irn, frn, '[FCA CF] Client dealing', formatDay(DAYS.smcrBanks), formatDay(end), 'Face To Face; Telephone'));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Network principal: 714 current and 830 previous appointed representatives.

function buildNetwork(ctx: Context): void {
  const { b, rng } = ctx;
  const network = b.addFirm(rng, {
    frn: SHOWCASE.networkPrincipalFrn,
    name: 'Kingsmere Mortgage Network Limited',
    kind: 'authorised',
    profile: 'mortgage',
    authorisedFrom: '12/03/2004',
  });
  network.staffWeight = 20;
  b.setNames(
    network,
    [
      { name: 'Kingsmere Network', status: 'Trading', from: '01/07/2010' },
      { name: 'Kingsmere Mortgage Network Limited', status: 'Registered', from: '12/03/2004' },
    ],
    [],
  );

  const flags = () => ({
    tiedAgent: false,
    eeaTiedAgent: false,
    insuranceDistribution: rng.chance(0.6),
  });
  const current: FirmRecord[] = [];
  for (let i = 0; i < NETWORK_CURRENT_ARS; i++) {
    const showcaseAr = i === 0;
    const effectiveDay = showcaseAr ? dayNumber(2019, 5, 15) : randomDay(rng, dayNumber(2008, 1, 1), REFERENCE_DAY - 30);
    const ar = b.addFirm(rng, {
      frn: showcaseAr ? SHOWCASE.appointedRepresentativeFrn : undefined,
      name: showcaseAr ? 'Harbourside Mortgages Ltd' : undefined,
      kind: 'appointed-representative',
      profile: 'ar',
      authorisedFrom: formatDay(effectiveDay),
    });
    const introducer = !showcaseAr && rng.chance(0.12);
    b.appoint(ar, network, { effective: formatDay(effectiveDay), termination: null, subType: introducer ? 'Introducer' : 'Full', ...flags() });
    if (introducer) ar.status = ar.searchStatus = 'Appointed representative - introducer';
    ar.statusEffective = formatDay(effectiveDay);
    current.push(ar);
  }

  // Some current representatives had an earlier, ended spell with the network.
  for (const ar of current.slice(1, 1 + NETWORK_REJOINED_ARS)) {
    const rejoined = parseDay(ar.appointments[0].effective);
    const from = randomDay(rng, dayNumber(2005, 1, 1), rejoined - 120);
    const to = randomDay(rng, from + 20, rejoined - 30);
    b.appoint(ar, network, { effective: formatDay(from), termination: formatDay(to), subType: rng.chance(0.2) ? 'Introducer' : 'Full', ...flags() });
  }
  for (let i = 0; i < NETWORK_PREVIOUS_ARS - NETWORK_REJOINED_ARS; i++) {
    const fromDay = randomDay(rng, dayNumber(2005, 1, 1), REFERENCE_DAY - 400);
    const toDay = randomDay(rng, fromDay + 7, Math.min(REFERENCE_DAY - 30, fromDay + 9 * 365));
    const ar = b.addFirm(rng, { kind: 'former-appointed-representative', profile: 'ar', authorisedFrom: formatDay(fromDay) });
    b.appoint(ar, network, { effective: formatDay(fromDay), termination: formatDay(toDay), subType: rng.chance(0.2) ? 'Introducer' : 'Full', ...flags() });
    ar.statusEffective = formatDay(toDay);
  }

  // The showcase representative's directors.
  const ar = b.firms.get(SHOWCASE.appointedRepresentativeFrn)!;
  for (let i = 0; i < 2; i++) {
    const p = newPerson(ctx);
    b.addCfRow(row(p.irn, ar.frn, 'CF1 Director (AR)', '15/05/2019', null));
    if (i === 0) {
      b.addCfRow(row(p.irn, ar.frn, 'Appointed representative dealing with clients for which they require qualification', '15/05/2019', null, 'Face To Face; Telephone; Online'));
    }
  }
  // The network's own senior managers.
  for (const fn of ['SMF1 Chief Executive', 'SMF3 Executive Director', 'SMF16 Compliance Oversight', 'SMF17 Money Laundering Reporting Officer (MLRO)']) {
    const p = newPerson(ctx);
    b.addCfRow(row(p.irn, network.frn, fn, formatDay(randomDay(rng, DAYS.smcrSoloRegulated, REFERENCE_DAY - 100)), null));
  }
}

// ---------------------------------------------------------------------------------------------

function buildExceptionalInfoFirm(ctx: Context): void {
  const { b, rng } = ctx;
  const firm = b.addFirm(rng, {
    frn: SHOWCASE.exceptionalInfoFrn,
    name: 'Pemberton Vale Investments Limited',
    kind: 'authorised',
    profile: 'broker_dealer',
    authorisedFrom: '03/03/2003',
  });
  firm.subStatus = 'In administration';
  firm.subStatusFrom = '14/10/2025';
  firm.clientMoney = 'Hold and control client money';
  firm.exceptionalInfo = [
    {
      title: 'Firm in administration',
      body: 'Pemberton Vale Investments Limited entered administration on 14 October 2025. The administrators are dealing with client assets and claims. The firm must not carry on new regulated business.',
    },
    {
      title: 'Client money and assets',
      body: 'If you hold investments or money with this firm, do not send it further payments. The administrators will write to every client about the return of their assets and how to make a claim.',
    },
  ];
  b.setNames(
    firm,
    [
      { name: 'Pemberton Vale', status: 'Trading', from: '01/09/2010' },
      { name: 'Pemberton Vale Investments Limited', status: 'Registered', from: '01/04/2008' },
    ],
    [{ name: 'Pemberton Vale Stockbrokers Limited', status: 'Registered', from: '03/03/2003', to: '31/03/2008' }],
  );
  const details = emptyDetails();
  const names = [...new Set([...PROFILE_PERMISSIONS.broker_dealer, ...PROFILE_PERMISSIONS.adviser])].sort();
  details.permissions = names.map((n) => buildPermission(rng, permissionTemplate(n)));
  details.passports = buildPassports(rng, 'broker_dealer', ['FRANCE', 'IRELAND']);
  details.requirements = [
    requirement('OR-0300301', 'Prior consent needed for new retail business', '14/10/2025'),
    requirement('OR-0300302', 'Assets to be held with an approved custodian', '21/07/2025'),
  ];
  details.regulators = buildRegulators(firm.authorisedFrom, false, null);
  firm.details = details;
  for (const fn of ['SMF3 Executive Director', 'SMF16 Compliance Oversight']) {
    const p = newPerson(ctx);
    b.addCfRow(row(p.irn, firm.frn, fn, formatDay(randomDay(rng, DAYS.smcrSoloRegulated, REFERENCE_DAY - 400)), null));
  }
}

function requirement(ref: string, title: string, effective: string): RequirementRecord {
  const t = REQUIREMENTS.find((r) => r.title === title);
  if (!t) throw new Error(`unknown requirement ${title}`);
  return { ref, title, text: t.text, effective, financialPromotion: t.financialPromotion, investmentTypes: t.investmentTypes?.slice() ?? [] };
}

function buildDisciplinaryFirm(ctx: Context): FirmRecord {
  const { b, rng } = ctx;
  const firm = b.addFirm(rng, { frn: SHOWCASE.disciplinaryFrn, name: 'Castlegate Securities Limited', kind: 'authorised', profile: 'broker_dealer', authorisedFrom: '29/04/1996' });
  const details = emptyDetails();
  details.permissions = PROFILE_PERMISSIONS.broker_dealer
    .slice()
    .sort()
    .map((n) => buildPermission(rng, permissionTemplate(n)));
  details.regulators = buildRegulators(firm.authorisedFrom, false, null);
  const days: number[] = [];
  for (let i = 0; i < DISCIPLINARY_ACTIONS; i++) days.push(randomDay(rng, dayNumber(2002, 1, 1), REFERENCE_DAY - 30));
  days.sort((x, y) => x - y);
  details.disciplinary = days.map((day, i) => fillEnforcement(rng, FIRM_ENFORCEMENT[i % FIRM_ENFORCEMENT.length], firm.name, day));
  firm.details = details;
  return firm;
}

function buildPaymentInstitution(ctx: Context): void {
  const { b, rng } = ctx;
  const firm = b.addFirm(rng, {
    frn: SHOWCASE.paymentInstitutionFrn,
    name: 'Quayside Payments Ltd',
    kind: 'payment-institution',
    profile: 'payment',
    authorisedFrom: '01/03/2018',
  });
  b.setNames(
    firm,
    [
      { name: PAYMENT_FORMULA_TRADING_NAME, status: 'Trading', from: '01/03/2018' },
      { name: 'Quayside Payments Ltd', status: 'Registered', from: '01/03/2018' },
    ],
    [],
  );
  firm.status = firm.searchStatus = 'Authorised';
  firm.psdEmdStatus = 'Authorised Payment Institution';
  firm.psdEmdDate = '01/03/2018';
  firm.statusEffective = '01/03/2018';
  const details = emptyDetails();
  details.permissions = PROFILE_PERMISSIONS.payment.map((n) => buildPermission(rng, permissionTemplate(n)));
  details.exclusions = PSD2_EXCLUSIONS.map((e) => ({ ...e }));
  details.regulators = buildRegulators(firm.authorisedFrom, false, null);
  firm.details = details;
  const p = newPerson(ctx);
  b.addCfRow(row(p.irn, firm.frn, 'SMF3 Executive Director', '09/12/2019', null));
}

function buildNoLongerAuthorised(ctx: Context): [FirmRecord, FirmRecord] {
  const { b, rng } = ctx;
  const [frnA, frnB] = SHOWCASE.noLongerAuthorisedFrns;
  const ferncliffe = b.addFirm(rng, { frn: frnA, name: 'Ferncliffe Financial Planning Ltd', kind: 'no-longer-authorised', profile: 'adviser', authorisedFrom: '01/05/2002' });
  ferncliffe.status = ferncliffe.searchStatus = 'No longer authorised';
  ferncliffe.statusEffective = '30/06/2019';
  ferncliffe.staffWeight = 0;
  // Six former appointed representatives and no current ones.
  for (let i = 0; i < 6; i++) {
    const from = randomDay(rng, dayNumber(2004, 1, 1), dayNumber(2015, 1, 1));
    const to = randomDay(rng, from + 100, dayNumber(2019, 6, 30));
    const ar = b.addFirm(rng, { kind: 'former-appointed-representative', profile: 'ar', authorisedFrom: formatDay(from) });
    b.appoint(ar, ferncliffe, {
      effective: formatDay(from),
      termination: formatDay(to),
      subType: i === 5 ? 'Introducer' : 'Full',
      tiedAgent: false,
      eeaTiedAgent: false,
      insuranceDistribution: i % 2 === 0,
    });
    ar.statusEffective = formatDay(to);
  }
  const greyfriars = b.addFirm(rng, { frn: frnB, name: 'Greyfriars Insurance Brokers LLP', kind: 'no-longer-authorised', profile: 'broker', authorisedFrom: '14/01/1999' });
  greyfriars.status = greyfriars.searchStatus = 'No longer authorised';
  greyfriars.statusEffective = '30/09/2014';
  greyfriars.staffWeight = 0;
  addFormerStaff(ctx, greyfriars, 2);
  return [ferncliffe, greyfriars];
}

/** People whose spells at a firm all ended before it stopped trading. */
function addFormerStaff(ctx: Context, firm: FirmRecord, count: number): void {
  const { b, rng } = ctx;
  const end = parseDay(firm.statusEffective);
  for (let i = 0; i < count; i++) {
    const p = newPerson(ctx, undefined, undefined, { searchStatus: 'Regulatory approval no longer required' });
    const start = randomDay(rng, parseDay(firm.authorisedFrom), end - 400);
    for (const r of rowsForStint(rng, firm, start, randomDay(rng, start + 200, end))) b.addCfRow({ ...r, irn: p.irn, frn: firm.frn });
  }
}

function buildNonAsciiFirm(ctx: Context): void {
  const { b, rng } = ctx;
  const firm = b.addFirm(rng, {
    frn: SHOWCASE.nonAsciiFrn,
    name: "Ó Súilleabháin & D'Arcy Financial Planning Ltd",
    kind: 'authorised',
    profile: 'adviser',
    authorisedFrom: '17/06/2002',
  });
  b.setNames(
    firm,
    [
      { name: "Zoë's Mortgage Café", status: 'Trading', from: '03/03/2014' },
      { name: 'Ångström Wealth Partners', status: 'Trading', from: '11/11/2019' },
      { name: "Ó Súilleabháin & D'Arcy Financial Planning Ltd", status: 'Registered', from: '02/02/2009' },
    ],
    [{ name: "Müller & O'Brien Associates Limited", status: 'Registered', from: '17/06/2002', to: '01/02/2009' }],
  );
  firm.ppob = { ...firm.ppob, line1: "St Anne's Chambers", line2: "12 St Anne's Square", town: 'Manchester', county: 'Greater Manchester', postcode: 'M2 7HW' };
  firm.searchSuffix = ' (Postcode: M2 7HW)';
  const person = newPerson(
    ctx,
    SHOWCASE.nonAsciiIrn,
    { first: 'Órla', middles: ['Caitríona'], last: "M'Naghten" },
    {
      commonlyUsedName: 'Órla',
      workplaces: [{ firmName: firm.name, location: 'Manchester' }],
    },
  );
  b.addCfRow(row(person.irn, firm.frn, 'SMF3 Executive Director', '09/12/2019', null));
  b.addCfRow(row(person.irn, firm.frn, '[FCA CF] Functions requiring qualifications', '09/12/2019', null, 'Face To Face; Telephone; Online'));
  b.addCfRow(row(person.irn, firm.frn, 'CF1 Director', '02/02/2009', '08/12/2019'));
  for (const [first, last] of [
    ['Siân', "O'Donnell"],
    ['Søren', 'Brontë'],
  ] as const) {
    const p = newPerson(ctx, undefined, { first, middles: [], last });
    b.addCfRow(row(p.irn, firm.frn, '[FCA CF] Functions requiring qualifications', formatDay(randomDay(rng, DAYS.smcrSoloRegulated, REFERENCE_DAY - 60)), null, 'Face To Face'));
  }
}

function buildProhibitedIndividual(ctx: Context, castlegate: FirmRecord, greyfriars: FirmRecord): void {
  const { b, rng } = ctx;
  const person = newPerson(ctx, SHOWCASE.prohibitedIrn, { first: 'Piers', middles: [], last: 'Rowntree' }, { searchStatus: 'Prohibited' });
  b.addCfRow(row(person.irn, greyfriars.frn, 'CF30 Customer', '03/05/2005', '29/01/2010', 'Face To Face; Telephone'));
  b.addCfRow(row(person.irn, castlegate.frn, 'CF1 Director', '01/02/2010', '08/12/2019'));
  b.addCfRow(row(person.irn, castlegate.frn, 'SMF3 Executive Director', '09/12/2019', '31/03/2021'));
  b.addDisciplinary(person.irn, [
    fillEnforcement(rng, INDIVIDUAL_ENFORCEMENT[1], 'Mr Rowntree', dayNumber(2021, 9, 15)),
    fillEnforcement(rng, INDIVIDUAL_ENFORCEMENT[0], 'Mr Rowntree', dayNumber(2022, 3, 1)),
  ]);
}

// ---------------------------------------------------------------------------------------------

function buildUmbrella(ctx: Context, depositary: FirmRecord): void {
  const { b, rng } = ctx;
  const operator = b.addFirm(rng, { name: 'Wessex Horizon Fund Managers Limited', kind: 'authorised', profile: 'fund-manager', authorisedFrom: '23/12/1998' });
  const umbrella = b.addFund({
    prn: SHOWCASE.umbrellaFundPrn,
    name: 'Wessex Horizon Investment Funds ICVC',
    status: 'Authorised',
    productType: 'ICVC',
    schemeType: 'UCITS (COLL)',
    icvcRegistration: 'IC000800',
    effective: '23/12/1998',
    operatorFrn: operator.frn,
    depositaryFrn: depositary.frn,
    mmfTermType: '',
    mmfNavType: '',
    otherNames: [
      { name: 'Wessex Investment Funds ICVC', from: '23/12/1998', to: '22/08/2012' },
      { name: 'Wessex Horizon OEIC', from: '23/08/2012', to: '01/08/2020' },
    ],
    subFundPrns: [],
    parentPrn: null,
    subFundType: '',
  });
  makeSubFunds(b, rng, umbrella, UMBRELLA_SUB_FUNDS, 'Wessex Horizon', subFundPrns());
}

// ---------------------------------------------------------------------------------------------
// "revolution": unauthorised and clone firms (no FRN in search) among authorised ones, some
// found only through a trading or previous name.

const REVOLUTION_FIRMS: Array<readonly [string, FirmKind, FirmProfile]> = [
  ['Revolution Motors Ltd', 'appointed-representative', 'ar'],
  ['Green Revolution Heating Limited', 'former-appointed-representative', 'ar'],
  ['REVOLUTION PERFORMANCE CARS LIMITED', 'no-longer-authorised', 'consumer-credit'],
  ['Revolution Lettings Ltd', 'appointed-representative', 'ar'],
  ['Quiet Revolution Financial Planning Ltd', 'authorised', 'adviser'],
  ['Revolution Mortgage Services Limited', 'authorised', 'mortgage'],
  ['Digital Revolution Payments Ltd', 'payment-institution', 'payment'],
  ['Revolutionary Kitchens Ltd', 'appointed-representative', 'ar'],
  ['Revolution Insurance Brokers LLP', 'authorised', 'broker'],
  ['Solar Revolution Finance Ltd', 'appointed-representative', 'ar'],
  ['Revolution Bikes Ltd', 'former-appointed-representative', 'ar'],
  ['Revolution Pay Ltd', 'e-money-institution', 'emoney'],
  ['The Revolution Partnership LLP', 'authorised', 'adviser'],
  ['Revolution Estates Ltd', 'appointed-representative', 'ar'],
  ['REVOLUTION AESTHETICS CLINIC LTD', 'appointed-representative', 'ar'],
  ['Circular Revolution Leasing Limited', 'authorised', 'consumer-credit'],
  ['Revolution Funding Ltd', 'no-longer-authorised', 'consumer-credit'],
  ['Velvet Revolution Wealth Ltd', 'authorised', 'adviser'],
  ['Revolution Car Finance Ltd', 'psd-agent', 'payment'],
  ['Revolution Auto Centre Ltd', 'appointed-representative', 'ar'],
  ['Industrial Revolution Capital LLP', 'authorised', 'fund-manager'],
  ['Revolution Property Management Limited', 'former-appointed-representative', 'ar'],
  ['Revolution Fuels Ltd', 'psd-agent', 'payment'],
  ['Revolution Protection Services Ltd', 'appointed-representative', 'ar'],
  ['Revolutions Cycle Insurance Ltd', 'authorised', 'broker'],
  ['Quantum Revolution Advisers Ltd', 'no-longer-authorised', 'adviser'],
];

const REVOLUTION_UNAUTHORISED = [
  { name: 'Revolution Capital Partners (clone of FCA authorised firm)', suffix: ' (Postcode: n/a)' },
  { name: 'Crypto Revolution App', suffix: ' (Postcode: N/A)' },
  { name: 'Bitcoin Revolution Pro / Revolution Trader', suffix: ' (Postcode: EC3V 9DS)' },
  { name: 'RevolutionFX Markets Ltd', suffix: ' (Postcode: n/a)' },
  { name: 'Revolution Wealth Advisers (clone of FCA authorised firm)', suffix: ' (Postcode: -)' },
  { name: 'Green Revolution Investments', suffix: ' (Postcode: n/a)' },
  { name: 'Revolutionary Returns Club', suffix: ' (Postcode: N/A)' },
  { name: 'Quantum Revolution Trading Ltd (clone of FCA authorised firm)', suffix: ' (Postcode: n/a)' },
];

function buildRevolutionFirms(ctx: Context): void {
  const { b, rng, population } = ctx;
  const principals = population.filter((f) => f.kind === 'authorised' && (f.profile === 'mortgage' || f.profile === 'broker' || f.profile === 'adviser'));
  for (const [name, kind, profile] of REVOLUTION_FIRMS) {
    const firm = b.addFirm(rng, { name, kind, profile });
    if (kind === 'appointed-representative' || kind === 'former-appointed-representative') {
      const from = parseDay(firm.authorisedFrom);
      const current = kind === 'appointed-representative';
      const to = current ? null : formatDay(randomDay(rng, from + 100, REFERENCE_DAY - 30));
      if (principals.length > 0) {
        b.appoint(firm, rng.pick(principals), {
          effective: firm.authorisedFrom,
          termination: to,
          subType: 'Full',
          tiedAgent: false,
          eeaTiedAgent: false,
          insuranceDistribution: true,
        });
      }
      if (to) firm.statusEffective = to;
    }
  }
  // Firms whose displayed name lacks the word: found through a trading or earlier name.
  for (let i = 0; i < 8; i++) {
    const profile: FirmProfile = i % 2 === 0 ? 'mortgage' : 'adviser';
    const firm = b.addFirm(rng, { kind: 'authorised', profile, authorisedFrom: formatDay(randomDay(rng, dayNumber(2003, 1, 1), dayNumber(2012, 1, 1))) });
    if (i % 2 === 0) {
      const renamed = formatDay(randomDay(rng, parseDay(firm.authorisedFrom) + 400, REFERENCE_DAY - 400));
      b.setNames(
        firm,
        [{ name: firm.name, status: 'Registered', from: renamed }],
        [
          {
            name: `Revolution ${profile === 'mortgage' ? 'Mortgage Brokers' : 'Financial Planning'} Ltd`,
            status: 'Registered',
            from: firm.authorisedFrom,
            to: formatDay(parseDay(renamed) - 1),
          },
        ],
      );
    } else {
      b.setNames(
        firm,
        [
          {
            name: `Revolution ${rng.pick(['Finance', 'Money', 'Wealth', 'Advice'])}`,
            status: 'Trading',
            from: formatDay(randomDay(rng, parseDay(firm.authorisedFrom), REFERENCE_DAY - 100)),
          },
          { name: firm.name, status: 'Registered', from: firm.authorisedFrom },
        ],
        [],
      );
    }
  }
  b.unauthorised.push(...REVOLUTION_UNAUTHORISED.map((u) => ({ ...u })));
}

/** People matching SHOWCASE.individualSearch, so that search spans pages; "Edward Thornton" exactly comes first. */
function buildSearchCluster(ctx: Context): void {
  const { b, rng, pools } = ctx;
  const names: Array<[string, string[], string]> = [
    ['Edward', [], 'Thornton'],
    ['Edward', [], 'Thornton'],
    ['Edward', [], 'Thornton'],
    ['Edward', ['James'], 'Thornton'],
    ['James', ['Edward'], 'Thornton'],
    ['Edward', [], 'Thornton-Blake'],
    ['Edward', ['John'], 'Thornton'],
    ['Thomas', ['Edward'], 'Thornton'],
    ['Edward', ['Charles'], 'Thornton'],
    ['Edward', ['Peter', 'Hugh'], 'Thornton'],
    ['Richard', ['Edward'], 'Thornton'],
    ['Edward', [], 'Ashby-Thornton'],
    ['Edward', ['George'], 'Thornton'],
    ['Michael', ['Edward'], 'Thornton'],
    ['Edward', ['Alan'], 'Thornton'],
    ['Edward', ['Rhys'], 'Thornton'],
    ['Daniel', ['Edward'], 'Thornton'],
    ['Edward', ['Francis'], 'Thornton'],
    ['Edward', ['Lewis'], 'Thornton'],
    ['Peter', ['Edward'], 'Thornton'],
    ['Edward', ['Oliver'], 'Thornton'],
    ['Edward', ['Samuel'], 'Thornton'],
    ['Andrew', ['Edward'], 'Thornton'],
    ['Edward', ['Henry'], 'Thornton'],
  ];
  names.forEach(([first, middles, last], i) => {
    const state = i % 4 === 3 ? 'inactive' : 'active';
    generatePerson(b, rng, makePersonName(first, middles, last), state, pools);
  });
}
