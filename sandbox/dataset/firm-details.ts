/**
 * The sections behind an ordinary firm's sub-resources (permissions, passports, requirements,
 * waivers, regulators, disciplinary history, exclusions). They are generated on first request from
 * a stream seeded by (dataset seed, FRN), so they are as deterministic as the rest of the dataset
 * without costing start-up time for 5,000+ firms.
 */
import { Rng } from '../prng';
import {
  CBTL_PERMISSION,
  DIRECTIVES,
  FIRM_ENFORCEMENT,
  PASSPORT_COUNTRIES,
  PERMISSIONS,
  PROFILE_DIRECTIVES,
  PROFILE_PERMISSIONS,
  PSD2_EXCLUSIONS,
  REQUIREMENTS,
  WAIVER_RULES,
  type EnforcementTemplate,
  type PermissionTemplate,
} from './catalogue';
import { DAYS, REFERENCE_DAY, formatDay, parseDay, randomDay } from './generation-kit';
import type { DisciplinaryRecord, ExclusionRecord, FirmDetails, FirmRecord, PassportRecord, PermissionRecord, RegulatorRecord, WaiverRecord } from './types';

const PERMISSION_BY_NAME = new Map(PERMISSIONS.map((p) => [p.name, p]));

export function permissionTemplate(name: string): PermissionTemplate {
  const t = PERMISSION_BY_NAME.get(name);
  if (!t) throw new Error(`unknown permission ${name}`);
  return t;
}

/** One permission's single-key entries, as the register lists them. */
export function buildPermission(rng: Rng, template: PermissionTemplate, withLimitation = false): PermissionRecord {
  const entries: Array<[string, string[]]> = [];
  if (template.customerTypes) {
    const n = rng.int(1, template.customerTypes.length);
    entries.push(['Customer Type', rng.sample(template.customerTypes, n)]);
  }
  if (template.investmentTypes) {
    const n = rng.int(1, template.investmentTypes.length);
    entries.push(['Investment Type', rng.sample(template.investmentTypes, n)]);
  }
  if (template.limitation || withLimitation) {
    entries.push(['Limitation', [template.limitation ?? 'The firm can only agree to carry on the regulated activities specified in this Notice.']]);
  }
  if (entries.length === 0) entries.push(['Limitation Not Found', ['Valid limitation not present']]);
  return { name: template.name, entries };
}

/** The consumer buy-to-let entry carries scalar facts wrapped in one-element lists. */
export function buildCbtlPermission(effective: string): PermissionRecord {
  return {
    name: CBTL_PERMISSION,
    entries: [
      ['Customer Type', ['Consumer']],
      ['Acting as a CBTL administrator', ['1']],
      ['Acting as a CBTL advisor', ['1']],
      ['Acting as a CBTL arranger', ['1']],
      ['Acting as a CBTL lender', ['1']],
      ['CBTL Effective Date', [effective]],
      ['CBTL Status', ['Registered']],
    ],
  };
}

export function buildPassports(rng: Rng, frnProfile: string, countries: string[]): PassportRecord[] {
  const directiveKeys = PROFILE_DIRECTIVES[frnProfile] ?? ['mifid'];
  return countries.map((country) => {
    const keys = rng.sample(directiveKeys, rng.int(1, Math.min(3, directiveKeys.length)));
    return {
      country,
      direction: 'Passporting Out' as const,
      directives: keys.map((key) => {
        const template = DIRECTIVES[key];
        const perms = rng.sample(template.permissions, rng.int(1, template.permissions.length));
        return {
          directive: template.directive,
          type: rng.chance(0.85) ? ('Service' as const) : ('Establishment' as const),
          permissions: perms
            .slice()
            .sort((a, b) => (a.name < b.name ? -1 : 1))
            .map((p) => ({ name: p.name, investmentTypes: p.investmentTypes.slice() })),
        };
      }),
    };
  });
}

export function requirementRef(rng: Rng): string {
  return `OR-0${String(rng.int(100_000, 299_999))}`;
}

export function buildWaivers(rng: Rng, count: number, nullShare: number): WaiverRecord[] {
  const out: WaiverRecord[] = [];
  for (let i = 0; i < count; i++) {
    const rules = [rng.pick(WAIVER_RULES)];
    if (rng.chance(0.15)) rules.push(rng.pick(WAIVER_RULES));
    if (rng.chance(nullShare)) {
      out.push({ file: null, url: null, rules });
    } else {
      const file = rng.chance(0.7) ? `A${String(rng.int(1000, 9_999_999)).padStart(8, '0')}P.pdf` : `${String(rng.int(1000, 99_999)).padStart(8, '0')}.pdf`;
      const id = `00P${randomId(rng, 15)}`;
      out.push({ file, url: `https://register.fca.org.uk/servlet/servlet.FileDownload?file=${id}`, rules });
    }
  }
  return out;
}

function randomId(rng: Rng, length: number): string {
  const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let s = '';
  for (let i = 0; i < length; i++) s += chars[rng.int(0, chars.length - 1)];
  return s;
}

