import { countrySlug } from './country-slug';
import type { FirmSectionSlug } from './firm-sections';

/** The portal's URLs for a firm and its sections. Values are path-encoded; `frn` is canonical. */

const seg = (value: string) => encodeURIComponent(value);

export function firmHref(frn: string, section?: FirmSectionSlug, query?: { page?: number; all?: boolean }): string {
  const path = section ? `/firm/${seg(frn)}/${section}` : `/firm/${seg(frn)}`;
  if (query?.all) return `${path}?all=1`;
  return query?.page !== undefined && query.page > 1 ? `${path}?page=${query.page}` : path;
}

export function passportCountryHref(frn: string, country: string): string {
  return `/firm/${seg(frn)}/passports/${seg(countrySlug(country))}`;
}

export function requirementHref(frn: string, reference: string): string {
  return `/firm/${seg(frn)}/requirements/${seg(reference)}`;
}

/** An individual named in a firm's lists (CF rows, individuals). */
export function individualHref(irn: string): string {
  return `/individual/${seg(irn)}`;
}
