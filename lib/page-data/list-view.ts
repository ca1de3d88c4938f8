import { checkPage } from '@/lib/register/validate';
import { ENDPOINTS } from '@/lib/register/endpoints';
import type { EndpointName } from '@/lib/register/register-client-types';
import type { RegisterCall } from './refresh-calls';

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
