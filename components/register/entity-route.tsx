import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { FundHeader } from '@/components/fund/fund-header';
import { FUND_SECTION_VIEWS } from '@/components/fund/fund-section-views';
import { IndividualHeader } from '@/components/individual/individual-header';
import { INDIVIDUAL_SECTION_VIEWS } from '@/components/individual/individual-section-views';
import { BadReference } from '@/components/register/bad-reference';
import { listRefreshCall, type ListView, parseListView, type SearchParams } from '@/lib/page-data/list-view';
import { RecordUnavailable } from '@/components/register/record-unavailable';
import { EntityHistory } from '@/components/watch/entity-history';
import { requireUser } from '@/lib/auth/session';
import { type EntityPage, type FundPage, fundTitle, type IndividualPage, individualTitle, loadFundPage, loadIndividualPage } from '@/lib/page-data/entity-page';
import type { RegisterCall } from '@/lib/page-data/refresh-calls';
import type { FundSection, IndividualSection } from '@/lib/routes/portal-paths';
import { FUND_SECTIONS, type FundSectionSlug } from '@/lib/sections/fund-sections';
import { INDIVIDUAL_SECTIONS, type IndividualSectionSlug } from '@/lib/sections/individual-sections';

/**
 * Every page of an individual and of a fund is made here, the way firmSectionRoute makes the
 * firm's: check the user, load the record before the first byte (bad address: 400 page; unknown
 * number: a real 404; register failure: said in place of the page), then the record's header with
 * its tabs and refresh button, then the page's own content, which streams. A route file only says
 * which tab it is and, for the overview, what it shows.
 */

type Ready<P> = Extract<P, { kind: 'ready' }>;
type Props = { params: Promise<Record<string, string>>; searchParams: Promise<SearchParams> };

/** What a page shows below the header, and the register calls it makes besides the record's (for the refresh button). */
export interface PageBody {
  refreshCalls: RegisterCall[];
  content: ReactNode;
}

interface EntityKindPages<P extends EntityPage<object>, Tab extends string> {
  param: 'irn' | 'prn';
  load: (raw: string) => Promise<P>;
  title: (raw: string, what?: string) => Promise<string>;
  /** The record's own register calls, on every page's refresh button. */
  recordCalls: (page: Ready<P>) => RegisterCall[];
  header: (page: Ready<P>, tab: Tab, refreshCalls: RegisterCall[]) => ReactNode;
  /** The record's name for the History tab, or null. */
  name: (page: Ready<P>) => string | null;
  kind: 'individual' | 'fund';
  ref: (page: Ready<P>) => string;
}

const INDIVIDUAL: EntityKindPages<IndividualPage, 'overview' | IndividualSection> = {
  kind: 'individual',
  param: 'irn',
  load: loadIndividualPage,
  title: individualTitle,
  recordCalls: (page) => [{ endpoint: 'individual', args: [page.irn] }],
  header: (page, tab, refreshCalls) => <IndividualHeader page={page} current={tab} refreshCalls={refreshCalls} />,
  name: (page) => page.result.data.fullName ?? null,
  ref: (page) => page.irn,
};

const FUND: EntityKindPages<FundPage, 'overview' | FundSection> = {
  kind: 'fund',
  param: 'prn',
  load: loadFundPage,
  title: fundTitle,
  // The fund's name comes from a search for its PRN: refreshed with the record.
  recordCalls: (page) => [
    { endpoint: 'fund', args: [page.prn] },
    { endpoint: 'search', args: [page.prn, 'fund'] },
  ],
  header: (page, tab, refreshCalls) => <FundHeader page={page} current={tab} refreshCalls={refreshCalls} />,
  name: (page) => page.listing?.name ?? null,
  ref: (page) => page.prn,
};

function entityRoute<P extends EntityPage<object>, Tab extends string>(
  kind: EntityKindPages<P, Tab>,
  tab: Tab,
  what: string | undefined,
  body: (page: Ready<P>, view: ListView) => PageBody,
) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    return { title: await kind.title((await params)[kind.param], what) };
  }

  async function EntityRoutePage({ params, searchParams }: Props) {
    await requireUser();
    const page = await kind.load((await params)[kind.param]);
    if (page.kind === 'bad-input') return <BadReference page={page} />;
    if (page.kind === 'failure') return <RecordUnavailable page={page} />;
    const ready = page as Ready<P>;
    const { refreshCalls, content } = body(ready, parseListView(await searchParams));
    return (
      <div className="space-y-8">
        {kind.header(ready, tab, [...kind.recordCalls(ready), ...refreshCalls])}
        {content}
      </div>
    );
  }

  return { generateMetadata, Page: EntityRoutePage };
}

/** An individual's overview: what it shows is the route's. */
export function individualOverviewRoute(body: (page: Ready<IndividualPage>) => PageBody) {
  return entityRoute(INDIVIDUAL, 'overview', undefined, body);
}

export function fundOverviewRoute(body: (page: Ready<FundPage>) => PageBody) {
  return entityRoute(FUND, 'overview', undefined, body);
}

/** One of the individual's sections (lib/sections/individual-sections.ts), shown by its view. */
export function individualSectionRoute(slug: IndividualSectionSlug) {
  const entry = INDIVIDUAL_SECTIONS[slug];
  return entityRoute(INDIVIDUAL, slug, entry.title, (page, view) => ({
    refreshCalls: [listRefreshCall(entry.endpoint, page.irn, view)],
    content: INDIVIDUAL_SECTION_VIEWS[slug](page.irn, view),
  }));
}

/** One of the fund's sections (lib/sections/fund-sections.ts), shown by its view. */
export function fundSectionRoute(slug: FundSectionSlug) {
  const entry = FUND_SECTIONS[slug];
  return entityRoute(FUND, slug, entry.title, (page, view) => ({
    refreshCalls: [listRefreshCall(entry.endpoint, page.prn, view)],
    content: FUND_SECTION_VIEWS[slug](page.prn, view),
  }));
}

/** The record's History tab: every watch check of it, newest first, with what it saw change. */
export function entityHistoryRoute(kind: 'individual' | 'fund') {
  const history = <P extends EntityPage<object>, Tab extends string>(pages: EntityKindPages<P, Tab>, tab: Tab) =>
    entityRoute(pages, tab, 'History', (page) => ({
      refreshCalls: [],
      content: <EntityHistory kind={pages.kind} refNumber={pages.ref(page)} name={pages.name(page)} />,
    }));
  return kind === 'individual' ? history(INDIVIDUAL, 'history') : history(FUND, 'history');
}
