import type { Route } from 'next';
import { countrySlug } from '@/lib/firm/country-slug';
import type { FirmSectionSlug } from '@/lib/sections/firm-sections';
import type { FundSectionSlug } from '@/lib/sections/fund-sections';
import type { IndividualSectionSlug } from '@/lib/sections/individual-sections';
import type { SearchType } from '@/lib/register/model';

/**
 * The portal's own URLs, keyed on the register's numbers and the portal's ids (docs/architecture.md
 * route table). Every link to a firm, individual, fund, search, watchlist, bulk check or report goes
 * through here so a route can move in one place. Values are path-encoded; callers pass canonical
 * numbers.
 *
 * Checked by the compiler: next.config.mjs turns on `typedRoutes`, and each builder's return type
 * is an `AppPath`, which is a compile error here when one of its forms is not a route of `app/`
 * (Next's generated `Route` type, `next typegen`). `<Link href>`, `redirect()` and `router.push`
 * check their argument the same way, so a hand-built path to a route that does not exist fails
 * there too. What follows a `?` is not checked (Next types it as any string).
 */

/** A path with or without a query string. */
export type WithQuery<P extends string> = P | `${P}?${string}`;

/** The members of `P` that are not a route of app/ (each checked alone: `/firm/${string}` would otherwise swallow `/firm/${string}/typo`). */
type NotARoute<P extends string> = P extends unknown ? (P extends Route<P> ? never : P) : never;

/**
 * `P` when every form of it is a route of app/; otherwise a type no string has, so the builder
 * returning it fails to compile, naming the path that is missing. Without the generated route
 * types (no `next typegen` yet) `Route` is any string and this is `P`.
 */
export type AppPath<P extends string> = [NotARoute<P>] extends [never] ? P : { notARoute: NotARoute<P> };

/** An individual's or a fund's pages besides its overview: its sections (lib/sections/), then its History. */
export type IndividualSection = IndividualSectionSlug | 'history';
export type FundSection = FundSectionSlug | 'history';
type FirmSubpath = FirmSectionSlug | 'report' | 'history' | `passports/${string}` | `requirements/${string}`;

export type FirmPath = AppPath<WithQuery<`/firm/${string}` | `/firm/${string}/${FirmSubpath}`>>;
export type IndividualPath = AppPath<WithQuery<`/individual/${string}` | `/individual/${string}/${IndividualSection}`>>;
export type FundPath = AppPath<WithQuery<`/fund/${string}` | `/fund/${string}/${FundSection}`>>;
export type EntityPath = FirmPath | IndividualPath | FundPath;
type HomePath = AppPath<WithQuery<'/'>>;
type SearchPath = AppPath<WithQuery<'/search'>>;
type MarketsPath = AppPath<WithQuery<'/markets'>>;
type WatchPath = AppPath<WithQuery<'/watchlists' | `/watchlists/${string}` | '/changes' | `/changes/${string}` | `/checks/${string}`>>;
type BulkPath = AppPath<WithQuery<'/bulk' | `/bulk/${string}`>>;
type PrincipalsPath = AppPath<WithQuery<'/principals' | `/principals/${string}`>>;
type ReportsPath = AppPath<WithQuery<'/reports' | `/reports/${string}`>>;
type AuditPath = AppPath<WithQuery<'/admin/audit'>>;
export type LoginPath = AppPath<WithQuery<'/login'>>;

/**
 * Any page path this module builds: what a component that takes an href as a prop (a pager, a
 * tab, a "first page" link) accepts. `<Link>` takes it as it is.
 */
export type PortalPath = HomePath | EntityPath | SearchPath | MarketsPath | WatchPath | BulkPath | PrincipalsPath | ReportsPath | AuditPath | LoginPath;

const seg = (value: string) => encodeURIComponent(value);

/**
 * `path` with a query added (from a record, empty values are left out; URLSearchParams are taken as
 * they are); `path` alone when the query is empty. For a list's pages and filters: `path` is a page
 * without a query of its own.
 */
