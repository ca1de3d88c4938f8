/**
 * What changes on each register day. A day's plan is drawn from a stream seeded by (seed, day)
 * against the records of the day before, so it depends on nothing but the seed and the day. The
 * showcase records change only on the days listed in SHOWCASE_CHANGES (and sandbox/README.md);
 * every other change falls on ordinary records, a few in a thousand a day, as on the live register.
 */
import { Rng } from '../prng';
import { ENGAGEMENT_METHODS, FIRM_ENFORCEMENT, INDIVIDUAL_ENFORCEMENT, PERMISSIONS, PROFILE_PERMISSIONS, REQUIREMENTS, SUB_STATUSES, controlledFunction } from './catalogue';
import { CBTL_PERMISSION } from './catalogue';
import { applyOp, registerDate, type DayChange, type DayOp, type DayState } from './day-state';
import { buildPermission, buildRegulators, fillEnforcement, permissionTemplate, requirementRef } from './firm-details';
import { REFERENCE_DAY, brandOf, firmName, ukAddress } from './generation-kit';
import { fundName, subFundSchemeType } from './population';
import { SCREENING_REFS } from './screening';
import { SHOWCASE } from './showcase';
import { UMBRELLA_SUB_FUNDS } from './showcase-records';
import type { ArLink, FirmKind, FirmProfile, FirmRecord, FundRecord, RequirementRecord } from './types';

/** Share of all records changed on an ordinary day (the live register: a few hundred of ~70,000). */
export const DAILY_CHANGE_SHARE = 0.0025;

/** The requirement the bank gets on day 1 and loses on day 7 (it has investment types). */
export const BANK_DAY1_REQUIREMENT_REF = 'OR-0200206';
/** The umbrella sub-fund closed on day 3 (the last of the generated ones). */
export const CLOSED_SUB_FUND_PRN = String(Number(SHOWCASE.umbrellaFundPrn) + UMBRELLA_SUB_FUNDS);
/** The first number tried for the umbrella's new sub-fund on day 1 (the next free one is used). */
export const NEW_SUB_FUND_FIRST_PRN = String(Number(SHOWCASE.umbrellaFundPrn) + UMBRELLA_SUB_FUNDS + 1);
/**
 * The restriction one of the network's representatives gets on day 8 and loses on day 9. Days 8
 * and 9 change ordinary records (the network's representatives, chosen by rule), not showcase
 * ones, so they are in the change list and sandbox/README.md but not in SHOWCASE_CHANGES.
 */
export const AR_DAY8_REQUIREMENT_REF = 'OR-0700108';

/** The showcase changes by day, for tests and the README (which must list each). */
export const SHOWCASE_CHANGES: ReadonlyArray<{ day: number; ref: string; what: string }> = [
  { day: 1, ref: SHOWCASE.bankFrn, what: 'loses one permission (the last in alphabetical order other than consumer buy-to-let): 42 → 41' },
  { day: 1, ref: SHOWCASE.bankFrn, what: `requirement ${BANK_DAY1_REQUIREMENT_REF} imposed, with 7 investment types` },
  { day: 1, ref: SHOWCASE.bankFrn, what: `CF: ${SHOWCASE.bankIndividualIrn}'s SMF3 Executive Director ended` },
  { day: 1, ref: SHOWCASE.bankIndividualIrn, what: 'CF: SMF3 Executive Director at the bank ended (SMF1 continues, status unchanged)' },
  {
    day: 1,
    ref: SHOWCASE.networkPrincipalFrn,
    what: 'AR: gains one new appointed representative (a new firm) and loses one (its last current one by name): 714 + 830 → 714 + 831',
  },
  { day: 1, ref: SHOWCASE.umbrellaFundPrn, what: `Subfund: a new sub-fund (${NEW_SUB_FUND_FIRST_PRN}, or the next free number) added: 45 → 46` },
  { day: 2, ref: SHOWCASE.exceptionalInfoFrn, what: 'Exceptional Info notice added ("Claims against the firm"): 2 → 3' },
  { day: 2, ref: SHOWCASE.disciplinaryFrn, what: 'disciplinary action added (a fine): 34 → 35, pages 10/10/10/5' },
  { day: 2, ref: SHOWCASE.appointedRepresentativeFrn, what: 'trading name "Harbourside Home Finance" added' },
  { day: 2, ref: SHOWCASE.prohibitedIrn, what: 'disciplinary action added (a fine): 2 → 3' },
  { day: 3, ref: SHOWCASE.paymentInstitutionFrn, what: 'principal place of business moved to 2 Quayside Walk, Leith, Edinburgh EH6 6JJ' },
  { day: 3, ref: SHOWCASE.exceptionalInfoFrn, what: 'Exceptional Info notice "Client money and assets" removed' },
  { day: 3, ref: SHOWCASE.umbrellaFundPrn, what: `Subfund: sub-fund ${CLOSED_SUB_FUND_PRN} closed (its own record shows Terminated): 46 → 45` },
  { day: 3, ref: CLOSED_SUB_FUND_PRN, what: 'status Approved → Terminated' },
  {
    day: 6,
    ref: SHOWCASE.networkPrincipalFrn,
    what: "AR: appoints a representative another principal already has (the first current one by FRN with one principal and no tie to the network), from day 6's date",
  },
  {
    day: 6,
    ref: SHOWCASE.networkPrincipalFrn,
    what: 'AR: ends its appointment of the first (by FRN) of its representatives that have another principal too, which stays an appointed representative there',
  },
  {
    day: 6,
    ref: SHOWCASE.networkPrincipalFrn,
    what: 'AR: re-types its last current Full representative by name that has no other principal to Introducer (its status follows): 714 + 831 → 714 + 832',
  },
  { day: 7, ref: SHOWCASE.bankFrn, what: `requirement ${BANK_DAY1_REQUIREMENT_REF} lifted; a permission added (the first in alphabetical order it lacks): 41 → 42` },
  { day: 7, ref: SHOWCASE.nonAsciiFrn, what: 'trading name "Ångström Wealth Partners" no longer used (moves to previous names)' },
  {
    day: 10,
    ref: SHOWCASE.appointedRepresentativeFrn,
    what: 'becomes directly authorised: a new register entry with the same name and a new FRN (status Authorised), while 700101 shows "No longer registered as an Appointed Representative"; its two directors\' CF1 Director (AR) rows end and one of them starts SMF3 Executive Director at the new entry',
  },
  { day: 10, ref: SHOWCASE.networkPrincipalFrn, what: 'AR: 700101 moves to the previous bucket (714 + 832 → 713 + 833)' },
  { day: 14, ref: SHOWCASE.disciplinaryFrn, what: 'sub-status "Subject to a voluntary requirement" set' },
  { day: 14, ref: SHOWCASE.exceptionalInfoFrn, what: 'sub-status "In administration" ends' },
];

