import { disciplinaryColumns, joined, otherFieldsColumn as other } from '@/lib/csv/csv-cells';
import type * as M from '@/lib/register/model';
import type { DataOf } from '@/lib/register/normalise';
import type { EndpointFn, RegisterEndpoints } from '@/lib/register/register-client-types';
import { bucketed, entryEndpoint, entryRows, keyOf, listSection, type OneRefEndpoint, registry, type SectionRows } from './section-kit';

export { countText } from './section-kit';

/**
 * The firm's sections, declared once: each entry is everything the portal knows about one list
 * of the register's firm record. The tabs, the overview's links and counts, the list pages, the
 * printable report, the CSV exports, the API-path redirects and the portal paths all read this
 * table (the tables that render each section: components/firm/firm-section-tables.tsx). Order is
 * the order the overview, the tabs and the report list them.
 *
 * The overview shows every section's size (or "none recorded"): each count is the section's first
 * page read at background priority with a short wait (lib/firm/section-counts.ts), so it never
 * takes a slot a person is waiting for, costs nothing when cached, and leaves the page cached for
 * the click that usually follows; the address and names counts share their read with the
 * overview's header summary (principal address, trading names).
 */

/** The register endpoints that take an FRN alone: the ones a firm section can read. */
export type FirmListEndpoint = Exclude<Extract<OneRefEndpoint, `firm${string}`>, 'firm'>;

/** What a firm entry says besides what every section says (section-kit.ts). */
interface FirmFacts {
  /** One line under the link on the overview. */
  summary: string;
  /** Whether the page pages the list (so ?page= and "show all" apply); the address page shows one answer whole. */
  paged: boolean;
}

const section = <E extends FirmListEndpoint, Row>(endpoint: E, rows: (data: DataOf<E>) => Row[]) => listSection<E, Row, FirmFacts>(endpoint, rows);

