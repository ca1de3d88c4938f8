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

/** The inbox of watch changes across lists. */
export function changesPath(): string {
  return '/changes';
}

/** One watch change (a work item): before and after, state, assignee and note. */
export function changePath(id: string): string {
  return `/changes/${seg(id)}`;
}

/** One watchlist's page. */
export function watchlistPath(id: string): string {
  return `/watchlists/${seg(id)}`;
}