const ACTIVE: ReadonlySet<FirmKind> = new Set(['authorised', 'payment-institution', 'e-money-institution', 'overseas-branch']);
const EMPLOYING: ReadonlySet<FirmKind> = new Set([...ACTIVE, 'appointed-representative']);
const PRINCIPAL_PROFILES: ReadonlySet<FirmProfile> = new Set(['mortgage', 'adviser', 'broker', 'insurer', 'consumer-credit', 'fund-manager']);
const NEW_FUNCTIONS = [
  '[FCA CF] Functions requiring qualifications',
  '[FCA CF] Client dealing',
  'SMF3 Executive Director',
  'SMF16 Compliance Oversight',
  'SMF17 Money Laundering Reporting Officer (MLRO)',
  'SMF29 Limited Scope Function',
];
const TRADING_WORDS = ['Direct', 'Online', 'Financial', 'Partners', 'Private Clients', 'Advice', 'Money', 'Home Finance'];

/** What the planner keeps between days: the lists it draws from and the numbers in use. */
export class PlanContext {
  readonly frns: string[];
  readonly irns: string[];
  readonly prns: string[];
  readonly numbers: Set<string>;
  /** Showcase records: changed only by the scripted days. */
  readonly protectedRefs: ReadonlySet<string>;

  constructor(s: DayState) {
    // The screening records (./screening.ts) never change: the labelled screening set names them as they are.
    this.frns = [...s.firms.keys()].filter((frn) => !SCREENING_REFS.has(frn));
    this.irns = [...s.individuals.keys()].filter((irn) => !SCREENING_REFS.has(irn));
    this.prns = [...s.funds.keys()];
    this.numbers = new Set([...this.frns, ...this.prns]);
    const umbrella = s.funds.get(SHOWCASE.umbrellaFundPrn);
    this.protectedRefs = new Set<string>([
      SHOWCASE.networkPrincipalFrn,
      SHOWCASE.appointedRepresentativeFrn,
      SHOWCASE.bankFrn,
      SHOWCASE.exceptionalInfoFrn,
      SHOWCASE.disciplinaryFrn,
      SHOWCASE.paymentInstitutionFrn,
      ...SHOWCASE.noLongerAuthorisedFrns,
      SHOWCASE.nonAsciiFrn,
      SHOWCASE.umbrellaFundPrn,
      ...(umbrella?.subFundPrns ?? []),
      SHOWCASE.prohibitedIrn,
      SHOWCASE.bankIndividualIrn,
      SHOWCASE.nonAsciiIrn,
    ]);
    for (const frn of this.frns) this.refresh(s, frn);
  }

  /** Firms with an Exceptional Info notice / a sub-status: few, so kept as sets rather than searched for. */
  readonly withNotice = new Set<string>();
  readonly withSubStatus = new Set<string>();

  /** Keeps the sets above true for a firm a change just touched. */
  refresh(s: DayState, frn: string): void {
    const firm = s.firms.get(frn);
    if (!firm) return;
    if (firm.exceptionalInfo.length > 0) this.withNotice.add(frn);
    else this.withNotice.delete(frn);
    if (firm.subStatus !== '') this.withSubStatus.add(frn);
    else this.withSubStatus.delete(frn);
  }

  newNumber(rng: Rng, from?: number): string {
    if (from !== undefined) {
      for (let n = from; ; n++) if (!this.numbers.has(String(n))) return this.take(String(n));
    }
    for (;;) {
      const n = String(rng.chance(0.15) ? rng.int(1_000_000, 1_099_999) : rng.int(100_000, 999_999));
      if (!this.numbers.has(n)) return this.take(n);
    }
  }

  private take(n: string): string {
    this.numbers.add(n);
    return n;
  }
}

export interface PlannedDay {
  ops: DayOp[];
  changes: DayChange[];
}