/** Regulators follow the regimes: HM Treasury placeholder, FSA, then FCA (and PRA when dual-regulated). */
export function buildRegulators(authorisedFrom: string, dualRegulated: boolean, endedOn: string | null): RegulatorRecord[] {
  const from = parseDay(authorisedFrom);
  const end = endedOn ? parseDay(endedOn) : null;
  const rows: RegulatorRecord[] = [];
  const fcaFrom = Math.max(from, DAYS.twinPeaks);
  if (end === null || end >= DAYS.twinPeaks) {
    rows.push({ name: 'Financial Conduct Authority', effective: formatDay(fcaFrom), termination: end ? formatDay(end) : '' });
  }
  if (from < DAYS.twinPeaks) {
    const fsaFrom = Math.max(from, DAYS.n2);
    const fsaEnd = end !== null && end < DAYS.twinPeaks ? end : DAYS.twinPeaks - 1;
    rows.push({ name: 'Financial Services Authority', effective: formatDay(fsaFrom), termination: formatDay(fsaEnd) });
  }
  if (from < DAYS.n2) {
    rows.push({ name: "Her Majesty's Treasury", effective: formatDay(DAYS.hmtPlaceholder), termination: formatDay(DAYS.n2 - 1) });
  }
  if (dualRegulated && (end === null || end >= DAYS.twinPeaks)) {
    rows.push({ name: 'Prudential Regulation Authority', effective: formatDay(fcaFrom), termination: end ? formatDay(end) : '' });
  }
  return rows;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 1234567 → "1,234,567" (what toLocaleString('en-GB') prints, without building a formatter per call). */
function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function fillEnforcement(rng: Rng, template: EnforcementTemplate, who: string, day: number): DisciplinaryRecord {
  const date = new Date(day * 86_400_000);
  const longDate = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  const amount = rng.int(2, 900) * 10_000 + rng.int(0, 9) * 1000;
  const text = template.text
    .replace(/\{firm\}/g, who)
    .replace(/\{date\}/g, longDate)
    .replace(/\{year\}/g, String(date.getUTCFullYear()))
    .replace(/\{amount\}/g, groupThousands(amount));
  return { description: text, action: template.action, enforcement: 'FSMA', effective: formatDay(day) };
}

export function buildDisciplinary(rng: Rng, who: string, count: number, fromDay: number): DisciplinaryRecord[] {
  const days: number[] = [];
  for (let i = 0; i < count; i++) days.push(randomDay(rng, fromDay, REFERENCE_DAY - 30));
  days.sort((a, b) => a - b);
  return days.map((day) => fillEnforcement(rng, rng.pick(FIRM_ENFORCEMENT), who, day));
}

export function buildExclusions(rng: Rng, count: number): ExclusionRecord[] {
  return rng.sample(PSD2_EXCLUSIONS, count).map((e) => ({ ...e }));
}

const ACTIVE_KINDS = new Set(['authorised', 'payment-institution', 'e-money-institution', 'overseas-branch']);

/** Generated details for an ordinary (non-showcase) firm. */
export function generateFirmDetails(seed: string, firm: FirmRecord): FirmDetails {
  const rng = new Rng(seed, 'firm-details', firm.frn);
  const details: FirmDetails = {
    permissions: [],
    passports: [],
    requirements: [],
    waivers: [],
    regulators: [],
    disciplinary: [],
    exclusions: [],
  };
  const active = ACTIVE_KINDS.has(firm.kind);
  const regulated = active || firm.kind === 'no-longer-authorised';
  const big = firm.profile === 'bank' || firm.profile === 'insurer';

  if (active) {
    const names = PROFILE_PERMISSIONS[firm.profile] ?? PROFILE_PERMISSIONS.adviser;
    const chosen = rng.sample(names, rng.int(Math.min(2, names.length), names.length));
    // Keep the register's habit of a stable, roughly alphabetical order.
    chosen.sort();
    details.permissions = chosen.map((name) => buildPermission(rng, permissionTemplate(name), rng.chance(0.12)));
    if (firm.profile === 'mortgage' && rng.chance(0.25)) details.permissions.push(buildCbtlPermission(formatDay(dayIn(rng, 2016, 2024))));
  }

  if (active && PROFILE_DIRECTIVES[firm.profile] && rng.chance(big ? 0.8 : 0.15)) {
    const countries = rng.sample(PASSPORT_COUNTRIES, rng.int(1, big ? 12 : 4)).sort();
    details.passports = buildPassports(rng, firm.profile, countries);
  }

  if (active && rng.chance(big ? 0.7 : 0.22)) {
    const templates = rng.sample(REQUIREMENTS, rng.int(1, big ? 4 : 2));
    details.requirements = templates.map((t) => ({
      ref: requirementRef(rng),
      title: t.title,
      text: t.text,
      effective: formatDay(randomDay(rng, Math.max(parseDay(firm.authorisedFrom), DAYS.twinPeaks), REFERENCE_DAY - 10)),
      financialPromotion: t.financialPromotion,
      investmentTypes: t.investmentTypes ? t.investmentTypes.slice() : [],
    }));
  }

  if (active && rng.chance(big ? 0.45 : 0.04)) details.waivers = buildWaivers(rng, rng.int(1, big ? 14 : 4), 0.45);

  if (regulated) {
    const ended = firm.kind === 'no-longer-authorised' ? firm.statusEffective : null;
    details.regulators = buildRegulators(firm.authorisedFrom, big, ended);
  }

  if (regulated && rng.chance(0.02)) {
    details.disciplinary = buildDisciplinary(rng, firm.name, rng.int(1, 3), Math.max(parseDay(firm.authorisedFrom), DAYS.n2));
  }

  if ((firm.kind === 'payment-institution' || firm.kind === 'e-money-institution') && rng.chance(0.4)) {
    details.exclusions = buildExclusions(rng, rng.int(1, 2));
  }
  return details;
}

function dayIn(rng: Rng, fromYear: number, toYear: number): number {
  return randomDay(rng, Date.UTC(fromYear, 0, 1) / 86_400_000, Date.UTC(toYear, 11, 31) / 86_400_000);
}
