import { MODELS, type EndpointModel } from './normalise';
import { BUCKET_SIZE, BucketTracker } from './paging';
import type { EndpointFn } from './register-client-types';
import type { AllPagesOptions, AllPagesResult, CallOptions, Ok, RegisterFailure, RegisterResult } from './result';

/**
 * Walks every page of a paged endpoint with its quirks handled: lists stop at
 * ceil(total / per_page) or when every row is in hand (CIS Names' per_page is wrong); Subfund's
 * links are never followed; AR and CF buckets stop at ceil(larger bucket / 10), learnt from the
 * first page on which a bucket is not full, or when both come back empty; Permissions merge by
 * key; rows repeated across pages by the register's unstable order are kept once. A page cap and
 * a later page's failure end the walk early with `truncated` set.
 */

export async function walkAllPages<A extends unknown[], T>(fn: EndpointFn<A, T>, args: A, options: AllPagesOptions = {}, concurrency = 4): Promise<AllPagesResult<T>> {
  const name = fn.endpoint;
  const model = MODELS[name] as unknown as EndpointModel<T>;
  const maxPages = Math.max(1, options.maxPages ?? 100);
  const callOpts = (page: number): CallOptions => ({
    page,
    priority: options.priority ?? 'report',
    refresh: options.refresh,
    ...(options.maxWaitMs !== undefined ? { maxWaitMs: options.maxWaitMs } : {}),
  });
  const fetchPage = (page: number) => fn(...([...args, callOpts(page)] as unknown as [...A, CallOptions]));

  const first = await fetchPage(1);
  if (first.kind !== 'ok') return first;
  const seen = new Set<string>();
  let acc = model.merge(model.empty(), first.data, seen);
  const pages: Ok<T>[] = [first];
  const total = first.page.totalCount;
  const tracker = model.paging.kind === 'buckets' ? new BucketTracker() : undefined;
  const rows = (data: T): [number, number] => (model.paging.kind === 'buckets' ? model.paging.rows(data) : [0, 0]);
  let pageCount = tracker ? tracker.observe(1, rows(first.data), total) : first.page.pageCount;
  options.onProgress?.({ pagesFetched: 1, pageCount, items: model.size(acc) });

  let truncated = false;
  let interruption: RegisterFailure | undefined;
  let last: Ok<T> = first;
  const prefetched = new Map<number, Promise<RegisterResult<T>>>();

  const more = (page: number): boolean => {
    if (model.paging.kind === 'single') return false;
    if (tracker) {
      const [c, p] = rows(last.data);
      if (c === 0 && p === 0) return false;
      return pageCount !== undefined ? page <= pageCount : last.page.hasNext;
    }
    if (total !== undefined && model.size(acc) >= total) return false;
    return last.page.hasNext && (pageCount === undefined || page <= pageCount);
  };

  for (let page = 2; more(page); page += 1) {
    if (page > maxPages) {
      truncated = true;
      break;
    }
    // Keep a few pages in flight up to the last page sure to exist; the pacer still decides when each
    // is sent. For AR/CF buckets that is known before the exact count: a page holds at most 20 rows.
    const sure = pageCount ?? (tracker && total !== undefined ? Math.ceil(total / (2 * BUCKET_SIZE)) : undefined);
    if (sure !== undefined) {
      for (let ahead = page; ahead < page + concurrency && ahead <= Math.min(sure, maxPages); ahead += 1) {
        if (!prefetched.has(ahead)) prefetched.set(ahead, fetchPage(ahead));
      }
    }
    const result = await (prefetched.get(page) ?? fetchPage(page));
    prefetched.delete(page);
    if (result.kind === 'not-found') break; // past the end
    if (result.kind !== 'ok') {
      truncated = true;
      interruption = result;
      break;
    }
    acc = model.merge(acc, result.data, seen);
    pages.push(result);
    last = result;
    if (tracker) pageCount = tracker.observe(page, rows(result.data), total) ?? pageCount;
    else pageCount ??= result.page.pageCount;
    options.onProgress?.({ pagesFetched: pages.length, pageCount, items: model.size(acc) });
  }
  // Pages fetched ahead but not needed still settle (they are cached for next time).
  await Promise.allSettled(prefetched.values());

  const oldest = pages.reduce((a, b) => (Date.parse(a.provenance.retrievedAt) <= Date.parse(b.provenance.retrievedAt) ? a : b));
  return {
    kind: 'ok',
    data: acc,
    page: { ...first.page, page: 1, pageCount: pageCount ?? pages.length, hasNext: truncated },
    upstreamStatus: first.upstreamStatus,
    upstreamMessage: first.upstreamMessage,
    provenance: {
      ...oldest.provenance,
      path: first.provenance.path,
      source: pages.every((p) => p.provenance.source === 'cache') ? 'cache' : 'live',
      stale: pages.some((p) => p.provenance.stale),
    },
    notice: pages.find((p) => p.notice)?.notice,
    pagesFetched: pages.length,
    truncated,
    interruption,
  };
}