/** Plans day `s.day` (the state holds the day before, relabelled) and applies it to the state. */
export function planDay(s: DayState, ctx: PlanContext): PlannedDay {
  const rng = new Rng(s.base.seed, 'register-day', s.day);
  const planned: PlannedDay = { ops: [], changes: [] };
  const run = (op: DayOp) => {
    planned.ops.push(op);
    planned.changes.push(...applyOp(s, op));
    if ('frn' in op) ctx.refresh(s, op.frn);
    if (op.op === 'firm-add') ctx.frns.push(op.firm.frn);
    if (op.op === 'subfund-add') ctx.prns.push(op.fund.prn);
  };
  showcaseDay(s, ctx, new Rng(s.base.seed, 'register-day-showcase', s.day), run);

  const total = s.firms.size + s.individuals.size + s.funds.size - SCREENING_REFS.size;
  const target = Math.max(4, Math.round(total * DAILY_CHANGE_SHARE * (0.8 + rng.next() * 0.4)));
  let done = 0;
  for (let attempts = 0; done < target && attempts < target * 4; attempts++) {
    const kind = rng.weighted(RANDOM_KINDS);
    if (RANDOM_PLANNERS[kind](s, ctx, rng, run)) done++;
  }
  planned.changes = settleStatuses(planned.changes);
  return planned;
}

/**
 * A person's approval status can change twice in one evening (their last function ends, then a new
 * one starts): the day shows only the net change, and none when they end where they began.
 */
function settleStatuses(changes: DayChange[]): DayChange[] {
  const statusKey = (c: DayChange): string | null => {
    if (c.type === 'individual' && c.section === 'Individual' && c.kind === 'status-changed') return `${c.ref}|Individual`;
    if (c.section === 'Individuals' && (c.kind === 'individual-listed' || c.kind === 'individual-status-changed') && c.after !== null) {
      return `${c.ref}|Individuals|${c.after.slice(0, c.after.lastIndexOf(': '))}`;
    }
    return null;
  };
  const groups = new Map<string, DayChange[]>();
  for (const c of changes) {
    const key = statusKey(c);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const replaced = new Map<DayChange, DayChange | null>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const first = group[0];
    const last = group[group.length - 1];
    for (const c of group) replaced.set(c, null);
    if (first.before === last.after) continue;
    const merged: DayChange =
      first.kind === 'individual-listed'
        ? { ...last, kind: 'individual-listed', before: null, what: `${last.after!.replace(': ', " now listed among the firm's individuals: ")}` }
        : {
            ...last,
            before: first.before,
            what:
              first.section === 'Individual'
                ? `Status ${first.before} → ${last.after}`
                : `${last.after!.split(': ')[0]}: ${first.before!.split(': ')[1]} → ${last.after!.split(': ')[1]}`,
          };
    replaced.set(last, merged);
  }
  const out: DayChange[] = [];
  for (const c of changes) {
    if (!replaced.has(c)) out.push(c);
    else if (replaced.get(c)) out.push(replaced.get(c)!);
  }
  return out;
}

type Run = (op: DayOp) => void;

// ---------------------------------------------------------------------------------------------
// Showcase days

