import { BUCKET_SIZE } from '@/lib/register/paging';
import type { PageInfo } from '@/lib/register/result';

/**
 * What the pager can say about a register list from the one page on screen. Most lists give an
 * exact page count (total_count / per_page). The two-bucket lists (appointed representatives,
 * firm controlled functions: up to 10 current and 10 previous rows per page, pages following the
 * larger bucket) only reveal it once a bucket ends; until then the count is bounded below by
 * total / 20 and by the pages known to exist.
 */

export interface PageFacts {
  page: number;
  /** Exact number of pages, when known. */
  totalPages?: number;
  /** When the exact count is unknown: the least it can be. */
  minTotalPages?: number;
  hasNext: boolean;
  /** The page asked for lies past the last page. */
  pastEnd: boolean;
}

export function pageFacts(info: PageInfo, options: { buckets?: boolean; rowsOnPage: number }): PageFacts {
  const { page, hasNext } = info;
  const pastEnd = page > 1 && options.rowsOnPage === 0;
  if (info.pageCount !== undefined) {
    return { page, totalPages: Math.max(info.pageCount, 1), hasNext: hasNext && !pastEnd, pastEnd };
  }
  const known = page + (hasNext ? 1 : 0);
  const fromTotal = info.totalCount !== undefined ? Math.ceil(info.totalCount / (options.buckets ? 2 * BUCKET_SIZE : info.perPage || Infinity)) : 0;
  return { page, minTotalPages: Math.max(known, Number.isFinite(fromTotal) ? fromTotal : 0), hasNext, pastEnd };
}
