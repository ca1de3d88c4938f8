import { BUCKET_SIZE } from '@/lib/register/paging';
import type { RegisterResult } from '@/lib/register/result';
import { pageFacts } from './page-facts';

/**
 * Finding a list's last page for the pager's "Last" link (`?page=last`). Most lists say their
 * page count on the first page. The two-bucket lists (appointed representatives, firm controlled
 * functions) do not until a bucket ends: the first page only bounds the count, from below by
 * total / 20 and from above by total / 10 (every row in one bucket). Between the two, a page
 * either holds rows or lies past the end, so a binary search finds the last one in a few register
 * calls (700100's 1,544 representatives: bounds 78 and 155, six pages read), each at the person's
 * priority and kept in the cache for the page then shown. A page that reveals the count ends the
 * search at once.
 */

export interface LastPage<T> {
  /** The last page's number, and its answer (read already, so the page is not asked for twice). */
  page: number;
  result: RegisterResult<T>;
  /** Register pages read to find it (the cache answers the ones read before). */
  probes: number;
}

/** At most this many pages are read past the first; the search halves a range of 10,000 pages in 14. */
const MAX_PROBES = 16;

export async function findLastPage<T>(fetchPage: (page: number) => Promise<RegisterResult<T>>, options: { buckets?: boolean; rows: (data: T) => number }): Promise<LastPage<T>> {
  const first = await fetchPage(1);
  if (first.kind !== 'ok') return { page: 1, result: first, probes: 1 };
  const facts = pageFacts(first.page, { buckets: options.buckets, rowsOnPage: options.rows(first.data) });
  if (!facts.hasNext) return { page: 1, result: first, probes: 1 };
  if (facts.totalPages !== undefined) {
    const result = await fetchPage(facts.totalPages);
    return { page: facts.totalPages, result, probes: 2 };
  }
  // The last page lies in [lo, hi]; page lo is known to hold rows, and `best` is its answer.
  let lo = Math.max(2, facts.minTotalPages ?? 2);
  const total = first.page.totalCount;
  const perPage = options.buckets ? BUCKET_SIZE : first.page.perPage || 1;
  let hi = total !== undefined ? Math.max(lo, Math.ceil(total / perPage)) : 10_000;
  let best: RegisterResult<T> | undefined;
  let probes = 1;
  // Page lo holds rows when the total says so (more than 20 × (lo − 1) rows); otherwise it is read like any other.
  const loKnown = total !== undefined && facts.minTotalPages !== undefined && lo === facts.minTotalPages;
  if (!loKnown) {
    lo = 1;
    best = first;
  }
  while (lo < hi && probes <= MAX_PROBES) {
    const mid = Math.ceil((lo + hi) / 2);
    const result = await fetchPage(mid);
    probes += 1;
    if (result.kind === 'not-found' || (result.kind === 'ok' && options.rows(result.data) === 0)) {
      hi = mid - 1;
      continue;
    }
    if (result.kind !== 'ok') return { page: mid, result, probes };
    const seen = pageFacts(result.page, { buckets: options.buckets, rowsOnPage: options.rows(result.data) });
    if (seen.totalPages !== undefined) {
      if (seen.totalPages === mid) return { page: mid, result, probes };
      const last = await fetchPage(seen.totalPages);
      return { page: seen.totalPages, result: last, probes: probes + 1 };
    }
    lo = mid;
    best = result;
  }
  if (best === undefined) {
    best = await fetchPage(lo);
    probes += 1;
  }
  return { page: lo, result: best, probes };
}