function showcaseDay(s: DayState, ctx: PlanContext, rng: Rng, run: Run): void {
  const date = registerDate(s.day);
  const bank = SHOWCASE.bankFrn;
  switch (s.day) {
    case 1: {
      const permissions = s.details(bank).permissions.filter((p) => p.name !== CBTL_PERMISSION);
      run({ op: 'permission-remove', frn: bank, name: permissions[permissions.length - 1].name });
      run({ op: 'requirement-impose', frn: bank, requirement: requirementFrom(BANK_DAY1_REQUIREMENT_REF, 'Approval of financial promotions for unauthorised persons', date) });
      const ceoRow = s.person(SHOWCASE.bankIndividualIrn).cfRows.find((r) => r.frn === bank && r.end === null && r.function === 'SMF3 Executive Director');
      if (ceoRow) run({ op: 'cf-end', irn: ceoRow.irn, frn: bank, function: ceoRow.function, effective: ceoRow.effective });
      const network = s.firm(SHOWCASE.networkPrincipalFrn);
      const leaving = [...network.representatives.current].reverse().find((l) => l.arFrn !== SHOWCASE.appointedRepresentativeFrn);
      if (leaving) run({ op: 'ar-terminate', arFrn: leaving.arFrn, principalFrn: network.frn, effective: leaving.effective });
      const ar = newFirm(s, ctx, rng, { kind: 'appointed-representative', profile: 'ar' });
      run({ op: 'firm-add', firm: ar });
      run({ op: 'ar-appoint', link: newLink(rng, ar.frn, network.frn, date) });
      const umbrella = s.fund(SHOWCASE.umbrellaFundPrn);
      run({ op: 'subfund-add', fund: newSubFund(s, ctx, rng, umbrella, Number(NEW_SUB_FUND_FIRST_PRN)) });
      return;
    }
    case 2: {
      run({
        op: 'exceptional-add',
        frn: SHOWCASE.exceptionalInfoFrn,
        notice: {
          title: 'Claims against the firm',
          body: 'The administrators have opened a claims process. Clients who believe they are owed money or assets by Pemberton Vale Investments Limited should contact the administrators before the closing date they publish.',
        },
      });
      const castlegate = s.firm(SHOWCASE.disciplinaryFrn);
      run({ op: 'disciplinary-add', type: 'firm', ref: castlegate.frn, record: fillEnforcement(rng, FIRM_ENFORCEMENT[0], castlegate.name, REFERENCE_DAY + s.day) });
      run({ op: 'trading-name-add', frn: SHOWCASE.appointedRepresentativeFrn, name: 'Harbourside Home Finance' });
      run({
        op: 'disciplinary-add',
        type: 'individual',
        ref: SHOWCASE.prohibitedIrn,
        record: fillEnforcement(rng, INDIVIDUAL_ENFORCEMENT[1], 'Mr Rowntree', REFERENCE_DAY + s.day),
      });
      return;
    }
    case 3: {
      const pi = s.firm(SHOWCASE.paymentInstitutionFrn);
      const ppob = {
        ...pi.ppob,
        line1: '2 Quayside Walk',
        line2: 'Leith',
        line3: '',
        line4: '',
        town: 'Edinburgh',
        county: 'City of Edinburgh',
        postcode: 'EH6 6JJ',
        phone: '+4401314960217',
      };
      run({ op: 'address', frn: pi.frn, ppob, searchSuffix: ' (Postcode: EH6 6JJ)' });
      run({ op: 'exceptional-remove', frn: SHOWCASE.exceptionalInfoFrn, title: 'Client money and assets' });
      run({ op: 'subfund-close', prn: CLOSED_SUB_FUND_PRN });
      return;
    }
    case 7: {
      run({ op: 'requirement-lift', frn: bank, ref: BANK_DAY1_REQUIREMENT_REF });
      const held = new Set(s.details(bank).permissions.map((p) => p.name));
      const payment = new Set([...PROFILE_PERMISSIONS.payment, ...PROFILE_PERMISSIONS.emoney]);
      const missing = PERMISSIONS.map((p) => p.name)
        .filter((n) => !held.has(n) && !payment.has(n))
        .sort();
      if (missing.length > 0) run({ op: 'permission-add', frn: bank, permission: buildPermission(rng, permissionTemplate(missing[0])) });
      run({ op: 'trading-name-end', frn: SHOWCASE.nonAsciiFrn, name: 'Ångström Wealth Partners' });
      return;
    }
    case 6:
      networkRepresentativesDay(s, ctx, run);
      return;
    case 8:
      networkStandingDay(s, ctx, rng, run);
      return;
    case 9: {
      const restricted = s.firm(SHOWCASE.networkPrincipalFrn).representatives.current.find((l) => s.details(l.arFrn).requirements.some((r) => r.ref === AR_DAY8_REQUIREMENT_REF));
      if (restricted) run({ op: 'requirement-lift', frn: restricted.arFrn, ref: AR_DAY8_REQUIREMENT_REF });
      return;
    }
    case 10:
      becomeDirectlyAuthorised(s, ctx, rng, run, SHOWCASE.appointedRepresentativeFrn);
      return;
    case 14:
      run({ op: 'sub-status', frn: SHOWCASE.disciplinaryFrn, subStatus: 'Subject to a voluntary requirement' });
      run({ op: 'sub-status', frn: SHOWCASE.exceptionalInfoFrn, subStatus: '' });
      return;
    default:
      return;
  }
}

/**
 * Day 6 for the network principal: one appointment, one termination and one re-typing, each on a
 * representative chosen by a rule (not at random), so a principal's reconciliation can be tested
 * against them. The representatives are ordinary records; only the network is a showcase one.
 */
function networkRepresentativesDay(s: DayState, ctx: PlanContext, run: Run): void {
  const network = s.firm(SHOWCASE.networkPrincipalFrn);
  const date = registerDate(s.day);
  const byFrn = (a: string, b: string) => Number(a) - Number(b);
  const newcomer = ctx.frns
    .filter((frn) => {
      const f = s.firm(frn);
      const current = f.appointments.filter((l) => l.termination === null);
      return (
        f.kind === 'appointed-representative' &&
        !ctx.protectedRefs.has(frn) &&
        current.length === 1 &&
        !ctx.protectedRefs.has(current[0].principalFrn) &&
        f.appointments.every((l) => l.principalFrn !== network.frn)
      );
    })
    .sort(byFrn)[0];
  if (newcomer) {
    const other = s.firm(newcomer).appointments.find((l) => l.termination === null)!;
    run({
      op: 'ar-appoint',
      link: {
        arFrn: newcomer,
        principalFrn: network.frn,
        effective: date,
        termination: null,
        subType: 'Full',
        tiedAgent: false,
        eeaTiedAgent: false,
        insuranceDistribution: other.insuranceDistribution,
      },
    });
  }
  const othersOf = (frn: string) => s.firm(frn).appointments.filter((l) => l.termination === null && l.principalFrn !== network.frn);
  const shared = network.representatives.current
    .filter((l) => l.arFrn !== SHOWCASE.appointedRepresentativeFrn && l.arFrn !== newcomer && othersOf(l.arFrn).length > 0)
    .sort((a, b) => byFrn(a.arFrn, b.arFrn))[0];
  if (shared) run({ op: 'ar-terminate', arFrn: shared.arFrn, principalFrn: network.frn, effective: shared.effective });
  const full = s
    .firm(network.frn)
    .representatives.current.filter((l) => l.subType === 'Full' && l.arFrn !== SHOWCASE.appointedRepresentativeFrn && l.arFrn !== newcomer && othersOf(l.arFrn).length === 0);
  const retyped = full[full.length - 1];
  if (retyped) run({ op: 'ar-retype', arFrn: retyped.arFrn, principalFrn: network.frn, effective: retyped.effective, subType: 'Introducer', tiedAgent: retyped.tiedAgent });
}

