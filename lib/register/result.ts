/**
 * What every register call returns. Pages switch on `kind`; nothing here throws for an upstream
 * answer. Types only, plus small constructors used inside lib/register.
 */

/**
 * Request classes for the pacer, highest first: a person's page; a report or export someone waits
 * for; background reads the portal makes for pages (overview counts, cache revalidation, programs'
 * tokens); and idle work nobody is waiting on (watch checks, bulk rows), which only ever takes a
 * slot nothing else wants.
 */
export type Priority = 'interactive' | 'report' | 'background' | 'idle';

export type RegisterSource = 'live' | 'sandbox';

export type ResultKind = 'ok' | 'not-found' | 'bad-input' | 'unauthorised' | 'rate-limited' | 'upstream-error';

/** Where a result's data came from. */
export interface Provenance {
  /** Upstream path and query, relative to the base URL ("/Firm/122702/Permissions?pgnp=2"); never credentials. */
  path: string;
  /** Which register answered. */
  upstream: RegisterSource;
  /** 'live': fetched for this call; 'cache': served from the portal's cache. */
  source: 'live' | 'cache';
  /** When the register produced this answer (ISO). */
  retrievedAt: string;
  /** Seconds since retrievedAt. */
  ageSeconds: number;
  /** True when served past its freshness (while revalidating, or because the register failed). */
  stale: boolean;
}

/** Paging facts for one page, with the endpoint's quirks already accounted for. */
export interface PageInfo {
  /** The page this result holds (1-based). */
  page: number;
  /** The register's per_page, when it gave a number (per bucket for AR and CF). */
  perPage?: number;
  /** The register's total_count (for AR and CF: both buckets together; Permissions: keys). */
  totalCount?: number;
  /** Number of pages, when it can be known from this page. */
  pageCount?: number;
  /** Whether a later page holds more rows (Subfund's bogus Next link is ignored). */
  hasNext: boolean;
  /** The register's own links, as sent (unencoded, possibly on another host). */
  nextUrl?: string;
  previousUrl?: string;
}

export interface Ok<T> {
  kind: 'ok';
  data: T;
  page: PageInfo;
  /** The register's Status code and Message ("FSR-API-02-01-00", "Ok. Firm Found"). */
  upstreamStatus?: string;
  upstreamMessage?: string;
  provenance: Provenance;
  /** Set when stale data is served because the register failed; says why. */
  notice?: string;
}

export interface NotFound {
  kind: 'not-found';
  message: string;
  upstreamStatus?: string;
  provenance: Provenance;
}

export interface BadInput {
  kind: 'bad-input';
  /** Says what was wrong and what is expected. */
  message: string;
  /** The argument at fault ('frn', 'irn', 'q', …) when rejected before any request. */
  field?: string;
  upstreamStatus?: string;
  /** null when the input was rejected here, before anything was sent. */
  provenance: Provenance | null;
}

export interface Unauthorised {
  kind: 'unauthorised';
  /** Tells the operator to check FSR_API_EMAIL / FSR_API_KEY; never contains the key. */
  message: string;
  httpStatus?: number;
  upstreamStatus?: string;
  provenance: Provenance | null;
}

export interface RateLimited {
  kind: 'rate-limited';
  message: string;
  /** When a retry can be sent (ISO) and how long that is from now. */
  retryAt: string;
  retryAfterSeconds: number;
  /** True when the register itself answered 429 to this call; false when the portal held the call back. */
  fromUpstream: boolean;
  provenance: Provenance | null;
}

export interface UpstreamError {
  kind: 'upstream-error';
  message: string;
  httpStatus?: number;
  upstreamStatus?: string;
  /** null when no answer was received (network error, timeout). */
  provenance: Provenance | null;
}

export type RegisterFailure = NotFound | BadInput | Unauthorised | RateLimited | UpstreamError;
export type RegisterResult<T> = Ok<T> | RegisterFailure;

/** Options every endpoint function takes. */
export interface CallOptions {
  /** 1-based page (`pgnp`); default 1. */
  page?: number;
  /** Default 'interactive'. */
  priority?: Priority;
  /** Skip the cache and fetch again (the "refresh" button). Concurrent callers still share one request. */
  refresh?: boolean;
  /**
   * Give up (with a rate-limited result) rather than wait longer than this for a pacer slot.
   * Default: no limit.
   */
  maxWaitMs?: number;
  /**
   * What a queued call does when a 429 block starts: 'fail' returns rate-limited with the retry
   * time; 'wait' stays queued until the block ends. Default: 'fail' for interactive, 'wait' otherwise.
   */
  onBlock?: 'fail' | 'wait';
  /**
   * 'programs' for calls made for an API token (reconciliation): besides the budget they take a slot
   * of the programs' share (FSR_RATE_PROGRAM_SHARE), which every token together never exceeds.
   * Cached answers cost nothing and need none.
   */
  lane?: 'programs';
  /**
   * Answer only from the portal's cache (fresh or stale) and send nothing: what the portal already
   * knows, for estimates. A miss is an upstream-error saying nothing was cached.
   */
  cachedOnly?: boolean;
}

/** Result of walking every page of a paged endpoint. */
export type AllPagesResult<T> =
  | (Ok<T> & {
      pagesFetched: number;
      /** True when the walk stopped before the last page (page cap, or a later page failed). */
      truncated: boolean;
      /** Why the walk stopped early, when a later page failed. */
      interruption?: RegisterFailure;
    })
  | RegisterFailure;

export interface AllPagesOptions {
  /** Page cap; default 100. */
  maxPages?: number;
  /** Called after each page with pages fetched so far and the expected total when known. */
  onProgress?: (progress: { pagesFetched: number; pageCount?: number; items: number }) => void;
  /** Default 'report'. */
  priority?: Priority;
  refresh?: boolean;
  /** Each page's wait for a pacer slot at most (CallOptions.maxWaitMs); default no limit. */
  maxWaitMs?: number;
}
