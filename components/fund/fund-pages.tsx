import type { EntityKindPages } from '@/components/register/entity-route';
import { type FundPage, fundTitle, loadFundPage } from '@/lib/page-data/entity-page';
import { listRefreshCall } from '@/lib/page-data/list-view';
import { FUND_SECTIONS, type FundSectionSlug } from '@/lib/sections/fund-sections';
import { FundHeader } from './fund-header';
import { FUND_SECTION_VIEWS } from './fund-section-views';

/** The fund's pages on the entity kit (components/register/entity-route.tsx): the header with its tabs above each page's content. */
export const FUND_PAGES: EntityKindPages<FundPage, FundSectionSlug> = {
  kind: 'fund',
  load: (params) => loadFundPage(params.prn),
  title: (params, what) => fundTitle(params.prn, what),
  // The fund's name comes from a search for its PRN: refreshed with the record.
  recordCalls: (page) => [
    { endpoint: 'fund', args: [page.prn] },
    { endpoint: 'search', args: [page.prn, 'fund'] },
  ],
  frame: (page, tab, body, refreshCalls) => (
    <div className="space-y-8">
      <FundHeader page={page} current={tab} refreshCalls={refreshCalls} />
      {body.content}
    </div>
  ),
  ref: (page) => page.prn,
  name: (page) => page.listing?.name ?? null,
  sections: FUND_SECTIONS,
  section: (slug, page, view) => ({
    refreshCalls: [listRefreshCall(FUND_SECTIONS[slug].endpoint, page.prn, view)],
    content: FUND_SECTION_VIEWS[slug](page.prn, view),
  }),
};
