import type { ReactNode } from 'react';
import { type ListView, listViewKey } from '@/lib/page-data/list-view';
import { StreamedSection } from '@/components/register/streamed-section';
import { INDIVIDUAL_SECTIONS, type IndividualSectionSlug } from '@/lib/sections/individual-sections';
import { ControlledFunctionsSection } from './controlled-functions-section';
import { DisciplinaryHistoryList } from './disciplinary-history-section';

/** How each of the individual's sections (lib/sections/individual-sections.ts) is shown on its page, below the header. */
export const INDIVIDUAL_SECTION_VIEWS: Record<IndividualSectionSlug, (irn: string, view: ListView) => ReactNode> = {
  // The register does not page controlled functions: both buckets in full, each streaming.
  'controlled-functions': (irn) => (
    <>
      <StreamedSection id="current" title="Current" label="current controlled functions">
        <ControlledFunctionsSection irn={irn} bucket="current" />
      </StreamedSection>
      <StreamedSection id="previous" title="Previous" label="previous controlled functions">
        <ControlledFunctionsSection irn={irn} bucket="previous" />
      </StreamedSection>
    </>
  ),
  'disciplinary-history': (irn, view) => (
    <StreamedSection key={listViewKey(view)} id="actions" title={INDIVIDUAL_SECTIONS['disciplinary-history'].title} label={INDIVIDUAL_SECTIONS['disciplinary-history'].label}>
      <DisciplinaryHistoryList irn={irn} view={view} />
    </StreamedSection>
  ),
};
