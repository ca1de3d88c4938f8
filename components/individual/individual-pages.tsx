import type { EntityKindPages } from '@/components/register/entity-route';
import { individualTitle, type IndividualPage, loadIndividualPage } from '@/lib/page-data/entity-page';
import { listRefreshCall } from '@/lib/page-data/list-view';
import { INDIVIDUAL_SECTIONS, type IndividualSectionSlug } from '@/lib/sections/individual-sections';
import { IndividualHeader } from './individual-header';
import { INDIVIDUAL_SECTION_VIEWS } from './individual-section-views';

/** The individual's pages on the entity kit (components/register/entity-route.tsx): the header with its tabs above each page's content. */
export const INDIVIDUAL_PAGES: EntityKindPages<IndividualPage, IndividualSectionSlug> = {
  kind: 'individual',
  load: (params) => loadIndividualPage(params.irn),
  title: (params, what) => individualTitle(params.irn, what),
  recordCalls: (page) => [{ endpoint: 'individual', args: [page.irn] }],
  frame: (page, tab, body, refreshCalls) => (
    <div className="space-y-8">
      <IndividualHeader page={page} current={tab} refreshCalls={refreshCalls} />
      {body.content}
    </div>
  ),
  ref: (page) => page.irn,
  name: (page) => page.result.data.fullName ?? null,
  sections: INDIVIDUAL_SECTIONS,
  section: (slug, page, view) => ({
    refreshCalls: [listRefreshCall(INDIVIDUAL_SECTIONS[slug].endpoint, page.irn, view)],
    content: INDIVIDUAL_SECTION_VIEWS[slug](page.irn, view),
  }),
};