export function withQuery<P extends PortalPath>(path: P, params: URLSearchParams | Record<string, string | undefined>): P | `${P}?${string}` {
  const query = params instanceof URLSearchParams ? new URLSearchParams(params) : new URLSearchParams();
  if (!(params instanceof URLSearchParams)) for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A list's own URL: its first page (no `which`), page N, or "show all", keeping the other query
 * parameters the list lives under (a search's q and type).
 */
export function listHref(basePath: PortalPath, params: Record<string, string> = {}, which: { page?: number; all?: boolean } = {}): PortalPath {
  const query = new URLSearchParams(params);
  if (which.all) query.set('all', '1');
  else if (which.page !== undefined && which.page > 1) query.set('page', String(which.page));
  return withQuery(basePath, query);
}

function withPage<P extends string>(path: P, page: number | undefined): WithQuery<P> {
  return page !== undefined && page > 1 ? `${path}?page=${page}` : path;
}

export function firmPath(frn: string, section?: FirmSubpath, page?: number): FirmPath {
  return withPage(section ? (`/firm/${seg(frn)}/${section}` as const) : (`/firm/${seg(frn)}` as const), page);
}

/** A passport country's page: the country as the portal's slug ("isle-of-man"). */
export function passportCountryPath(frn: string, country: string): FirmPath {
  return firmPath(frn, `passports/${seg(countrySlug(country))}`);
}

export function requirementPath(frn: string, reference: string): FirmPath {
  return firmPath(frn, `requirements/${seg(reference)}`);
}

export function individualPath(irn: string, section?: IndividualSection, page?: number): IndividualPath {
  return withPage(section ? (`/individual/${seg(irn)}/${section}` as const) : (`/individual/${seg(irn)}` as const), page);
}

export function fundPath(prn: string, section?: FundSection, page?: number): FundPath {
  return withPage(section ? (`/fund/${seg(prn)}/${section}` as const) : (`/fund/${seg(prn)}` as const), page);
}

export const SEARCH_PATH = '/search' satisfies SearchPath;

export function searchPath(q: string, type: SearchType = 'firm', page?: number, options: { exact?: boolean } = {}): SearchPath {
  const query = new URLSearchParams({ q, type });
  if (page !== undefined && page > 1) query.set('page', String(page));
  // The words exactly as typed, not as the matcher reads them (lib/search/search-folding.ts).
  if (options.exact) query.set('exact', '1');
  return `${SEARCH_PATH}?${query.toString()}`;
}

/** The search page with nothing searched yet, set to one kind of record. */
export function searchFormPath(type: SearchType): SearchPath {
  return `${SEARCH_PATH}?type=${type}`;
}

export const MARKETS_PATH = '/markets' satisfies MarketsPath;

export function marketsPath(page?: number): MarketsPath {
  return withPage(MARKETS_PATH, page);
}

/** The portal page for an entity the register names by kind and reference number. */
export function entityPath(entity: SearchType, referenceNumber: string): EntityPath {
  if (entity === 'individual') return individualPath(referenceNumber);
  if (entity === 'fund') return fundPath(referenceNumber);
  return firmPath(referenceNumber);
}

/** The History tab of an entity: what the watch checks saw change, before and after. */
export function entityHistoryPath(entity: SearchType, referenceNumber: string): EntityPath {
  if (entity === 'individual') return individualPath(referenceNumber, 'history');
  if (entity === 'fund') return fundPath(referenceNumber, 'history');
  return firmPath(referenceNumber, 'history');
}

/** Watchlists, one list, the inbox of changes, one change, one check. */
export const WATCHLISTS_PATH = '/watchlists' satisfies WatchPath;
export function watchlistPath(id: string): WatchPath {
  return `${WATCHLISTS_PATH}/${seg(id)}`;
}

export const CHANGES_PATH = '/changes' satisfies WatchPath;

/** Principals and their appointed representatives (lib/principals): the list, one principal's workspace, its JSON API. */
export const PRINCIPALS_PATH = '/principals' satisfies PrincipalsPath;
export function principalPath(frn: string): PrincipalsPath {
  return `${PRINCIPALS_PATH}/${seg(frn)}`;
}
/** An attestation's printable page. */
export function principalAttestationPath(frn: string, id: string): PrincipalsPath {
  return `${PRINCIPALS_PATH}/${seg(frn)}/attestations/${seg(id)}`;
}
export const PRINCIPALS_API_PATH = '/api/principals' satisfies AppPath<'/api/principals'>;
export function principalApiPath(
  frn: string,
  action: 'book' | 'check' | 'findings' | 'return' | 'reviews' | 'attest' | 'standings',
): AppPath<`/api/principals/${string}/${'book' | 'check' | 'findings' | 'return' | 'reviews' | 'attest' | 'standings'}`> {
  return `${PRINCIPALS_API_PATH}/${seg(frn)}/${action}`;
}
export interface ChangesQuery {
  state?: string;
  severity?: string;
  list?: string;
  kind?: string;
  ref?: string;
  q?: string;
  page?: number;
}
export function changesPath(query: ChangesQuery = {}): WatchPath {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || (key === 'page' && Number(value) <= 1)) continue;
    params.set(key, String(value));
  }
  return withQuery(CHANGES_PATH, params);
}
export function changePath(id: string): WatchPath {
  return `${CHANGES_PATH}/${seg(id)}`;
}
export function watchCheckPath(id: string): WatchPath {
  return `/checks/${seg(id)}`;
}

