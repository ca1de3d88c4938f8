/**
 * The firm's sections: one nested route each under /firm/[frn] (DESIGN.md route table), in the
 * order the overview lists them. `counted` marks the sections whose size the overview asks the
 * register for even when it is not cached: the long, paged lists whose size is itself a finding
 * (how many permissions, individuals, representatives, actions). Each count costs a background
 * register call (lib/firm/section-counts.ts), so the short lists (address, names, regulators,
 * passports, waivers, exclusions) are not counted and show their size on their own page.
 */

export const FIRM_SECTION_SLUGS = [
  'permissions',
  'requirements',
  'individuals',
  'controlled-functions',
  'appointed-representatives',
  'disciplinary-history',
  'passports',
  'waivers',
  'exclusions',
  'names',
  'address',
  'regulators',
] as const;

export type FirmSectionSlug = (typeof FIRM_SECTION_SLUGS)[number];

export interface FirmSectionInfo {
  slug: FirmSectionSlug;
  /** Heading and link text. */
  title: string;
  /** In a sentence: "the register lists no {noun} for …". */
  noun: string;
  /** What one counted row is, singular and plural, for "1,544 appointed representatives". */
  unit: [string, string];
  /** One line under the link on the overview. */
  summary: string;
  /** Whether the register pages this list (so ?page= and "show all" apply). */
  paged: boolean;
  /** Whether the overview fetches its count when the first page is not cached. */
  counted: boolean;
}

export const FIRM_SECTIONS: Record<FirmSectionSlug, FirmSectionInfo> = {
  permissions: {
    slug: 'permissions',
    title: 'Permissions',
    noun: 'permissions',
    unit: ['permission', 'permissions'],
    summary: 'Regulated activities, with customer types, investment types and limitations.',
    paged: true,
    counted: true,
  },
  requirements: {
    slug: 'requirements',
    title: 'Requirements',
    noun: 'requirements',
    unit: ['requirement', 'requirements'],
    summary: 'Restrictions the regulator has placed on the firm.',
    paged: true,
    counted: true,
  },
  individuals: {
    slug: 'individuals',
    title: 'Individuals',
    noun: 'individuals',
    unit: ['individual', 'individuals'],
    summary: 'People approved or certified at the firm.',
    paged: true,
    counted: true,
  },
  'controlled-functions': {
    slug: 'controlled-functions',
    title: 'Controlled functions',
    noun: 'controlled functions',
    unit: ['role', 'roles'],
    summary: 'Who holds, or held, senior management and controlled functions.',
    paged: true,
    counted: true,
  },
  'appointed-representatives': {
    slug: 'appointed-representatives',
    title: 'Appointed representatives',
    noun: 'appointed representatives',
    unit: ['appointed representative', 'appointed representatives'],
    summary: 'Firms acting under this firm’s responsibility, current and previous.',
    paged: true,
    counted: true,
  },
  'disciplinary-history': {
    slug: 'disciplinary-history',
    title: 'Disciplinary history',
    noun: 'disciplinary history',
    unit: ['action', 'actions'],
    summary: 'Fines, censures and other enforcement action.',
    paged: true,
    counted: true,
  },
  passports: {
    slug: 'passports',
    title: 'Passports',
    noun: 'passports',
    unit: ['country', 'countries'],
    summary: 'Countries the firm passports to or from, with the permissions for each.',
    paged: true,
    counted: false,
  },
  waivers: {
    slug: 'waivers',
    title: 'Waivers',
    noun: 'waivers',
    unit: ['waiver', 'waivers'],
    summary: 'Rules the regulator has waived or modified for the firm.',
    paged: true,
    counted: false,
  },
  exclusions: {
    slug: 'exclusions',
    title: 'Exclusions',
    noun: 'exclusions',
    unit: ['exclusion', 'exclusions'],
    summary: 'Payment services exclusions the firm relies on (PSD2).',
    paged: true,
    counted: false,
  },
  names: {
    slug: 'names',
    title: 'Names',
    noun: 'trading or registered names',
    unit: ['name', 'names'],
    summary: 'Registered and trading names, current and previous.',
    paged: true,
    counted: false,
  },
  address: {
    slug: 'address',
    title: 'Address',
    noun: 'addresses',
    unit: ['address', 'addresses'],
    summary: 'Principal place of business and complaints contact.',
    paged: false,
    counted: false,
  },
  regulators: {
    slug: 'regulators',
    title: 'Regulators',
    noun: 'regulators',
    unit: ['regulator', 'regulators'],
    summary: 'Which regulators have supervised the firm, and when.',
    paged: true,
    counted: false,
  },
};

export function isFirmSectionSlug(value: string): value is FirmSectionSlug {
  return (FIRM_SECTION_SLUGS as readonly string[]).includes(value);
}

/** "1 permission", "1,544 appointed representatives". */
export function countText(count: number, unit: [string, string]): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? unit[0] : unit[1]}`;
}
