import type { SearchResult } from '@/lib/register/model';

/**
 * Sorting and filtering search results (`?sort=`, `?status=`), pure. The register's search
 * answers 20 rows a page in its own order and gives each row a name, a reference number, a type
 * and a status, but no date: sorting by status date would need every result's own record (one
 * register call each), so the results sort by name or by status, never by date. Sort and filter
 * apply to the rows the page holds: one register page, or every page when the reader asked for
 * them all (`?all=1`, the show-all walk), and the page says which.
 */

export type SearchSort = 'register' | 'name' | 'status';

export interface SearchView {
  sort: SearchSort;
  /** A status key (statusKey), or undefined for every status. */
  status?: string;
}

export const SORTS: { value: SearchSort; label: string }[] = [
  { value: 'register', label: 'The register’s order' },
  { value: 'name', label: 'Name, A to Z' },
  { value: 'status', label: 'Status, then name' },
];

/** The key of unauthorised and clone entries, which the register lists to warn the public. */
export const UNAUTHORISED = 'unauthorised-or-clone';

type Param = string | string[] | undefined;
const first = (value: Param) => (Array.isArray(value) ? value[0] : value);

export type SearchViewCheck = { ok: true; value: SearchView } | { ok: false; field: 'sort' | 'status'; message: string };

/** Reads `sort` and `status`; an impossible value is refused with the reason (HTTP 400 through the proxy). */
export function parseSearchView(params: { sort?: Param; status?: Param }): SearchViewCheck {
  const sort = first(params.sort)?.trim() || 'register';
  if (!SORTS.some((s) => s.value === sort)) {
    return { ok: false, field: 'sort', message: 'Sort must be “name” or “status” (or left out for the register’s order). The register’s search gives no status date to sort by.' };
  }
  const status = first(params.status)?.trim() || undefined;
  if (status !== undefined && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(status)) {
    return { ok: false, field: 'status', message: 'Status must be one of the statuses offered, such as “authorised” or “no-longer-authorised”.' };
  }
  if (status !== undefined && status.length > 60) return { ok: false, field: 'status', message: 'Status must be at most 60 characters.' };
  return { ok: true, value: { sort: sort as SearchSort, status } };
}

/** The query a search view adds to the page's links (nothing for the defaults). */
export function searchViewParams(view: SearchView): Record<string, string> {
  return { ...(view.sort !== 'register' ? { sort: view.sort } : {}), ...(view.status ? { status: view.status } : {}) };
}

/** A row's status as a key for the filter: unauthorised and clone entries together, else the register's status in words made a slug. */
export function statusKey(row: SearchResult): string {
  if (row.unauthorised) return UNAUTHORISED;
  const slug = (row.status ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'no-status';
}

/** A status key in words, as the filter offers it. */
export function statusLabel(row: SearchResult): string {
  if (row.unauthorised) return 'Unauthorised and clone firms';
  return row.status?.trim() || 'No status given';
}

/** The statuses the rows hold, each with its count, most common first (the filter's choices). */
export function statusChoices(rows: SearchResult[]): { key: string; label: string; count: number }[] {
  const byKey = new Map<string, { key: string; label: string; count: number }>();
  for (const row of rows) {
    const key = statusKey(row);
    const seen = byKey.get(key);
    if (seen) seen.count += 1;
    else byKey.set(key, { key, label: statusLabel(row), count: 1 });
  }
  return [...byKey.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'en-GB'));
}

const nameOf = (row: SearchResult) => (row.name ?? row.listedName ?? '').trim();
const byName = (a: SearchResult, b: SearchResult) => nameOf(a).localeCompare(nameOf(b), 'en-GB', { sensitivity: 'base', numeric: true });

/** The rows the view shows: filtered by status, then sorted (the register's order is kept for ties and by default). */
export function applySearchView(rows: SearchResult[], view: SearchView): SearchResult[] {
  const kept = view.status ? rows.filter((row) => statusKey(row) === view.status) : rows.slice();
  if (view.sort === 'name') return kept.sort(byName);
  if (view.sort === 'status') return kept.sort((a, b) => statusLabel(a).localeCompare(statusLabel(b), 'en-GB') || byName(a, b));
  return kept;
}
