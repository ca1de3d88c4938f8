import { checkPage } from '@/lib/register/validate';
import { ENDPOINTS } from '@/lib/register/endpoints';
import type { EndpointName } from '@/lib/register/register-client-types';
import type { RegisterCall } from '@/lib/page-data/refresh-calls';
import { withQuery, type PortalPath } from '@/lib/routes/portal-paths';

/**
 * How a paged register list is shown, from the page's query string: one register page
 * (`?page=N`, the register's own pgnp) or every page (`?all=1`, walked through the pacer), or an
 * impossible page number (said in words; nothing is sent to the register).
 */

export type SearchParams = Record<string, string | string[] | undefined>;

export type ListView = { mode: 'page'; page: number } | { mode: 'all' } | { mode: 'bad'; field: string; message: string };

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function parseListView(searchParams: SearchParams): ListView {
  if (first(searchParams.all) === '1') return { mode: 'all' };
  const page = checkPage(first(searchParams.page));
  if (!page.ok) return { mode: 'bad', field: page.field, message: page.message };
  return { mode: 'page', page: page.value };
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

/** A stable key per view, so a section's Suspense boundary shows its skeleton again when the view changes. */
export function listViewKey(view: ListView): string {
  return view.mode === 'page' ? `page-${view.page}` : view.mode;
}

/**
 * The register call a list page shows, for its refresh button: the page on screen (the first
 * page while showing all); no page for an endpoint the register does not page.
 */
export function listRefreshCall(endpoint: EndpointName, ref: string, view: ListView): RegisterCall {
  return ENDPOINTS[endpoint].paged ? { endpoint, args: [ref], page: view.mode === 'page' ? view.page : 1 } : { endpoint, args: [ref] };
}
