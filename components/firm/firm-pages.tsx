import { PagedRegisterList } from '@/components/register/paged-register-list';
import { ExportLink } from '@/components/register/export-link';
import type { EntityKindPages, PageBody, Ready } from '@/components/register/entity-route';
import { sectionListProps } from '@/components/register/section-list-props';
import { StreamedBody } from '@/components/register/streamed-body';
import { firmExportHref } from '@/lib/export/export-paths';
import { type FirmPage, firmTitle, loadFirmPage } from '@/lib/page-data/entity-page';
import { type ListView, listRefreshCall, listViewKey } from '@/lib/page-data/list-view';
import { getRegisterClient } from '@/lib/register/client';
import { FIRM_SECTIONS, type FirmSectionSlug, sectionEndpoint, sectionSize } from '@/lib/sections/firm-sections';
import { firmListFind } from '@/lib/sections/firm-list-find';
import { FirmHeader } from './firm-header';
import { firmSectionView } from './firm-section-tables';
import { FirmSectionTabs } from './firm-section-tabs';
import { NoneRecorded } from './none-recorded';

type ReadyFirm = Ready<FirmPage>;

/** The firm's name for sentences, or its FRN when the register could not give the record. */
export function firmName(page: ReadyFirm): string {
  return page.firm.kind === 'ok' && page.firm.data.name ? page.firm.data.name : `the firm with FRN ${page.frn}`;
}

/**
 * One firm section's page body, from its entry in lib/sections/firm-sections.ts and its view in
 * firm-section-tables.tsx: the list paged from the query, or (the address) the register's one answer whole.
 */
function firmSection(slug: FirmSectionSlug, page: ReadyFirm, listView: ListView): PageBody {
  const info = FIRM_SECTIONS[slug];
  const view = firmSectionView(slug);
  const { frn } = page;
  if (!info.paged && view.whole) {
    return { refreshCalls: [{ endpoint: info.endpoint, args: [frn] }], content: <StreamedBody label={info.label}>{view.whole(frn, firmName(page))}</StreamedBody> };
  }
  const client = getRegisterClient();
  const endpoint = sectionEndpoint(client, slug);
  const find = firmListFind(slug);
  return {
    refreshCalls: [listRefreshCall(info.endpoint, frn, listView)],
    content: (
      <StreamedBody label={info.label} viewKey={listViewKey(listView)}>
        <PagedRegisterList
          {...sectionListProps('firm', frn, info)}
          none={<NoneRecorded noun={info.noun} firmName={firmName(page)} />}
          // Every page of the list as CSV, for analysts (the link hides itself from other roles).
          actions={<ExportLink href={firmExportHref(frn, slug)} what={info.noun} />}
          view={listView}
          buckets={info.paging === 'bucketed'}
          fetchPage={(p) => endpoint(frn, { page: p })}
          fetchAll={(onProgress) => client.allPages(endpoint, [frn], { onProgress })}
          rows={(d) => sectionSize(slug, d)}
          render={(d, scope) => {
            view.seen?.(frn, d);
            return view.table(d, scope, frn);
          }}
          // A search within the whole list walks every page as "show all" does, at report priority:
          // up to 83 pages (700100's ARs) ahead of everyone's page views would starve the team.
          find={find && { ...find, fetchAll: (onProgress) => client.allPages(endpoint, [frn], { onProgress }) }}
        />
      </StreamedBody>
    ),
  };
}

/**
 * The firm's pages on the entity kit (components/register/entity-route.tsx). Its frame differs
 * from the individual's and fund's: the overview's heading is the firm's name, with what it is at
 * a glance; every other page's heading is the page (a section, a passport country, History) with
 * the firm named and linked above it, then the tabs. The header stays up when the register cannot
 * give the record, saying why, while the sections (often cached) still stream: a firm page has no
 * 'failure'.
 */
export const FIRM_PAGES: EntityKindPages<FirmPage, FirmSectionSlug> = {
  kind: 'firm',
  load: (params) => loadFirmPage({ frn: params.frn, country: params.country, ref: params.ref }),
  title: (params, what) => firmTitle({ frn: params.frn, country: params.country, ref: params.ref }, what),
  recordCalls: (page) => [{ endpoint: 'firm', args: [page.frn] }],
  frame: (page, tab, body, refreshCalls) =>
    tab === 'overview' ? (
      <div className="space-y-6">
        <FirmHeader frn={page.frn} result={page.firm} refreshCalls={refreshCalls} summary={body.summary} />
        {body.content}
      </div>
    ) : (
      <div className="space-y-5">
        <FirmHeader frn={page.frn} result={page.firm} heading={body.heading ?? (tab === 'history' ? 'History' : FIRM_SECTIONS[tab].title)} refreshCalls={refreshCalls} />
        <FirmSectionTabs frn={page.frn} current={tab} />
        {body.content}
      </div>
    ),
  ref: (page) => page.frn,
  name: (page) => (page.firm.kind === 'ok' ? (page.firm.data.name ?? null) : null),
  sections: FIRM_SECTIONS,
  section: firmSection,
};