const DEFINITIONS = {
  // The register pages permissions by key, 20 to a page; each row lists its customer types, investment types and limitations.
  permissions: section(
    'firmPermissions',
    (d) => d,
  )({
    title: 'Permissions',
    apiSection: 'Permissions',
    noun: 'permissions',
    label: 'permissions',
    unit: ['permission', 'permissions'],
    summary: 'Regulated activities, with customer types, investment types and limitations.',
    paged: true,
    paging: 'plain',
    key: (r) => r.name,
    columns: [
      { header: 'Permission', value: (r) => r.name },
      { header: 'Customer types', value: (r) => joined(r.customerTypes) },
      { header: 'Investment types', value: (r) => joined(r.investmentTypes) },
      { header: 'Limitations', value: (r) => joined(r.limitations) },
      {
        header: 'Other details',
        value: (r) =>
          Object.entries(r.other)
            .map(([k, v]) => `${k}: ${v.join(', ')}`)
            .join('; '),
      },
      other(),
    ],
  }),
  // Requirements with investment types link to /firm/[frn]/requirements/[ref].
  requirements: section(
    'firmRequirements',
    (d) => d,
  )({
    title: 'Requirements',
    apiSection: 'Requirements',
    noun: 'requirements',
    label: 'requirements',
    unit: ['requirement', 'requirements'],
    summary: 'Restrictions the regulator has placed on the firm.',
    paged: true,
    paging: 'plain',
    // The reference is the requirement: a retitled one is the same requirement, changed.
    key: (r) => r.reference ?? keyOf('', r.title),
    columns: [
      { header: 'Reference', value: (r) => r.reference },
      { header: 'Requirement', value: (r) => r.title },
      { header: 'Text', value: (r) => r.text },
      { header: 'Effective date', value: (r) => r.effectiveDate },
      { header: 'Financial promotions requirement', value: (r) => r.financialPromotions },
      { header: 'Has investment types', value: (r) => Boolean(r.investmentTypesUrl) },
      other(),
    ],
  }),
  // Each person links to /individual/[irn]; the register's joined statuses are split into one tag each.
  individuals: section(
    'firmIndividuals',
    (d) => d,
  )({
    title: 'Individuals',
    apiSection: 'Individuals',
    noun: 'individuals',
    label: 'individuals',
    unit: ['individual', 'individuals'],
    summary: 'People approved or certified at the firm.',
    paged: true,
    paging: 'plain',
    // The IRN is the person: a corrected name is the same row, changed.
    key: (r) => r.irn ?? keyOf('', r.name),
    columns: [{ header: 'IRN', value: (r) => r.irn }, { header: 'Name', value: (r) => r.name }, { header: 'Status', value: (r) => r.status }, other()],
  }),
  // Pages hold up to 10 current and 10 previous rows and follow the larger bucket, so the page count is only known once a bucket ends.
  'controlled-functions': section(
    'firmControlledFunctions',
    bucketed,
  )({
    title: 'Controlled functions',
    apiSection: 'CF',
    noun: 'controlled functions',
    label: 'controlled functions',
    unit: ['role', 'roles'],
    summary: 'Who holds, or held, senior management and controlled functions.',
    paged: true,
    paging: 'bucketed',
    key: (r) => keyOf(r.name, r.irn, r.effectiveDate),
    columns: [
      { header: 'List', value: (r) => r.list },
      { header: 'Function', value: (r) => r.name },
      { header: 'Individual', value: (r) => r.individualName },
      { header: 'IRN', value: (r) => r.irn },
      { header: 'Effective date', value: (r) => r.effectiveDate },
      { header: 'End date', value: (r) => r.endDate },
      { header: 'Restriction', value: (r) => r.restriction },
      { header: 'Restriction start', value: (r) => r.restrictionStartDate },
      { header: 'Restriction end', value: (r) => r.restrictionEndDate },
      other(),
    ],
  }),
  // Pages hold up to 10 current and 10 previous rows and follow the larger bucket (a network can have thousands: "show all" walks them with progress).
  'appointed-representatives': section(
    'firmAppointedRepresentatives',
    bucketed,
  )({
    title: 'Appointed representatives',
    apiSection: 'AR',
    noun: 'appointed representatives',
    label: 'appointed representatives',
    unit: ['appointed representative', 'appointed representatives'],
    summary: 'Firms acting under this firm’s responsibility, current and previous.',
    paged: true,
    paging: 'bucketed',
    // One appointment: the representative and its start (a firm appointed again after it ended is a second row).
    key: (r) => keyOf(r.frn ?? r.name, r.effectiveDate),
    columns: [
      { header: 'List', value: (r) => r.list },
      { header: 'FRN', value: (r) => r.frn },
      { header: 'Name', value: (r) => r.name },
      { header: 'Type', value: (r) => r.recordSubType },
      { header: 'Principal FRN', value: (r) => r.principalFrn },
      { header: 'Principal', value: (r) => r.principalName },
      { header: 'Effective date', value: (r) => r.effectiveDate },
      { header: 'Termination date', value: (r) => r.terminationDate },
      { header: 'Tied agent', value: (r) => r.tiedAgent },
      { header: 'EEA tied agent', value: (r) => r.eeaTiedAgent },
      { header: 'Insurance distribution', value: (r) => r.insuranceDistribution },
      other(),
    ],
  }),
  // The register answers "not found" for a firm without any: shown as none recorded.
  'disciplinary-history': section(
    'firmDisciplinaryHistory',
    (d) => d,
  )({
    title: 'Disciplinary history',
    apiSection: 'DisciplinaryHistory',
    noun: 'disciplinary history',
    label: 'disciplinary history',
    unit: ['action', 'actions'],
    summary: 'Fines, censures and other enforcement action.',
    paged: true,
    paging: 'plain',
    key: disciplinaryKey,
    columns: disciplinaryColumns(),
  }),
  // Each country links to /firm/[frn]/passports/[country] (the country as a slug).
  passports: section(
    'firmPassports',
    (d) => d.passports,
  )({
    title: 'Passports',
    apiSection: 'Passports',
    noun: 'passports',
    label: 'passports',
    unit: ['country', 'countries'],
    summary: 'Countries the firm passports to or from, with the permissions for each.',
    paged: true,
    paging: 'plain',
    key: (r) => keyOf(r.country, r.direction),
    columns: [{ header: 'Country', value: (r) => r.country }, { header: 'Direction', value: (r) => r.direction }, other()],
  }),
  // Each waiver lists its rules and links to its published document when there is one.
  waivers: section(
    'firmWaivers',
    (d) => d,
  )({
    title: 'Waivers',
    apiSection: 'Waivers',
    noun: 'waivers',
    label: 'waivers',
    unit: ['waiver', 'waivers'],
    summary: 'Rules the regulator has waived or modified for the firm.',
    paged: true,
    paging: 'plain',
    key: (r) => keyOf(joined(r.rules), r.documentName),
    columns: [
      { header: 'Rules', value: (r) => joined(r.rules) },
      { header: 'Document', value: (r) => r.documentName },
      { header: 'Document URL', value: (r) => r.documentUrl },
      other(),
    ],
  }),
  // The PSD2 exclusions a payment firm relies on.
  exclusions: section(
    'firmExclusions',
    (d) => d,
  )({
    title: 'Exclusions',
    apiSection: 'Exclusions',
    noun: 'exclusions',
    label: 'exclusions',
    unit: ['exclusion', 'exclusions'],
    summary: 'Payment services exclusions the firm relies on (PSD2).',
    paged: true,
    paging: 'plain',
    key: (r) => keyOf(r.exclusionType, r.exclusionReliedUpon),
    columns: [
      { header: 'Exclusion type', value: (r) => r.exclusionType },
      { header: 'Exclusion relied upon', value: (r) => r.exclusionReliedUpon },
      { header: 'Services', value: (r) => r.servicesDescription },
      other(),
    ],
  }),
  // Current and previous trading and registered names (one list paged by rows, in two buckets).
  names: section(
    'firmNames',
    bucketed,
  )({
    title: 'Names',
    apiSection: 'Names',
    noun: 'trading or registered names',
    label: 'names',
    unit: ['name', 'names'],
    summary: 'Registered and trading names, current and previous.',
    paged: true,
    paging: 'plain',
    // A name used, stopped and used again is two rows: its start tells them apart.
    key: (r) => keyOf(r.name, r.status, r.effectiveFrom),
    columns: [
      { header: 'List', value: (r) => r.list },
      { header: 'Name', value: (r) => r.name },
      { header: 'Status', value: (r) => r.status },
      { header: 'Effective from', value: (r) => r.effectiveFrom },
      { header: 'Effective to', value: (r) => r.effectiveTo },
      other(),
    ],
  }),
  // Principal place of business and complaints contact, with phone and website (one answer holds them all).
  address: section(
    'firmAddresses',
    (d) => d,
  )({
    title: 'Address',
    apiSection: 'Address',
    noun: 'addresses',
    label: 'addresses',
    unit: ['address', 'addresses'],
    summary: 'Principal place of business and complaints contact.',
    paged: false,
    paging: 'plain',
    key: (r) => keyOf(r.kind, r.type),
    columns: [
      { header: 'Address type', value: (r) => r.type },
      { header: 'Contact', value: (r) => r.contactName },
      { header: 'Address lines', value: (r) => joined(r.lines) },
      { header: 'Town', value: (r) => r.town },
      { header: 'County', value: (r) => r.county },
      { header: 'Postcode', value: (r) => r.postcode },
      { header: 'Country', value: (r) => r.country },
      { header: 'Phone', value: (r) => r.phone },
      { header: 'Website', value: (r) => r.website },
      other(),
    ],
  }),
  // Which regulators have supervised the firm, and when.
  regulators: section(
    'firmRegulators',
    (d) => d,
  )({
    title: 'Regulators',
    apiSection: 'Regulators',
    noun: 'regulators',
    label: 'regulators',
    unit: ['regulator', 'regulators'],
    summary: 'Which regulators have supervised the firm, and when.',
    paged: true,
    paging: 'plain',
    key: (r) => keyOf(r.name, r.effectiveDate),
    columns: [
      { header: 'Regulator', value: (r) => r.name },
      { header: 'Effective date', value: (r) => r.effectiveDate },
      { header: 'Termination date', value: (r) => r.terminationDate },
      other(),
    ],
  }),
};

