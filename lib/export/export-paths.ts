import type { FirmSectionSlug } from '@/lib/sections/firm-sections';
import type { SearchType } from '@/lib/register/model';
import type { FundSectionSlug } from '@/lib/sections/fund-sections';
import type { IndividualSectionSlug } from '@/lib/sections/individual-sections';
import type { AppPath, WithQuery } from '@/lib/routes/portal-paths';

/**
 * The CSV download address of each table (route handlers under app/api/export), checked against
 * app/ as the page paths are (`AppPath`, lib/routes/portal-paths.ts).
 */

const seg = encodeURIComponent;

export function firmExportHref(
  frn: string,
  section: FirmSectionSlug,
  detail?: string,
): AppPath<`/api/export/firm/${string}/${FirmSectionSlug}` | `/api/export/firm/${string}/${FirmSectionSlug}/${string}`> {
  return detail ? `/api/export/firm/${seg(frn)}/${section}/${seg(detail)}` : `/api/export/firm/${seg(frn)}/${section}`;
}

export function individualExportHref(irn: string, section: IndividualSectionSlug): AppPath<`/api/export/individual/${string}/${IndividualSectionSlug}`> {
  return `/api/export/individual/${seg(irn)}/${section}`;
}

export function fundExportHref(prn: string, section: FundSectionSlug): AppPath<`/api/export/fund/${string}/${FundSectionSlug}`> {
  return `/api/export/fund/${seg(prn)}/${section}`;
}

export function searchExportHref(q: string, type: SearchType): AppPath<`/api/export/search?${string}`> {
  return `/api/export/search?${new URLSearchParams({ q, type }).toString()}`;
}

export const MARKETS_EXPORT_HREF = '/api/export/markets' satisfies AppPath<'/api/export/markets'>;

/** `query` is the audit page's filter query string ("?user=…"), or empty. */
export function auditExportHref(query: '' | `?${string}`): AppPath<WithQuery<'/api/export/audit'>> {
  return `/api/export/audit${query}`;
}

/** A summary report's CSV file (lib/export/report-files.ts): from the live report's draft (its owner only) or a saved snapshot. */
export function reportFileHref(source: 'draft' | 'snapshot', id: string, key: string): AppPath<`/api/export/report/${string}/${string}/${string}`> {
  return `/api/export/report/${source}/${seg(id)}/${seg(key)}`;
}