/**
 * Day 8 for the network principal: three of its representatives change standing, each chosen by a
 * rule (not at random) so the standing of a principal's ARs can be tested against the change list:
 * a restriction (a requirement), a disciplinary action, and the sub-status "In administration"
 * while the principal still lists the representative as current.
 */
function networkStandingDay(s: DayState, ctx: PlanContext, rng: Rng, run: Run): void {
  const network = s.firm(SHOWCASE.networkPrincipalFrn);
  const date = registerDate(s.day);
  const chosen = network.representatives.current
    .map((l) => l.arFrn)
    .filter((frn) => {
      const f = s.firm(frn);
      return (
        frn !== SHOWCASE.appointedRepresentativeFrn &&
        !ctx.protectedRefs.has(frn) &&
        f.kind === 'appointed-representative' &&
        f.appointments.every((l) => l.termination !== null || l.principalFrn === network.frn)
      );
    })
    .sort((a, b) => Number(a) - Number(b))
    .slice(0, 3);
  const [restricted, disciplined, administered] = chosen;
  if (restricted) run({ op: 'requirement-impose', frn: restricted, requirement: requirementFrom(AR_DAY8_REQUIREMENT_REF, 'No holding of client money', date) });
  if (disciplined) {
    const f = s.firm(disciplined);
    run({ op: 'disciplinary-add', type: 'firm', ref: f.frn, record: fillEnforcement(rng, FIRM_ENFORCEMENT[0], f.name, REFERENCE_DAY + s.day) });
  }
  if (administered) run({ op: 'sub-status', frn: administered, subStatus: 'In administration' });
}

function requirementFrom(ref: string, title: string, effective: string): RequirementRecord {
  const t = REQUIREMENTS.find((r) => r.title === title);
  if (!t) throw new Error(`unknown requirement ${title}`);
  return { ref, title: t.title, text: t.text, effective, financialPromotion: t.financialPromotion, investmentTypes: t.investmentTypes?.slice() ?? [] };
}

function newLink(rng: Rng, arFrn: string, principalFrn: string, date: string): ArLink {
  return {
    arFrn,
    principalFrn,
    effective: date,
    termination: null,
    subType: rng.chance(0.15) ? 'Introducer' : 'Full',
    tiedAgent: rng.chance(0.03),
    eeaTiedAgent: rng.chance(0.01),
    insuranceDistribution: rng.chance(0.5),
  };
}

interface NewFirmInput {
  kind: FirmKind;
  profile: FirmProfile;
  name?: string;
  like?: FirmRecord;
}

/** A firm entering the register today: an appointed representative, or a firm authorised in its own right. */
function newFirm(s: DayState, ctx: PlanContext, rng: Rng, input: NewFirmInput): FirmRecord {
  const date = registerDate(s.day);
  const frn = ctx.newNumber(rng);
  const name = input.name ?? firmName(rng, input.profile);
  const ppob = input.like ? { ...input.like.ppob } : ukAddress(rng, name);
  const authorised = input.kind === 'authorised';
  const status = authorised ? 'Authorised' : 'Appointed representative';
  const permissions = authorised
    ? rng
        .sample(PROFILE_PERMISSIONS[input.profile] ?? PROFILE_PERMISSIONS.adviser, 3)
        .sort()
        .map((n) => buildPermission(rng, permissionTemplate(n)))
    : [];
  return {
    frn,
    name,
    kind: input.kind,
    profile: input.profile,
    businessType: authorised ? 'Regulated' : 'Appointed Representative',
    status,
    statusEffective: date,
    subStatus: '',
    subStatusFrom: '',
    clientMoney: '',
    companiesHouse: input.like?.companiesHouse ?? String(rng.int(15_000_000, 16_999_999)),
    mutualSociety: '',
    mlrsStatus: '',
    mlrsDate: '',
    emoneyAgentStatus: '',
    emoneyAgentDate: '',
    psdAgentStatus: '',
    psdAgentDate: '',
    psdEmdStatus: '',
    psdEmdDate: '',
    exceptionalInfo: [],
    currentNames: [{ name, status: 'Registered', from: date }],
    previousNames: [],
    ppob,
    complaints: authorised ? { ...ppob, website: '', individual: 'Complaints Team' } : null,
    searchType: 'Firm',
    searchStatus: status,
    searchSuffix: ` (Postcode: ${ppob.postcode})`,
    duplicateSearchStatuses: [],
    staffWeight: 1,
    authorisedFrom: date,
    appointments: [],
    representatives: { current: [], previous: [] },
    cfRows: [],
    details: {
      permissions,
      passports: [],
      requirements: [],
      waivers: [],
      regulators: authorised ? buildRegulators(date, false, null) : [],
      disciplinary: [],
      exclusions: [],
    },
  };
}

