import { firmPath, individualPath } from '@/lib/routes/portal-paths';
import { countrySlug } from './country-slug';
import type { FirmSectionSlug } from './firm-sections';

/**
 * The firm pages' URLs, on top of the portal's shared path builders (lib/routes/portal-paths.ts)
 * with what only the firm pages need: "show all" and the passport country slug.
 */

export function firmHref(frn: string, section?: FirmSectionSlug, query?: { page?: number; all?: boolean }): string {
  if (query?.all) return `${firmPath(frn, section)}?all=1`;
  return firmPath(frn, section, query?.page);
}

export function passportCountryHref(frn: string, country: string): string {
  return firmPath(frn, `passports/${encodeURIComponent(countrySlug(country))}`);
}

export function requirementHref(frn: string, reference: string): string {
  return firmPath(frn, `requirements/${encodeURIComponent(reference)}`);
}

/** An individual named in a firm's lists (CF rows, individuals). */
export function individualHref(irn: string): string {
  return individualPath(irn);
}
