import type { ReactNode } from 'react';
import { type ListView, listViewKey } from '@/lib/page-data/list-view';
import { StreamedSection } from '@/components/register/streamed-section';
import { FUND_SECTIONS, type FundSectionSlug } from '@/lib/sections/fund-sections';
import { FundNamesList } from './fund-names-section';
import { SubfundsList } from './subfunds-section';

/** How each of the fund's sections (lib/sections/fund-sections.ts) is shown on its page, below the header. */
export const FUND_SECTION_VIEWS: Record<FundSectionSlug, (prn: string, view: ListView) => ReactNode> = {
  names: (prn, view) => (
    <StreamedSection key={listViewKey(view)} id="names" title={FUND_SECTIONS.names.title} label={FUND_SECTIONS.names.label} rows={8}>
      <FundNamesList prn={prn} view={view} />
    </StreamedSection>
  ),
  subfunds: (prn, view) => (
    <StreamedSection key={listViewKey(view)} id="subfunds" title={FUND_SECTIONS.subfunds.title} label={FUND_SECTIONS.subfunds.label} rows={8}>
      <SubfundsList prn={prn} view={view} />
    </StreamedSection>
  ),
};
