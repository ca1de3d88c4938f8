import { count } from './normalise-values';
import type { PageInfo } from './result';
import type { WireResultInfo } from './wire-types';

/**
 * How each endpoint pages, and what one page says about the rest. The register's own links are
 * not trusted for stopping: Subfund's are off by one, and AR/CF page two buckets together.
 */

/** AR and firm CF: each bucket (current, previous) holds up to this many rows per page. */
export const BUCKET_SIZE = 10;

export type PagingRule<T> =
  /** One record, never paged (firm, individual, fund detail; individual CF). */
  | { kind: 'single' }
  /** One list paged by per_page; `items` counts the rows this page holds. */
  | { kind: 'list'; items: (data: T) => number; trustLinks: boolean }
  /** Two buckets paged side by side, BUCKET_SIZE each; `rows` gives [current, previous] on this page. */
  | { kind: 'buckets'; rows: (data: T) => [number, number] };

function links(ri: WireResultInfo | null | undefined): Pick<PageInfo, 'nextUrl' | 'previousUrl'> {
  return {
    nextUrl: typeof ri?.Next === 'string' && ri.Next !== '' ? ri.Next : undefined,
    previousUrl: typeof ri?.Previous === 'string' && ri.Previous !== '' ? ri.Previous : undefined,
  };
}

/** Exact bucket size from one page when the page shows the bucket ending (or page 1 shows it empty). */
function exactBucket(rows: number, page: number): number | undefined {
  if (rows > 0 && rows < BUCKET_SIZE) return (page - 1) * BUCKET_SIZE + rows;
  if (rows === 0 && page === 1) return 0;
  return undefined;
}

/** Pages needed for two buckets of known sizes. */
export function bucketPageCount(current: number, previous: number): number {
  return Math.max(1, Math.ceil(Math.max(current, previous) / BUCKET_SIZE));
}

export function pageInfo<T>(ri: WireResultInfo | null | undefined, requestedPage: number, rule: PagingRule<T>, data: T): PageInfo {
  const page = count(ri?.page) || requestedPage;
  const perPage = count(ri?.per_page);
  const totalCount = count(ri?.total_count);
  const base = { page, perPage, totalCount, ...links(ri) };

  if (rule.kind === 'single') return { ...base, pageCount: 1, hasNext: false };

  if (rule.kind === 'list') {
    const items = rule.items(data);
    // An empty page is past the end.
    if (items === 0) return { ...base, pageCount: page === 1 ? 1 : page - 1, hasNext: false };
    // Everything on the first page: whatever per_page says (CIS Names says 1 and sends 2).
    if (totalCount !== undefined && page === 1 && items >= totalCount) return { ...base, pageCount: 1, hasNext: false };
    if (totalCount !== undefined && perPage) {
      const pageCount = Math.max(1, Math.ceil(totalCount / perPage));
      return { ...base, pageCount, hasNext: page < pageCount };
    }
    const hasNext = rule.trustLinks ? base.nextUrl !== undefined : perPage !== undefined && items >= perPage;
    return { ...base, pageCount: hasNext ? undefined : page, hasNext };
  }

  const [current, previous] = rule.rows(data);
  if (current === 0 && previous === 0) return { ...base, pageCount: page === 1 ? 1 : page - 1, hasNext: false };
  let c = exactBucket(current, page);
  let p = exactBucket(previous, page);
  if (totalCount !== undefined) {
    if (c !== undefined && p === undefined) p = Math.max(0, totalCount - c);
    if (p !== undefined && c === undefined) c = Math.max(0, totalCount - p);
  }
  if (c !== undefined && p !== undefined) {
    const pageCount = bucketPageCount(c, p);
    return { ...base, pageCount, hasNext: page < pageCount };
  }
  if (totalCount !== undefined) {
    // Neither bucket is known to have ended. No bucket can outrun the total, and if both were full
    // on every page so far, what is left is the total less 2 × BUCKET_SIZE per page.
    const bothFull = current === BUCKET_SIZE && previous === BUCKET_SIZE;
    const remaining = bothFull ? totalCount - 2 * BUCKET_SIZE * page : Infinity;
    const cap = Math.ceil(totalCount / BUCKET_SIZE);
    const hasNext = remaining > 0 && page < cap;
    return { ...base, pageCount: hasNext ? undefined : page, hasNext };
  }
  const hasNext = current === BUCKET_SIZE || previous === BUCKET_SIZE;
  return { ...base, pageCount: hasNext ? undefined : page, hasNext };
}

/**
 * Tracks bucket sizes across a walk from page 1: the first page on which a bucket is not full
 * gives its exact size, which a single page cannot know when the bucket ended on an earlier page.
 */
export class BucketTracker {
  private current?: number;
  private previous?: number;

  /** Records page `page`'s rows; returns the page count once it is known. */
  observe(page: number, rows: [number, number], totalCount: number | undefined): number | undefined {
    if (this.current === undefined && rows[0] < BUCKET_SIZE) this.current = (page - 1) * BUCKET_SIZE + rows[0];
    if (this.previous === undefined && rows[1] < BUCKET_SIZE) this.previous = (page - 1) * BUCKET_SIZE + rows[1];
    let c = this.current;
    let p = this.previous;
    if (totalCount !== undefined) {
      if (c !== undefined && p === undefined) p = Math.max(0, totalCount - c);
      if (p !== undefined && c === undefined) c = Math.max(0, totalCount - p);
    }
    return c !== undefined && p !== undefined ? bucketPageCount(c, p) : undefined;
  }
}
