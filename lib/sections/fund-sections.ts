import { otherFieldsColumn as other } from '@/lib/csv/csv-cells';
import type { DataOf } from '@/lib/register/normalise';
import { keyOf, listSection, registry } from './section-kit';

/**
 * The fund's lists, declared once (the record itself is the page's header and overview): the
 * tabs, the list pages, the CSV exports, the watch and the portal paths read this table.
 */
const DEFINITIONS = {
  names: listSection(
    'fundNames',
    (d) => d,
  )({
    title: 'Other names',
    noun: 'other names',
    label: 'other names',
    unit: ['name', 'names'],
    paging: 'plain',
    apiSection: 'Names',
    key: (r) => keyOf(r.name, r.effectiveFrom),
    rowLabel: (r) => r.name || 'Name',
    columns: [
      { header: 'Name', value: (r) => r.name },
      { header: 'Effective from', value: (r) => r.effectiveFrom },
      { header: 'Effective to', value: (r) => r.effectiveTo },
      other(),
    ],
  }),
  // A sub-fund row carries no PRN of its own: its name identifies it within the umbrella.
  subfunds: listSection(
    'fundSubfunds',
    (d) => d,
  )({
    title: 'Sub-funds',
    noun: 'sub-funds',
    label: 'sub-funds',
    unit: ['sub-fund', 'sub-funds'],
    paging: 'plain',
    apiSection: 'Subfund',
    key: (r) => keyOf(r.name),
    rowLabel: (r) => r.name || 'Sub-fund',
    columns: [{ header: 'Sub-fund', value: (r) => r.name }, { header: 'Type', value: (r) => r.type }, { header: 'Parent PRN', value: (r) => r.parentPrn }, other()],
  }),
};

type Definitions = typeof DEFINITIONS;
export type FundSectionSlug = keyof Definitions;
export type FundSectionData = { [K in FundSectionSlug]: DataOf<Definitions[K]['endpoint']> };

const FUND = registry(DEFINITIONS);
export const FUND_SECTIONS = FUND.sections;
export const FUND_SECTION_SLUGS = FUND.slugs;
export const isFundSectionSlug = FUND.isSlug;
