import { countrySlug } from '@/lib/firm/country-slug';
import type { FirmSectionSlug } from '@/lib/firm/firm-sections';
import type { SearchType } from '@/lib/register/model';

/**
 * The portal's own URLs for register records, keyed on the register's numbers (DESIGN.md route
 * table). Every link to a firm, individual, fund or search goes through here so a route can move
 * in one place. Values are path-encoded; callers pass canonical numbers.
 */

export type IndividualSection = 'controlled-functions' | 'disciplinary-history';
export type FundSection = 'names' | 'subfunds';

const seg = (value: string) => encodeURIComponent(value);

function withPage(path: string, page: number | undefined): string {
  return page !== undefined && page > 1 ? `${path}?page=${page}` : path;
}

export function firmPath(frn: string, section?: FirmSectionSlug | 'report' | `passports/${string}` | `requirements/${string}`, page?: number): string {
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
