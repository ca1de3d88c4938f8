import { countrySlug } from '@/lib/firm/country-slug';
import type { FirmSectionSlug } from '@/lib/sections/firm-sections';
import type { FundSectionSlug } from '@/lib/sections/fund-sections';
import type { IndividualSectionSlug } from '@/lib/sections/individual-sections';
import type { SearchType } from '@/lib/register/model';

/**
 * The portal's own URLs for register records, keyed on the register's numbers (DESIGN.md route
 * table). Every link to a firm, individual, fund or search goes through here so a route can move
 * in one place. Values are path-encoded; callers pass canonical numbers.
 */

/** An individual's or a fund's pages besides its overview: its sections (lib/sections/), then its History. */
export type IndividualSection = IndividualSectionSlug | 'history';
export type FundSection = FundSectionSlug | 'history';

const seg = (value: string) => encodeURIComponent(value);

function withPage(path: string, page: number | undefined): string {
  return page !== undefined && page > 1 ? `${path}?page=${page}` : path;
}

export function firmPath(frn: string, section?: FirmSectionSlug | 'report' | 'history' | `passports/${string}` | `requirements/${string}`, page?: number): string {
  return withPage(section ? `/firm/${seg(frn)}/${section}` : `/firm/${seg(frn)}`, page);
}

/** A passport country's page: the country as the portal's slug ("isle-of-man"). */
export function passportCountryPath(frn: string, country: string): string {
  return firmPath(frn, `passports/${seg(countrySlug(country))}`);
}

export function requirementPath(frn: string, reference: string): string {
  return firmPath(frn, `requirements/${seg(reference)}`);
}

export function individualPath(irn: string, section?: IndividualSection, page?: number): string {
  return withPage(section ? `/individual/${seg(irn)}/${section}` : `/individual/${seg(irn)}`, page);
}

export function fundPath(prn: string, section?: FundSection, page?: number): string {
  return withPage(section ? `/fund/${seg(prn)}/${section}` : `/fund/${seg(prn)}`, page);
}

export function searchPath(q: string, type: SearchType = 'firm', page?: number): string {
  const query = new URLSearchParams({ q, type });
  if (page !== undefined && page > 1) query.set('page', String(page));
  return `/search?${query.toString()}`;
}

/** The search page with nothing searched yet, set to one kind of record. */
export function searchFormPath(type: SearchType): string {
  return `/search?type=${type}`;
}

/** The portal page for an entity the register names by kind and reference number. */
export function entityPath(entity: SearchType, referenceNumber: string): string {
  if (entity === 'individual') return individualPath(referenceNumber);
  if (entity === 'fund') return fundPath(referenceNumber);
  return firmPath(referenceNumber);
}

/** The History tab of an entity: what the watch checks saw change, before and after. */
export function entityHistoryPath(entity: SearchType, referenceNumber: string): string {
  if (entity === 'individual') return individualPath(referenceNumber, 'history');
  if (entity === 'fund') return fundPath(referenceNumber, 'history');
  return firmPath(referenceNumber, 'history');
}

/** Watchlists, one list, the inbox of changes, one change, one check. */
export const WATCHLISTS_PATH = '/watchlists';
export function watchlistPath(id: string): string {
  return `${WATCHLISTS_PATH}/${seg(id)}`;
}

export const CHANGES_PATH = '/changes';
export interface ChangesQuery {
  state?: string;
  severity?: string;
  list?: string;
  kind?: string;
  ref?: string;
  q?: string;
  page?: number;
}
export function changesPath(query: ChangesQuery = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || (key === 'page' && Number(value) <= 1)) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${CHANGES_PATH}?${text}` : CHANGES_PATH;
}
export function changePath(id: string): string {
  return `${CHANGES_PATH}/${seg(id)}`;
}
export function watchCheckPath(id: string): string {
  return `/checks/${seg(id)}`;
}

/** The JSON progress of a watch cycle (polled by the list page's "Check now"). */
export function watchCycleProgressPath(cycleId: string): string {
  return `/api/watch/cycles/${seg(cycleId)}`;
}

/** The bulk check page (paste or upload), and one bulk job's results. */
export function bulkPath(id?: string): string {
  return id ? `/bulk/${seg(id)}` : '/bulk';
}

/** A bulk job's JSON progress, actions and downloads. */
export function bulkApiPath(id?: string, action?: 'cancel' | 'retry' | 'watchlist' | `rows/${number}` | 'download', format?: 'csv' | 'xlsx'): string {
  if (!id) return '/api/bulk';
  const base = `/api/bulk/${seg(id)}${action ? `/${action}` : ''}`;
  return format ? `${base}?format=${format}` : base;
}

/** The estimate of a bulk check before it starts. */
export const BULK_ESTIMATE_PATH = '/api/bulk/estimate';
