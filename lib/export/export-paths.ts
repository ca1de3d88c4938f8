import type { FirmSectionSlug } from '@/lib/firm/firm-sections';
import type { SearchType } from '@/lib/register/model';
import type { AppPath, WithQuery } from '@/lib/routes/portal-paths';
import type { FundExportSection, IndividualExportSection } from './entity-exports';

/**
 * The CSV download address of each table (route handlers under app/api/export), checked against
 * app/ as the page paths are (`AppPath`, lib/routes/portal-paths.ts).
 */

const seg = encodeURIComponent;

export function firmExportHref(frn: string, section: FirmSectionSlug, detail?: string): AppPath<`/api/export/firm/${string}/${FirmSectionSlug}` | `/api/export/firm/${string}/${FirmSectionSlug}/${string}`> {
  return detail ? `/api/export/firm/${seg(frn)}/${section}/${seg(detail)}` : `/api/export/firm/${seg(frn)}/${section}`;
}

export function individualExportHref(irn: string, section: IndividualExportSection): AppPath<`/api/export/individual/${string}/${IndividualExportSection}`> {
  return `/api/export/individual/${seg(irn)}/${section}`;
}

export function fundExportHref(prn: string, section: FundExportSection): AppPath<`/api/export/fund/${string}/${FundExportSection}`> {
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