/** The bulk check page (paste or upload), and one bulk job's results. */
export function bulkPath(id?: string): BulkPath {
  return id ? `/bulk/${seg(id)}` : '/bulk';
}

/** Saved report snapshots: the list (`firm` to one firm's, `user: 'all'` for everyone's), and one snapshot. */
export const REPORTS_PATH = '/reports' satisfies ReportsPath;
export function reportsPath(filter: { firm?: string; user?: 'all' } = {}): ReportsPath {
  return withQuery(REPORTS_PATH, { firm: filter.firm, user: filter.user });
}
export function reportPath(id: string): ReportsPath {
  return `${REPORTS_PATH}/${seg(id)}`;
}

/** The audit log; `query` is its filter query string ("?user=…", lib/audit/audit-filters.ts), or empty. */
export const AUDIT_PATH = '/admin/audit' satisfies AuditPath;
export function auditPath(query: '' | `?${string}`): AuditPath {
  return `${AUDIT_PATH}${query}`;
}

/** The sign-in page; `loginPath` in lib/auth/callback-url.ts adds where to go afterwards. */
export const LOGIN_PATH = '/login' satisfies LoginPath;

/**
 * A path on this site that is only known at run time: where someone was going before sign-in or
 * two-factor set-up, after `safeCallbackPath` (lib/auth/callback-url.ts) has checked that it is a
 * path of this site. No type can check it against app/; this is the one place a plain string
 * becomes a `Route`.
 */
export function runtimePath(checkedPath: string): Route {
  return checkedPath as Route;
}

/** The JSON progress of a watch cycle (polled by the list page's "Check now"). */
export function watchCycleProgressPath(cycleId: string): AppPath<`/api/watch/cycles/${string}`> {
  return `/api/watch/cycles/${seg(cycleId)}`;
}

/** A bulk job's JSON progress, actions and downloads. */
type BulkAction = 'cancel' | 'retry' | 'watchlist' | `rows/${number}` | 'download';
export function bulkApiPath(
  id?: string,
  action?: BulkAction,
  format?: 'csv' | 'xlsx',
): AppPath<WithQuery<'/api/bulk' | `/api/bulk/${string}` | `/api/bulk/${string}/${BulkAction}`>> {
  if (!id) return '/api/bulk';
  const base = action ? (`/api/bulk/${seg(id)}/${action}` as const) : (`/api/bulk/${seg(id)}` as const);
  return format ? `${base}?format=${format}` : base;
}

/** The estimate of a bulk check before it starts. */
export const BULK_ESTIMATE_PATH = '/api/bulk/estimate' satisfies AppPath<'/api/bulk/estimate'>;

/** The header's typeahead suggestions (JSON) for what has been typed. */
export function typeaheadApiPath(q: string): AppPath<`/api/search/typeahead?${string}`> {
  return `/api/search/typeahead?${new URLSearchParams({ q }).toString()}`;
}
