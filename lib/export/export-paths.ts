import type { FirmSectionSlug } from '@/lib/sections/firm-sections';
import type { SearchType } from '@/lib/register/model';
import type { FundSectionSlug } from '@/lib/sections/fund-sections';
import type { IndividualSectionSlug } from '@/lib/sections/individual-sections';

/** The CSV download address of each table (route handlers under app/api/export). */

const seg = encodeURIComponent;

export function firmExportHref(frn: string, section: FirmSectionSlug, detail?: string): string {
  return `/api/export/firm/${seg(frn)}/${section}${detail ? `/${seg(detail)}` : ''}`;
}

export function individualExportHref(irn: string, section: IndividualSectionSlug): string {
  return `/api/export/individual/${seg(irn)}/${section}`;
}

export function fundExportHref(prn: string, section: FundSectionSlug): string {
  return `/api/export/fund/${seg(prn)}/${section}`;
}

export function searchExportHref(q: string, type: SearchType): string {
  return `/api/export/search?${new URLSearchParams({ q, type }).toString()}`;
}

export const MARKETS_EXPORT_HREF = '/api/export/markets';

/** `query` is the audit page's filter query string ("?user=…"), or empty. */
export function auditExportHref(query: string): string {
  return `/api/export/audit${query}`;
}