function newSubFund(s: DayState, ctx: PlanContext, rng: Rng, parent: FundRecord, firstNumber?: number): FundRecord {
  const siblings = new Set(parent.subFundPrns.map((p) => s.fund(p).name));
  const brand = brandOf(parent.name) === 'Wessex' ? 'Wessex Horizon' : brandOf(parent.name);
  let name = fundName(rng, brand, 'Fund');
  for (let tries = 0; siblings.has(name) && tries < 20; tries++) name = fundName(rng, brand, 'Fund');
  if (siblings.has(name)) name = `${name} ${s.day}`;
  return {
    prn: ctx.newNumber(rng, firstNumber),
    name,
    status: 'Approved',
    productType: parent.productType,
    schemeType: subFundSchemeType(parent.schemeType),
    icvcRegistration: '',
    effective: registerDate(s.day),
    operatorFrn: '',
    depositaryFrn: '',
    mmfTermType: '',
    mmfNavType: '',
    otherNames: [],
    subFundPrns: [],
    parentPrn: parent.prn,
    subFundType: 'Other',
  };
}

/**
 * An appointed representative authorised in its own right: a new entry under the same name, the
 * old entry's appointments and functions end, and one of its people takes a senior function at
 * the new entry.
 */
function becomeDirectlyAuthorised(s: DayState, ctx: PlanContext, rng: Rng, run: Run, arFrn: string): void {
  const old = s.firm(arFrn);
  const principalProfile = old.appointments.map((l) => s.firm(l.principalFrn).profile).find((p) => PRINCIPAL_PROFILES.has(p)) ?? 'adviser';
  const successor = newFirm(s, ctx, rng, { kind: 'authorised', profile: principalProfile, name: old.name, like: old });
  run({ op: 'firm-add', firm: successor, predecessorFrn: old.frn });
  for (const link of old.appointments.filter((l) => l.termination === null)) {
    run({ op: 'ar-terminate', arFrn: old.frn, principalFrn: link.principalFrn, effective: link.effective, reason: `now directly authorised as FRN ${successor.frn}` });
  }
  const current = s.firm(arFrn).cfRows.filter((r) => r.end === null);
  for (const r of current) run({ op: 'cf-end', irn: r.irn, frn: r.frn, function: r.function, effective: r.effective });
  if (current.length > 0) {
    run({ op: 'cf-start', row: newRow(current[0].irn, successor.frn, 'SMF3 Executive Director', registerDate(s.day), rng) });
  }
}

function newRow(irn: string, frn: string, fn: string, date: string, rng: Rng) {
  return {
    irn,
    frn,
    function: fn,
    effective: date,
    end: null,
    restriction: '',
    restrictionStart: '',
    restrictionEnd: '',
    customerEngagement: controlledFunction(fn).customerFacing ? rng.pick(ENGAGEMENT_METHODS) : '',
  };
}

// ---------------------------------------------------------------------------------------------
// Ordinary days: each planner returns false when it found nothing suitable this time.

type Planner = (s: DayState, ctx: PlanContext, rng: Rng, run: Run) => boolean;

function pickRef(rng: Rng, list: string[], ok: (ref: string) => boolean, ctx: PlanContext, tries = 40): string | null {
  for (let i = 0; i < tries; i++) {
    const ref = list[rng.int(0, list.length - 1)];
    if (!ctx.protectedRefs.has(ref) && ok(ref)) return ref;
  }
  return null;
}

/** For rare kinds of record: every candidate, then one at random. */
function scanRef(rng: Rng, list: Iterable<string>, ok: (ref: string) => boolean, ctx: PlanContext): string | null {
  const candidates = [...list].filter((ref) => !ctx.protectedRefs.has(ref) && ok(ref));
  return candidates.length === 0 ? null : rng.pick(candidates);
}

