import type { ReactNode } from 'react';
import { type ListView, listViewKey } from '@/components/register/list-view';
import { StreamedSection } from '@/components/register/streamed-section';
import type { FundSectionSlug } from '@/lib/sections/fund-sections';
import { FundNamesList } from './fund-names-section';
import { SubfundsList } from './subfunds-section';

/** How each of the fund's sections (lib/sections/fund-sections.ts) is shown on its page, below the header. */
export const FUND_SECTION_VIEWS: Record<FundSectionSlug, (prn: string, view: ListView) => ReactNode> = {
  names: (prn, view) => (
    <StreamedSection key={listViewKey(view)} id="names" title="Other names" label="other names" rows={8}>
      <FundNamesList prn={prn} view={view} />
    </StreamedSection>
  ),
  subfunds: (prn, view) => (
    <StreamedSection key={listViewKey(view)} id="subfunds" title="Sub-funds" label="sub-funds" rows={8}>
      <SubfundsList prn={prn} view={view} />
    </StreamedSection>
  ),
};
