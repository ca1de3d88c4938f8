/**
 * `pgnp` paging. Links are absolute, point at the sandbox's own base URL, put pgnp last and echo
 * query values unencoded, as the live service does ("…/Search?q=andrew bailey&type=individual&pgnp=2").
 */

export type PageRequest = { ok: true; page: number } | { ok: false; raw: string };

/** pgnp missing or empty means page 1; anything but a whole number is bad input. */
export function requestedPage(query: URLSearchParams): PageRequest {
  const raw = query.get('pgnp');
  if (raw === null || raw.trim() === '') return { ok: true, page: 1 };
  if (!/^-?\d{1,9}$/.test(raw.trim())) return { ok: false, raw };
  return { ok: true, page: Number(raw.trim()) };
}

export function pageCount(items: number, perPage: number): number {
  return Math.ceil(items / perPage);
}

export function slicePage<T>(items: readonly T[], page: number, perPage: number): T[] {
  return items.slice((page - 1) * perPage, page * perPage);
}

/** `${base}${path}?k=v&…&pgnp=N`, values as given (not percent-encoded). */
export function pageLink(base: string, path: string, params: Array<[string, string]>, page: number): string {
  const query = [...params.map(([k, v]) => `${k}=${v}`), `pgnp=${page}`].join('&');
  return `${base}${path}?${query}`;
}

/** Previous/Next for ordinary endpoints: each only when that page exists. */
export function neighbourLinks(base: string, path: string, params: Array<[string, string]>, page: number, pages: number): { previous?: string; next?: string } {
  const out: { previous?: string; next?: string } = {};
  if (page > 1) out.previous = pageLink(base, path, params, page - 1);
  if (page < pages) out.next = pageLink(base, path, params, page + 1);
  return out;
}
