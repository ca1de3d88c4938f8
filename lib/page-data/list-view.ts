import { checkPage } from '@/lib/register/validate';
import { ENDPOINTS } from '@/lib/register/endpoints';
import type { EndpointName } from '@/lib/register/register-client-types';
import type { RegisterCall } from './refresh-calls';

/**
 * How a paged register list is shown, from the page's query string: one register page
 * (`?page=N`, the register's own pgnp), its last page (`?page=last`, found by the pager when the
 * register has not said how many pages there are), every page (`?all=1`, walked through the
 * pacer), the rows of every page that match a text (`?find=…`, the same walk), or an impossible
 * value (said in words; nothing is sent to the register).
 */

export type SearchParams = Record<string, string | string[] | undefined>;

export type ListView = { mode: 'page'; page: number } | { mode: 'last' } | { mode: 'all' } | { mode: 'find'; text: string } | { mode: 'bad'; field: string; message: string };

/** The longest text a list can be searched for (a name, an FRN or an IRN fits many times over). */
export const FIND_MAX = 100;

/** A query parameter's value, the first when it is given more than once. */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function parseListView(searchParams: SearchParams): ListView {
  // An empty find box submitted is no search: the list as it was.
  const find = firstValue(searchParams.find)?.trim().replace(/\s+/g, ' ');
  if (find) {
    if (find.length > FIND_MAX) return { mode: 'bad', field: 'find', message: `The text to find must be at most ${FIND_MAX} characters.` };
    return { mode: 'find', text: find };
  }
  if (firstValue(searchParams.all) === '1') return { mode: 'all' };
  if (firstValue(searchParams.page)?.trim().toLowerCase() === 'last') return { mode: 'last' };
  const page = checkPage(firstValue(searchParams.page));
  if (!page.ok) return { mode: 'bad', field: page.field, message: page.message };
  return { mode: 'page', page: page.value };
}

/** A stable key per view, so a section's Suspense boundary shows its skeleton again when the view changes. */
export function listViewKey(view: ListView): string {
  return view.mode === 'page' ? `page-${view.page}` : view.mode === 'find' ? `find-${view.text}` : view.mode;
}

/** The register page a view starts from: its page, or the first (show all, find and the last page start there). */
export function viewPage(view: ListView): number {
  return view.mode === 'page' ? view.page : 1;
}

/**
 * The register call a list page shows, for its refresh button: the page on screen (the first
 * page while showing all); no page for an endpoint the register does not page.
 */
export function listRefreshCall(endpoint: EndpointName, ref: string, view: ListView): RegisterCall {
  return ENDPOINTS[endpoint].paged ? { endpoint, args: [ref], page: viewPage(view) } : { endpoint, args: [ref] };
}
