/**
 * The generated population around the showcase records: ordinary firms with their appointed
 * representatives, people with careers (controlled-function rows) at those firms, funds with
 * their operators and depositaries, and unauthorised firms. Proportions follow the shape of the
 * real register (many small advisers and appointed representatives, few banks and insurers).
 */
import type { Rng } from '../prng';
import { ENGAGEMENT_METHODS, INDIVIDUAL_ENFORCEMENT, controlledFunction } from './catalogue';
import type { DatasetBuilder } from './builder';
import { fillEnforcement } from './firm-details';
import { DAYS, REFERENCE_DAY, brandOf, dayNumber, firmName, formatDay, parseDay, personName, randomDay, type PersonName } from './generation-kit';
import { FIRM_ACTIVITY_WORDS, FIRM_PLACE_WORDS, FUND_WORDS, PLACES } from './vocabulary';
import type { CfRow, FirmKind, FirmProfile, FirmRecord, FundRecord, IndividualRecord } from './types';

const KIND_WEIGHTS: Array<readonly [FirmKind, number]> = [
  ['authorised', 38],
  ['appointed-representative', 30],
  ['former-appointed-representative', 8],
  ['no-longer-authorised', 12],
  ['payment-institution', 4],
  ['e-money-institution', 1.5],
  ['psd-agent', 3.5],
  ['overseas-branch', 3],
];

const AUTHORISED_PROFILES: Array<readonly [FirmProfile, number]> = [
  ['adviser', 30],
  ['mortgage', 22],
  ['broker', 18],
  ['consumer-credit', 12],
  ['fund-manager', 6],
  ['broker_dealer', 5],
  ['insurer', 4],
  ['bank', 2],
  ['depositary', 1],
];

const OVERSEAS_PROFILES: Array<readonly [FirmProfile, number]> = [
  ['bank', 4],
  ['insurer', 2],
  ['broker_dealer', 3],
  ['fund-manager', 2],
];

const OVERSEAS_FORMS = ['S.A.', 'AG', 'B.V.', 'S.p.A.', 'AB', 'SE', 'N.V.'];

function profileFor(rng: Rng, kind: FirmKind): FirmProfile {
  switch (kind) {
    case 'appointed-representative':
    case 'former-appointed-representative':
      return 'ar';
    case 'payment-institution':
    case 'psd-agent':
      return 'payment';
    case 'e-money-institution':
      return 'emoney';
    case 'overseas-branch':
      return rng.weighted(OVERSEAS_PROFILES);
    default:
      return rng.weighted(AUTHORISED_PROFILES);
  }
}

/** Firms of every kind; the first few are forced to fund managers and depositaries so funds always have both. */
export function generateFirms(b: DatasetBuilder, rng: Rng, count: number): FirmRecord[] {
  const out: FirmRecord[] = [];
  for (let i = 0; i < count; i++) {
    let kind: FirmKind;
    let profile: FirmProfile;
    if (i < 6) {
      kind = 'authorised';
      profile = i < 4 ? 'fund-manager' : 'depositary';
    } else {
      kind = rng.weighted(KIND_WEIGHTS);
      profile = profileFor(rng, kind);
    }
    let name: string | undefined;
    if (kind === 'overseas-branch') {
      const base = `${rng.pick(FIRM_PLACE_WORDS)} ${rng.pick(FIRM_ACTIVITY_WORDS[profile] ?? ['Finance'])} ${rng.pick(OVERSEAS_FORMS)}`;
      name = rng.chance(0.5) ? `${base}, London Branch` : base;
    }
    const firm = b.addFirm(rng, { kind, profile, name });
    if (kind === 'authorised' && rng.chance(0.004)) {
      firm.exceptionalInfo.push({
        title: 'Restrictions on this firm',
        body: `${firm.name} has agreed not to take on new business while the FCA reviews its arrangements. Existing customers can contact the firm as usual.`,
      });
    }
    if (kind === 'authorised' && rng.chance(0.005)) {
      firm.subStatus = 'Subject to a voluntary requirement';
      firm.subStatusFrom = formatDay(randomDay(rng, parseDay(firm.authorisedFrom), REFERENCE_DAY - 30));
    }
    out.push(firm);
  }
  return out;
}