/** A disciplinary action's identity (firm and individual histories alike). */
export function disciplinaryKey(r: M.DisciplinaryAction): string {
  return keyOf(r.actionType, r.enforcementType, r.effectiveFrom);
}

type Definitions = typeof DEFINITIONS;
export type FirmSectionSlug = keyof Definitions;

/** What each section's register list holds (the report's and the tables' data type). */
export type FirmSectionData = { [K in FirmSectionSlug]: DataOf<Definitions[K]['endpoint']> };

/** One section's entry, with its slug. */
export type FirmSectionEntry<K extends FirmSectionSlug = FirmSectionSlug> = Definitions[K] & { slug: K };

const FIRM = registry(DEFINITIONS);
export const FIRM_SECTIONS: { [K in FirmSectionSlug]: FirmSectionEntry<K> } = FIRM.sections;
export const FIRM_SECTION_SLUGS = FIRM.slugs;
export const isFirmSectionSlug = FIRM.isSlug;

/** The register client's function for a section, typed by the section's data. */
export function sectionEndpoint<K extends FirmSectionSlug>(client: RegisterEndpoints, slug: K): EndpointFn<[frn: string], FirmSectionData[K]> {
  return entryEndpoint<FirmSectionData[K]>(client, FIRM_SECTIONS[slug]);
}

/** A section's rows, its columns, its row identity and row label, with the row type hidden (for code that handles any section). */
export function sectionRows<K extends FirmSectionSlug>(slug: K): SectionRows<FirmSectionData[K]> {
  return entryRows<FirmSectionData[K]>(FIRM_SECTIONS[slug]);
}

/** How many rows a section's data holds (both buckets of a bucketed section). */
export function sectionSize<K extends FirmSectionSlug>(slug: K, data: FirmSectionData[K]): number {
  return sectionRows(slug).rows(data).length;
}