const RANDOM_PLANNERS = {
  cfStart: ((s, ctx, rng, run) => {
    const frn = pickRef(rng, ctx.frns, (f) => EMPLOYING.has(s.firm(f).kind), ctx);
    const irn = pickRef(rng, ctx.irns, (i) => ['Active', 'Regulatory approval no longer required'].includes(s.person(i).searchStatus), ctx);
    if (!frn || !irn) return false;
    const firm = s.firm(frn);
    const fn =
      firm.profile === 'ar' ? rng.pick(['CF1 Director (AR)', 'Appointed representative dealing with clients for which they require qualification']) : rng.pick(NEW_FUNCTIONS);
    if (s.person(irn).cfRows.some((r) => r.frn === frn && r.function === fn && (r.end === null || r.effective === registerDate(s.day)))) return false;
    run({ op: 'cf-start', row: newRow(irn, frn, fn, registerDate(s.day), rng) });
    return true;
  }) as Planner,
  cfEnd: ((s, ctx, rng, run) => {
    const irn = pickRef(rng, ctx.irns, (i) => s.person(i).cfRows.some((r) => r.end === null && !ctx.protectedRefs.has(r.frn)), ctx);
    if (!irn) return false;
    const rows = s.person(irn).cfRows.filter((r) => r.end === null && !ctx.protectedRefs.has(r.frn));
    const r = rng.pick(rows);
    run({ op: 'cf-end', irn, frn: r.frn, function: r.function, effective: r.effective });
    return true;
  }) as Planner,
  arAppoint: ((s, ctx, rng, run) => {
    const principal = pickRef(rng, ctx.frns, (f) => s.firm(f).kind === 'authorised' && PRINCIPAL_PROFILES.has(s.firm(f).profile), ctx);
    if (!principal) return false;
    const date = registerDate(s.day);
    if (rng.chance(0.5)) {
      const ar = newFirm(s, ctx, rng, { kind: 'appointed-representative', profile: 'ar' });
      run({ op: 'firm-add', firm: ar });
      run({ op: 'ar-appoint', link: newLink(rng, ar.frn, principal, date) });
      return true;
    }
    const former = pickRef(
      rng,
      ctx.frns,
      (f) => s.firm(f).kind === 'former-appointed-representative' && !s.firm(f).appointments.some((l) => l.principalFrn === principal && l.effective === date),
      ctx,
    );
    if (!former) return false;
    run({ op: 'ar-appoint', link: newLink(rng, former, principal, date) });
    return true;
  }) as Planner,
  arTerminate: ((s, ctx, rng, run) => {
    const ar = pickRef(rng, ctx.frns, (f) => s.firm(f).appointments.some((l) => l.termination === null && !ctx.protectedRefs.has(l.principalFrn)), ctx);
    if (!ar) return false;
    const link = rng.pick(s.firm(ar).appointments.filter((l) => l.termination === null && !ctx.protectedRefs.has(l.principalFrn)));
    run({ op: 'ar-terminate', arFrn: ar, principalFrn: link.principalFrn, effective: link.effective });
    return true;
  }) as Planner,
  permissionAdd: ((s, ctx, rng, run) => {
    const frn = pickRef(rng, ctx.frns, (f) => ACTIVE.has(s.firm(f).kind), ctx);
    if (!frn) return false;
    const held = new Set(s.details(frn).permissions.map((p) => p.name));
    const options = (PROFILE_PERMISSIONS[s.firm(frn).profile] ?? []).filter((n) => !held.has(n));
    if (options.length === 0) return false;
    run({ op: 'permission-add', frn, permission: buildPermission(rng, permissionTemplate(rng.pick(options))) });
    return true;
  }) as Planner,
  permissionRemove: ((s, ctx, rng, run) => {
    const frn = pickRef(rng, ctx.frns, (f) => ACTIVE.has(s.firm(f).kind) && s.details(f).permissions.length >= 2, ctx);
    if (!frn) return false;
    run({ op: 'permission-remove', frn, name: rng.pick(s.details(frn).permissions).name });
    return true;
  }) as Planner,
  requirementImpose: ((s, ctx, rng, run) => {
    const frn = pickRef(rng, ctx.frns, (f) => ACTIVE.has(s.firm(f).kind), ctx);
    if (!frn) return false;
    const refs = new Set(s.details(frn).requirements.map((r) => r.ref));
    let ref = requirementRef(rng);
    while (refs.has(ref)) ref = requirementRef(rng);
    run({ op: 'requirement-impose', frn, requirement: requirementFrom(ref, rng.pick(REQUIREMENTS).title, registerDate(s.day)) });
    return true;
  }) as Planner,
  requirementLift: ((s, ctx, rng, run) => {
    const frn = pickRef(rng, ctx.frns, (f) => ACTIVE.has(s.firm(f).kind) && s.details(f).requirements.length > 0, ctx);
    if (!frn) return false;
    run({ op: 'requirement-lift', frn, ref: rng.pick(s.details(frn).requirements).ref });
    return true;
  }) as Planner,
  tradingNameAdd: ((s, ctx, rng, run) => {
    const frn = pickRef(rng, ctx.frns, (f) => EMPLOYING.has(s.firm(f).kind), ctx);
    if (!frn) return false;
    const firm = s.firm(frn);
    const name = `${brandOf(firm.name)} ${rng.pick(TRADING_WORDS)}`;
    if (firm.currentNames.some((n) => n.name === name)) return false;
    run({ op: 'trading-name-add', frn, name });
    return true;
  }) as Planner,
  tradingNameEnd: ((s, ctx, rng, run) => {
    const frn = pickRef(rng, ctx.frns, (f) => s.firm(f).currentNames.some((n) => n.status === 'Trading'), ctx);
    if (!frn) return false;
    run({ op: 'trading-name-end', frn, name: rng.pick(s.firm(frn).currentNames.filter((n) => n.status === 'Trading')).name });
    return true;
  }) as Planner,
  address: ((s, ctx, rng, run) => {
    const frn = pickRef(rng, ctx.frns, (f) => EMPLOYING.has(s.firm(f).kind) && s.firm(f).kind !== 'overseas-branch', ctx);
    if (!frn) return false;
    const firm = s.firm(frn);
    const moved = ukAddress(rng, firm.name);
    const ppob = { ...moved, website: firm.ppob.website };
    const suffix = firm.searchSuffix === ` (Postcode: ${firm.ppob.postcode})` ? ` (Postcode: ${ppob.postcode})` : firm.searchSuffix;
    run({ op: 'address', frn, ppob, searchSuffix: suffix });
    return true;
  }) as Planner,
  firmDisciplinary: ((s, ctx, rng, run) => {
    const frn = pickRef(rng, ctx.frns, (f) => ACTIVE.has(s.firm(f).kind) || s.firm(f).kind === 'no-longer-authorised', ctx);
    if (!frn) return false;
    run({ op: 'disciplinary-add', type: 'firm', ref: frn, record: fillEnforcement(rng, rng.pick(FIRM_ENFORCEMENT), s.firm(frn).name, REFERENCE_DAY + s.day) });
    return true;
  }) as Planner,
  personDisciplinary: ((s, ctx, rng, run) => {
    const irn = pickRef(rng, ctx.irns, () => true, ctx);
    if (!irn) return false;
    run({
      op: 'disciplinary-add',
      type: 'individual',
      ref: irn,
      record: fillEnforcement(rng, rng.pick(INDIVIDUAL_ENFORCEMENT.slice(1)), s.person(irn).fullName, REFERENCE_DAY + s.day),
    });
    return true;
  }) as Planner,
  exceptionalAdd: ((s, ctx, rng, run) => {
    const frn = pickRef(rng, ctx.frns, (f) => s.firm(f).kind === 'authorised' && s.firm(f).exceptionalInfo.length === 0, ctx);
    if (!frn) return false;
    const name = s.firm(frn).name;
    const notice = rng.pick([
      {
        title: 'Restrictions on this firm',
        body: `${name} has agreed not to take on new business while the FCA reviews its arrangements. Existing customers can contact the firm as usual.`,
      },
      {
        title: 'Firm in administration',
        body: `${name} has entered administration. The administrators are dealing with client assets and claims; the firm must not carry on new regulated business.`,
      },
      { title: 'Warning about this firm', body: `We have concerns about how ${name} handles client money. Do not send the firm further payments until this notice is withdrawn.` },
    ]);
    run({ op: 'exceptional-add', frn, notice });
    return true;
  }) as Planner,
  exceptionalRemove: ((s, ctx, rng, run) => {
    const frn = scanRef(rng, ctx.withNotice, (f) => s.firm(f).exceptionalInfo.length > 0, ctx);
    if (!frn) return false;
    run({ op: 'exceptional-remove', frn, title: rng.pick(s.firm(frn).exceptionalInfo).title });
    return true;
  }) as Planner,
  subStatusSet: ((s, ctx, rng, run) => {
    const frn = pickRef(rng, ctx.frns, (f) => s.firm(f).kind === 'authorised' && s.firm(f).subStatus === '', ctx);
    if (!frn) return false;
    run({ op: 'sub-status', frn, subStatus: rng.pick(SUB_STATUSES) });
    return true;
  }) as Planner,
  subStatusClear: ((s, ctx, rng, run) => {
    const frn = scanRef(rng, ctx.withSubStatus, (f) => s.firm(f).subStatus !== '', ctx);
    if (!frn) return false;
    run({ op: 'sub-status', frn, subStatus: '' });
    return true;
  }) as Planner,
  cancel: ((s, ctx, rng, run) => {
    const frn = pickRef(
      rng,
      ctx.frns,
      (f) => {
        const firm = s.firm(f);
        return firm.kind === 'authorised' && firm.representatives.current.length === 0 && firm.cfRows.every((r) => r.end !== null || !ctx.protectedRefs.has(r.irn));
      },
      ctx,
    );
    if (!frn) return false;
    run({ op: 'cancel', frn });
    for (const r of s.firm(frn).cfRows.filter((x) => x.end === null)) run({ op: 'cf-end', irn: r.irn, frn, function: r.function, effective: r.effective });
    return true;
  }) as Planner,
  directlyAuthorised: ((s, ctx, rng, run) => {
    const frn = pickRef(
      rng,
      ctx.frns,
      (f) => {
        const firm = s.firm(f);
        return (
          firm.kind === 'appointed-representative' &&
          firm.appointments.every((l) => l.termination !== null || !ctx.protectedRefs.has(l.principalFrn)) &&
          firm.cfRows.every((r) => !ctx.protectedRefs.has(r.irn))
        );
      },
      ctx,
    );
    if (!frn) return false;
    becomeDirectlyAuthorised(s, ctx, rng, run, frn);
    return true;
  }) as Planner,
  subFundAdd: ((s, ctx, rng, run) => {
    const prn = pickRef(rng, ctx.prns, (p) => s.fund(p).parentPrn === null && s.fund(p).subFundPrns.length > 0 && s.fund(p).status === 'Authorised', ctx);
    if (!prn) return false;
    run({ op: 'subfund-add', fund: newSubFund(s, ctx, rng, s.fund(prn)) });
    return true;
  }) as Planner,
  subFundClose: ((s, ctx, rng, run) => {
    const prn = pickRef(
      rng,
      ctx.prns,
      (p) => {
        const f = s.fund(p);
        return f.parentPrn !== null && f.status === 'Approved' && !ctx.protectedRefs.has(f.parentPrn) && s.fund(f.parentPrn).subFundPrns.length >= 2;
      },
      ctx,
    );
    if (!prn) return false;
    run({ op: 'subfund-close', prn });
    return true;
  }) as Planner,
} satisfies Record<string, Planner>;

const RANDOM_KINDS: Array<readonly [keyof typeof RANDOM_PLANNERS, number]> = [
  ['cfStart', 16],
  ['cfEnd', 16],
  ['arAppoint', 8],
  ['arTerminate', 8],
  ['permissionAdd', 5],
  ['permissionRemove', 5],
  ['requirementImpose', 4],
  ['requirementLift', 3],
  ['tradingNameAdd', 4],
  ['tradingNameEnd', 2],
  ['address', 4],
  ['firmDisciplinary', 1],
  ['personDisciplinary', 1],
  ['exceptionalAdd', 1],
  ['exceptionalRemove', 1],
  ['subStatusSet', 1],
  ['subStatusClear', 1],
  ['cancel', 2],
  ['directlyAuthorised', 1],
  ['subFundAdd', 2],
  ['subFundClose', 2],
];
