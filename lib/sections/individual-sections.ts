import { disciplinaryColumns, joined, otherFieldsColumn as other } from '@/lib/csv/csv-cells';
import type { DataOf } from '@/lib/register/normalise';
import { disciplinaryKey } from './firm-sections';
import { bucketed, keyOf, listSection, registry } from './section-kit';

/**
 * The individual's lists, declared once (the record itself is the page's header and overview):
 * the tabs, the list pages, the CSV exports, the watch and the portal paths read this table.
 */
const DEFINITIONS = {
  // Current and previous roles at firms, in one answer the register does not page.
  'controlled-functions': listSection(
    'individualControlledFunctions',
    bucketed,
  )({
    title: 'Controlled functions',
    noun: 'controlled functions',
    label: 'controlled functions',
    unit: ['role', 'roles'],
    paging: 'bucketed',
    apiSection: 'CF',
    key: (r) => keyOf(r.name, r.frn, r.effectiveDate),
    rowLabel: (r) => `${r.name ?? ''} at ${r.firmName || `FRN ${r.frn ?? ''}`} (${r.list.toLowerCase()})`,
    columns: [
      { header: 'List', value: (r) => r.list },
      { header: 'Function', value: (r) => r.name },
      { header: 'Firm', value: (r) => r.firmName },
      { header: 'FRN', value: (r) => r.frn },
      { header: 'Effective date', value: (r) => r.effectiveDate },
      { header: 'End date', value: (r) => r.endDate },
      { header: 'Customer engagement', value: (r) => joined(r.customerEngagementMethods) },
      { header: 'Restriction', value: (r) => r.restriction },
      { header: 'Restriction start', value: (r) => r.restrictionStartDate },
      { header: 'Restriction end', value: (r) => r.restrictionEndDate },
      other(),
    ],
  }),
  // Ten actions to a register page; the register answers "not found" for a person without any.
  'disciplinary-history': listSection(
    'individualDisciplinaryHistory',
    (d) => d,
  )({
    title: 'Disciplinary history',
    noun: 'disciplinary history',
    label: 'disciplinary history',
    unit: ['action', 'actions'],
    paging: 'plain',
    apiSection: 'DisciplinaryHistory',
    key: disciplinaryKey,
    rowLabel: (r) => [r.actionType, r.enforcementType, r.effectiveFrom].filter(Boolean).join(' · ') || 'Action',
    columns: disciplinaryColumns(),
  }),
};

type Definitions = typeof DEFINITIONS;
export type IndividualSectionSlug = keyof Definitions;
export type IndividualSectionData = { [K in IndividualSectionSlug]: DataOf<Definitions[K]['endpoint']> };

const INDIVIDUAL = registry(DEFINITIONS);
export const INDIVIDUAL_SECTIONS = INDIVIDUAL.sections;
export const INDIVIDUAL_SECTION_SLUGS = INDIVIDUAL.slugs;
export const isIndividualSectionSlug = INDIVIDUAL.isSlug;
