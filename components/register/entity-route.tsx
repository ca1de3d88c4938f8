import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { BadReference } from '@/components/register/bad-reference';
import { RecordUnavailable } from '@/components/register/record-unavailable';
import { EntityHistory } from '@/components/watch/entity-history';
import { requireUser } from '@/lib/auth/session';
import type { EntityKind } from '@/lib/db/schema';
import type { EntityPage, NotFoundPage } from '@/lib/page-data/entity-page';
import { type ListView, parseListView, type SearchParams } from '@/lib/page-data/list-view';
import type { RegisterCall } from '@/lib/page-data/refresh-calls';

/**
 * Every page of a firm, an individual and a fund is made here: check the user, load the record
 * before the first byte (bad address: the 400 page; unknown number: a real 404; register failure:
 * said in place of the page), then the record's frame (header, tabs, refresh button) around the
 * page's own content, which streams. What differs between the kinds is one `EntityKindPages`
 * each, beside its components (components/firm/firm-pages.tsx, components/individual/individual-pages.tsx,
 * components/fund/fund-pages.tsx); a route file only names its kind and its tab, and for an
 * overview or a firm's detail page, what it shows.
 */

export type Ready<P> = Extract<P, { kind: 'ready' }>;
export type RouteParams = Record<string, string>;
type Props = { params: Promise<RouteParams>; searchParams: Promise<SearchParams> };

/** What a page shows below the header, and the register calls it makes besides the record's (for the refresh button). */
export interface PageBody {
  refreshCalls: RegisterCall[];
  content: ReactNode;
  /** The page's heading where the kind's frame shows one above the content (a firm's section: "Permissions"); the tab's title by default. */
  heading?: ReactNode;
  /** More at a glance in the header (the firm's overview: its principal address and trading names). */
  summary?: ReactNode;
}

/** What a page learns after the record has loaded: its list view from the query, its params, and what it started beside the record. */
export interface PageContext<Started> {
  view: ListView;
  params: RouteParams;
  started: Started;
}

/** A record's tabs: its overview, one per section of its registry, then History. */
export type RecordTab<Slug extends string> = 'overview' | Slug | 'history';

/** One kind of record's pages: how its record loads and is titled, and the frame every one of its pages has. */
export interface EntityKindPages<P extends EntityPage<object>, Slug extends string> {
  kind: EntityKind;
  load: (params: RouteParams) => Promise<P>;
  /** The page's title for generateMetadata (no register call for a bad address). */
  title: (params: RouteParams, what?: string) => Promise<string>;
  /** The record's own register calls, on every page's refresh button. */
  recordCalls: (page: Ready<P>) => RegisterCall[];
  /** The header, tabs and refresh button around a page's body; `refreshCalls` are the record's and the body's. */
  frame: (page: Ready<P>, tab: RecordTab<Slug>, body: PageBody, refreshCalls: RegisterCall[]) => ReactNode;
  /** The record's reference number, and its name for the History tab (or null). */
  ref: (page: Ready<P>) => string;
  name: (page: Ready<P>) => string | null;
  /** The kind's sections (its registry in lib/sections/) and how a section page shows one. */
  sections: Record<Slug, { title: string }>;
  section: (slug: Slug, page: Ready<P>, view: ListView) => PageBody;
}

interface RouteSpec<P, Slug extends string, Started> {
  tab: RecordTab<Slug>;
  /** What the page is, for its title ("Permissions", "History", "Passport: GIBRALTAR"); none on an overview. */
  what?: string | ((params: RouteParams) => string);
  /** Work begun beside the record's load, when both decide the status and neither needs the other (a firm's passport country). */
  start?: (params: RouteParams) => Started;
  /** The page's body, or not-found when what it shows decides the page does not exist. */
  body: (page: Ready<P>, context: PageContext<Started>) => PageBody | NotFoundPage | Promise<PageBody | NotFoundPage>;
}

/** The route of one page of a kind of record: its generateMetadata and its page component. */
export function entityRoute<P extends EntityPage<object>, Slug extends string, Started = undefined>(kind: EntityKindPages<P, Slug>, spec: RouteSpec<P, Slug, Started>) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const raw = await params;
    return { title: await kind.title(raw, typeof spec.what === 'function' ? spec.what(raw) : spec.what) };
  }

  async function EntityRoutePage({ params, searchParams }: Props) {
    await requireUser();
    const raw = await params;
    const started = spec.start?.(raw) as Started;
    const page = await kind.load(raw);
    if (page.kind === 'bad-input') return <BadReference page={page} />;
    // Before the first byte: a real 404 (the loader has audited it).
    if (page.kind === 'not-found') notFound();
    if (page.kind === 'failure') return <RecordUnavailable page={page} />;
    const ready = page as Ready<P>;
    const body = await spec.body(ready, { view: parseListView(await searchParams), params: raw, started });
    if ('kind' in body) notFound();
    return kind.frame(ready, spec.tab, body, [...kind.recordCalls(ready), ...body.refreshCalls]);
  }

  return { generateMetadata, Page: EntityRoutePage };
}

/** A record's overview: what it shows is the route's. */
export function overviewRoute<P extends EntityPage<object>, Slug extends string>(kind: EntityKindPages<P, Slug>, body: (page: Ready<P>) => PageBody) {
  return entityRoute(kind, { tab: 'overview', body });
}

/** One of a record's sections (its registry in lib/sections/), shown by the kind's section view. */
export function sectionRoute<P extends EntityPage<object>, Slug extends string>(kind: EntityKindPages<P, Slug>, slug: Slug) {
  return entityRoute(kind, { tab: slug, what: kind.sections[slug].title, body: (page, { view }) => kind.section(slug, page, view) });
}

/** The record's History tab, for every kind: every watch check of it, newest first, with what it saw change. */
export function historyRoute<P extends EntityPage<object>, Slug extends string>(kind: EntityKindPages<P, Slug>) {
  return entityRoute(kind, {
    tab: 'history',
    what: 'History',
    body: (page) => ({
      refreshCalls: [],
      heading: 'History',
      content: <EntityHistory kind={kind.kind} refNumber={kind.ref(page)} name={kind.name(page)} />,
    }),
  });
}