/** Cumulative weights for fast weighted picks over thousands of firms. */
export class WeightedFirms {
  private readonly cumulative: number[] = [];
  private total = 0;
  constructor(
    private readonly firms: FirmRecord[],
    weight: (f: FirmRecord) => number,
  ) {
    for (const f of firms) {
      this.total += Math.max(0, weight(f));
      this.cumulative.push(this.total);
    }
  }
  get empty(): boolean {
    return this.total === 0;
  }
  pick(rng: Rng): FirmRecord {
    const r = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return this.firms[lo];
  }
}

const PRINCIPAL_PROFILES = new Set<FirmProfile>(['mortgage', 'adviser', 'broker', 'insurer', 'consumer-credit', 'bank', 'fund-manager']);

/** Appointments for the generated appointed representatives (current and former). */
export function generateAppointments(b: DatasetBuilder, rng: Rng, firms: FirmRecord[]): void {
  const principals = firms.filter((f) => f.kind === 'authorised' && PRINCIPAL_PROFILES.has(f.profile));
  if (principals.length === 0) return;
  // A few networks take most appointments, as on the real register.
  const networks = new Set(rng.sample(principals, Math.max(1, Math.round(principals.length * 0.03))).map((f) => f.frn));
  const pool = new WeightedFirms(principals, (f) => (networks.has(f.frn) ? 40 : 1));

  for (const ar of firms) {
    if (ar.kind !== 'appointed-representative' && ar.kind !== 'former-appointed-representative') continue;
    const start = parseDay(ar.authorisedFrom);
    const link = () => {
      const introducer = rng.chance(0.15);
      return {
        subType: introducer ? ('Introducer' as const) : ('Full' as const),
        tiedAgent: rng.chance(0.03),
        eeaTiedAgent: rng.chance(0.01),
        insuranceDistribution: rng.chance(0.5),
      };
    };
    if (ar.kind === 'appointed-representative') {
      const first = pool.pick(rng);
      const main = b.appoint(ar, first, { effective: formatDay(start), termination: null, ...link() });
      if (main.subType === 'Introducer') ar.status = ar.searchStatus = 'Appointed representative - introducer';
      if (rng.chance(0.1)) {
        const second = pool.pick(rng);
        if (second.frn !== first.frn) {
          b.appoint(ar, second, { effective: formatDay(randomDay(rng, start, REFERENCE_DAY - 30)), termination: null, ...link() });
        }
      }
      if (rng.chance(0.25) && start - 400 > DAYS.n2) {
        const earlier = pool.pick(rng);
        if (earlier.frn !== first.frn) {
          const from = randomDay(rng, Math.max(DAYS.n2, start - 8 * 365), start - 400);
          b.appoint(ar, earlier, { effective: formatDay(from), termination: formatDay(randomDay(rng, from + 90, start - 1)), ...link() });
          // The live search lists some such firms twice, once per status.
          if (rng.chance(0.3)) ar.duplicateSearchStatuses.push('No longer registered as an Appointed Representative');
        }
      }
      ar.statusEffective = formatDay(start);
    } else {
      const count = rng.chance(0.25) ? 2 : 1;
      let from = start;
      let lastEnd = start;
      for (let i = 0; i < count; i++) {
        const principal = pool.pick(rng);
        const end = randomDay(rng, from + 90, Math.min(REFERENCE_DAY - 30, from + 6 * 365));
        b.appoint(ar, principal, { effective: formatDay(from), termination: formatDay(end), ...link() });
        lastEnd = end;
        from = end + rng.int(1, 60);
        if (from > REFERENCE_DAY - 200) break;
      }
      ar.statusEffective = formatDay(lastEnd);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// People

const SMF_WEIGHTS: Array<readonly [string, number]> = [
  ['SMF3 Executive Director', 20],
  ['SMF16 Compliance Oversight', 14],
  ['SMF17 Money Laundering Reporting Officer (MLRO)', 14],
  ['SMF29 Limited Scope Function', 8],
  ['SMF1 Chief Executive', 8],
  ['SMF27 Partner', 6],
  ['SMF9 Chair', 5],
  ['SMF2 Chief Finance', 4],
  ['SMF18 Other Overall Responsibility', 4],
  ['SMF4 Chief Risk', 3],
  ['SMF14 Senior Independent Director', 3],
  ['SMF24 Chief Operations', 3],
  ['SMF10 Chair of the Risk Committee', 2],
  ['SMF11 Chair of the Audit Committee', 2],
  ['SMF7 Group Entity Senior Manager', 2],
  ['SMF12 Chair of the Remuneration Committee', 1],
  ['SMF5 Head of Internal Audit', 1],
];

const INSURER_SMF: Array<readonly [string, number]> = [...SMF_WEIGHTS, ['SMF20 Chief Actuary', 4], ['SMF23 Chief Underwriting Officer', 4]];

const LEGACY_WEIGHTS: Array<readonly [string, number]> = [
  ['CF30 Customer', 45],
  ['CF1 Director', 20],
  ['CF10 Compliance Oversight', 10],
  ['CF11 Money Laundering Reporting', 8],
  ['CF2 Non Executive Director', 6],
  ['CF3 Chief Executive', 5],
  ['CF4 Partner', 3],
  ['CF8 Apportionment and Oversight', 3],
];

export function smcrStart(profile: FirmProfile): number {
  return profile === 'bank' || profile === 'insurer' ? DAYS.smcrBanks : DAYS.smcrSoloRegulated;
}

type RowDraft = Omit<CfRow, 'irn' | 'frn'>;

function draft(rng: Rng, fn: string, effective: number, end: number | null, current: boolean): RowDraft {
  const f = controlledFunction(fn);
  const blankStart = current && f.cls === 'certified' && rng.chance(0.15);
  const restricted = rng.chance(0.003);
  return {
    function: fn,
    effective: blankStart ? '' : formatDay(effective),
    end: end === null ? null : formatDay(end),
    restriction: restricted ? 'Conditions apply: supervised advice only' : '',
    restrictionStart: restricted ? formatDay(effective + 30) : '',
    restrictionEnd: restricted ? formatDay(effective + 400) : '',
    customerEngagement: f.customerFacing && rng.chance(0.7) ? rng.pick(ENGAGEMENT_METHODS) : '',
  };
}

/** The controlled-function rows for one spell at a firm, split at the SM&CR start when it straddles it. */
export function rowsForStint(rng: Rng, firm: FirmRecord, start: number, end: number | null): RowDraft[] {
  const current = end === null;
  if (firm.profile === 'ar') {
    const r = rng.next();
    const fns =
      r < 0.7
        ? ['CF1 Director (AR)']
        : r < 0.9
          ? ['Appointed representative dealing with clients for which they require qualification']
          : ['CF1 Director (AR)', 'Appointed representative dealing with clients for which they require qualification'];
    return fns.map((fn) => draft(rng, fn, start, end, current));
  }
  const smcr = smcrStart(firm.profile);
  const rows: RowDraft[] = [];
  const legacyPart = start < smcr;
  const modernPart = end === null || end >= smcr;
  if (legacyPart && (!modernPart || rng.chance(0.6))) {
    const legacyEnd = end !== null && end < smcr ? end : smcr - 1;
    const fn = rng.weighted(LEGACY_WEIGHTS);
    rows.push(draft(rng, fn, start, legacyEnd, false));
    if (fn !== 'CF30 Customer' && rng.chance(0.2)) rows.push(draft(rng, 'CF30 Customer', start, legacyEnd, false));
  }
  if (modernPart) {
    const from = Math.max(start, smcr);
    const r = rng.next();
    const smfList = firm.profile === 'insurer' ? INSURER_SMF : SMF_WEIGHTS;
    if (r < 0.55) {
      rows.push(draft(rng, rng.chance(0.5) ? '[FCA CF] Functions requiring qualifications' : '[FCA CF] Client dealing', from, end, current));
    } else if (r < 0.85) {
      rows.push(draft(rng, rng.weighted(smfList), from, end, current));
    } else if (r < 0.95) {
      rows.push(draft(rng, rng.weighted(smfList), from, end, current));
      rows.push(draft(rng, '[FCA CF] Client dealing', from, end, current));
    } else {
      const other = firm.profile === 'broker' || firm.profile === 'insurer' ? 'Responsible for Insurance Distribution' : '[FCA CF] Material risk takers';
      rows.push(draft(rng, other, from, end, current));
    }
  }
  return rows;
}

const ACTIVE_KINDS = new Set<FirmKind>(['authorised', 'appointed-representative', 'payment-institution', 'e-money-institution', 'overseas-branch']);

function lastDayAt(firm: FirmRecord): number {
  if (firm.kind === 'no-longer-authorised' || firm.kind === 'former-appointed-representative' || firm.status.startsWith('No Longer')) {
    return parseDay(firm.statusEffective);
  }
  return REFERENCE_DAY - 30;
}

function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function commonlyUsedName(rng: Rng, name: PersonName): string {
  if (!rng.chance(0.25)) return 'None';
  return name.aliases.length > 0 && rng.chance(0.6) ? titleCase(rng.pick(name.aliases)) : name.first;
}

export type PersonState = 'active' | 'inactive' | 'deceased' | 'prohibited';

/** Where people work: current spells at active firms, past spells anywhere. */
export interface FirmPools {
  active: WeightedFirms;
  any: WeightedFirms;
}

export function firmPools(firms: FirmRecord[]): FirmPools {
  return {
    active: new WeightedFirms(
      firms.filter((f) => ACTIVE_KINDS.has(f.kind)),
      (f) => f.staffWeight,
    ),
    any: new WeightedFirms(firms, (f) => (f.kind === 'psd-agent' ? 0.3 : ACTIVE_KINDS.has(f.kind) ? f.staffWeight : f.staffWeight * 0.5)),
  };
}

const SEARCH_STATUS: Record<PersonState, string> = {
  prohibited: 'Prohibited',
  deceased: 'Deceased',
  active: 'Active',
  inactive: 'Regulatory approval no longer required',
};

/** One person with a career at the pooled firms; every row goes through the builder so both ends agree. */
export function generatePerson(b: DatasetBuilder, rng: Rng, name: PersonName, state: PersonState, pools: FirmPools): IndividualRecord {
  const irn = b.allocator.irn(rng, name.first, name.middles, name.last);
  const person = b.addIndividual({
    irn,
    fullName: name.full,
    commonlyUsedName: commonlyUsedName(rng, name),
    searchStatus: SEARCH_STATUS[state],
    workplaces: [],
    disciplinary: [],
    searchAliases: name.aliases,
  });
  const earliest = dayNumber(1995, 1, 1);
  const stints: Array<{ firm: FirmRecord; start: number; end: number | null }> = [];
  if (state === 'active' && !pools.active.empty) {
    const firm = pools.active.pick(rng);
    stints.push({ firm, start: randomDay(rng, Math.max(parseDay(firm.authorisedFrom), dayNumber(1998, 1, 1)), REFERENCE_DAY - 30), end: null });
  }
  const previousCount =
    state === 'active'
      ? rng.weighted([
          [0, 60],
          [1, 30],
          [2, 10],
        ] as const)
      : rng.int(1, 3);
  for (let k = 0; k < previousCount && !pools.any.empty; k++) {
    const firm = pools.any.pick(rng);
    const lower = Math.max(parseDay(firm.authorisedFrom), earliest);
    const upper = lastDayAt(firm);
    if (upper - lower < 200) continue;
    const start = randomDay(rng, lower, upper - 200);
    const end = randomDay(rng, start + 150, Math.min(upper, start + 12 * 365));
    stints.push({ firm, start, end });
  }
  for (const stint of stints) {
    for (const row of rowsForStint(rng, stint.firm, stint.start, stint.end)) b.addCfRow({ ...row, irn, frn: stint.firm.frn });
  }

  const currentFacing = person.cfRows.find((row) => row.end === null && controlledFunction(row.function).customerFacing && b.firms.get(row.frn)!.profile !== 'ar');
  if (currentFacing && rng.chance(0.55)) {
    const firm = b.firms.get(currentFacing.frn)!;
    person.workplaces.push({ firmName: firm.name, location: firm.ppob.town });
    if (rng.chance(0.1)) person.workplaces.push({ firmName: firm.name, location: rng.pick(PLACES).town });
  }

  if (state === 'prohibited') {
    const day = randomDay(rng, dayNumber(2008, 1, 1), REFERENCE_DAY - 60);
    person.disciplinary.push(fillEnforcement(rng, INDIVIDUAL_ENFORCEMENT[0], name.full, day));
    if (rng.chance(0.5)) person.disciplinary.unshift(fillEnforcement(rng, INDIVIDUAL_ENFORCEMENT[1], name.full, day - rng.int(30, 400)));
  } else if (rng.chance(0.004)) {
    const day = randomDay(rng, dayNumber(2005, 1, 1), REFERENCE_DAY - 60);
    person.disciplinary.push(fillEnforcement(rng, rng.pick(INDIVIDUAL_ENFORCEMENT.slice(1)), name.full, day));
  }
  return person;
}

export function generateIndividuals(b: DatasetBuilder, rng: Rng, count: number, pools: FirmPools): void {
  for (let i = 0; i < count; i++) {
    const r = rng.next();
    const state: PersonState = r < 0.003 ? 'prohibited' : r < 0.015 ? 'deceased' : r < 0.285 ? 'inactive' : 'active';
    generatePerson(b, rng, personName(rng), state, pools);
  }
}

// ---------------------------------------------------------------------------------------------
// Funds

const FUND_TYPES: Array<readonly [readonly [string, string], number]> = [
  [['ICVC', 'UCITS (COLL)'], 30],
  [['Unit Trust', 'UCITS (COLL)'], 20],
  [['Unit Trust', 'NURS'], 15],
  [['ICVC', 'NURS'], 10],
  [['Authorised Contractual Scheme', 'UCITS (COLL)'], 6],
  [['ICVC', 'QIS'], 3],
  [['ICVC', 'LTAF'], 2],
  [['Recognised Scheme', 'Recognised - Overseas Fund Regime'], 10],
];

export function subFundSchemeType(parentScheme: string): string {
  const short = parentScheme.startsWith('UCITS') ? 'UCITS' : parentScheme.split(' ')[0];
  return `Sub-Fund (${short})`;
}

export function fundName(rng: Rng, brand: string, form?: string): string {
  return `${brand} ${rng.pick(FUND_WORDS.regions)} ${rng.pick(FUND_WORDS.assets)} ${form ?? rng.pick(FUND_WORDS.forms)}`;
}

function mmfTypes(rng: Rng, name: string): [string, string] {
  if (!name.includes('Money Market')) return ['', ''];
  return [rng.pick(['Short-Term MMF', 'Standard MMF']), rng.pick(['Variable NAV', 'Low Volatility NAV', 'Public Debt Constant NAV'])];
}

export function makeSubFunds(b: DatasetBuilder, rng: Rng, parent: FundRecord, count: number, brand: string, prns?: string[]): FundRecord[] {
  const used = new Set<string>();
  const out: FundRecord[] = [];
  for (let i = 0; i < count; i++) {
    let name = fundName(rng, brand, 'Fund');
    for (let tries = 0; used.has(name) && tries < 20; tries++) name = fundName(rng, brand, 'Fund');
    if (used.has(name)) name = `${name} ${i + 1}`;
    used.add(name);
    const [term, nav] = mmfTypes(rng, name);
    const sub = b.addFund({
      prn: prns ? prns[i] : b.allocator.number(rng),
      name,
      status: parent.status === 'Terminated' ? 'Terminated' : 'Approved',
      productType: parent.productType,
      schemeType: subFundSchemeType(parent.schemeType),
      icvcRegistration: '',
      effective: formatDay(randomDay(rng, parseDay(parent.effective), REFERENCE_DAY - 30)),
      operatorFrn: '',
      depositaryFrn: '',
      mmfTermType: term,
      mmfNavType: nav,
      otherNames: [],
      subFundPrns: [],
      parentPrn: parent.prn,
      subFundType: 'Other',
    });
    parent.subFundPrns.push(sub.prn);
    out.push(sub);
  }
  return out;
}

export function generateFunds(b: DatasetBuilder, rng: Rng, count: number, operators: FirmRecord[], depositaries: FirmRecord[]): void {
  for (let i = 0; i < count; i++) {
    const operator = rng.pick(operators);
    const depositary = rng.pick(depositaries);
    const [productType, schemeType] = rng.weighted(FUND_TYPES);
    const recognised = productType === 'Recognised Scheme';
    const umbrella = !recognised && rng.chance(0.22);
    const brand = brandOf(operator.name);
    const name = umbrella ? `${brand} ${rng.pick(FUND_WORDS.umbrellaForms)}` : fundName(rng, brand);
    const status = recognised ? (rng.chance(0.9) ? 'Recognised' : 'De-recognised') : rng.chance(0.9) ? 'Authorised' : 'Terminated';
    const effectiveDay = randomDay(rng, dayNumber(1990, 1, 1), REFERENCE_DAY - 60);
    const [term, nav] = mmfTypes(rng, name);
    const otherNames: FundRecord['otherNames'] = [];
    if (rng.chance(0.2) && effectiveDay < REFERENCE_DAY - 1000) {
      const to = randomDay(rng, effectiveDay + 200, REFERENCE_DAY - 100);
      otherNames.push({
        name: umbrella ? `${brandOf(firmName(rng, 'fund-manager'))} ${rng.pick(FUND_WORDS.umbrellaForms)}` : fundName(rng, brandOf(firmName(rng, 'fund-manager'))),
        from: formatDay(effectiveDay),
        to: formatDay(to),
      });
    }
    const fund = b.addFund({
      prn: b.allocator.number(rng),
      name,
      status,
      productType,
      schemeType,
      icvcRegistration: productType === 'ICVC' ? `IC${String(rng.int(1, 3999)).padStart(6, '0')}` : '',
      effective: formatDay(effectiveDay),
      operatorFrn: operator.frn,
      depositaryFrn: depositary.frn,
      mmfTermType: term,
      mmfNavType: nav,
      otherNames,
      subFundPrns: [],
      parentPrn: null,
      subFundType: '',
    });
    if (umbrella) makeSubFunds(b, rng, fund, rng.int(2, 14), brand);
  }
}

/** Search-only rows for unauthorised firms and clones of authorised ones. */
export function generateUnauthorised(b: DatasetBuilder, rng: Rng, firms: FirmRecord[]): void {
  const authorised = firms.filter((f) => f.kind === 'authorised');
  for (const victim of rng.sample(authorised, Math.min(40, authorised.length))) {
    b.unauthorised.push({ name: `${victim.name} (clone of FCA authorised firm)`, suffix: rng.pick([' (Postcode: n/a)', ' (Postcode: N/A)', ' (Postcode: -)']) });
  }
  for (let i = 0; i < 20; i++) {
    b.unauthorised.push({
      name: `${rng.pick(FIRM_PLACE_WORDS)} ${rng.pick(['Capital Markets', 'Crypto Investments', 'Forex Traders', 'Wealth Club', 'Asset Recovery', 'Bond Traders'])}${rng.chance(0.5) ? ' Ltd' : ''}`,
      suffix: rng.chance(0.5) ? ' (Postcode: n/a)' : ` (Postcode: ${rng.pick(PLACES[0].areas)} ${rng.int(1, 9)}AB)`,
    });
  }
}
