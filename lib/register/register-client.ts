import { createHash } from 'node:crypto';
import { formatAge } from '@/lib/format/date';
import { walkAllPages } from './all-pages';
import type { CacheStore } from './cache-store';
import { systemClock, type Clock } from './clock';
import { ENDPOINTS, type ArgsOf } from './endpoints';
import type { FlightLock } from './flight-lock';
import { sourceLabel, type RegisterConfig } from './load-config';
import { MemoryCacheStore } from './memory-cache-store';
import { MemoryRateStore } from './memory-rate-store';
import { RegisterMetrics, type RegisterHealth, type SharedStoresStatus } from './metrics';
import { normaliseEnvelope, type DataOf, type NormalisedPage } from './normalise';
import { MalformedBody } from './normalise-values';
import { Pacer } from './pacer';
import type { RateStore } from './rate-store';
import type { EndpointName, RegisterClient, RegisterEndpoints } from './register-client-types';
import { ResponseCache, type CachePolicy, type CacheRead, type LoadOutcome } from './response-cache';
import type { CallOptions, Ok, Priority, Provenance, RegisterFailure, RegisterResult } from './result';
import { buildPath, createTransport, type RawBody } from './transport';
import type { PassThroughOptions, PassThroughResult } from './register-client-types';
import { RegisterUpstream, type FlightOptions } from './upstream';
import { checkPage } from './validate';

/**
 * Builds a register client: transport → pacer → cache → endpoint functions → model. Plain module
 * (no server-only) so tests and benchmarks can build their own; pages use client.ts.
 */

export interface RegisterClientOptions {
  config: RegisterConfig;
  clock?: Clock;
  fetch?: typeof fetch;
  /** Shared stores for scale-out; in-memory by default. */
  rateStore?: RateStore;
  cacheStore?: CacheStore;
  /** Single-flight across instances (Redis); without it, single-flight holds within this process. */
  flightLock?: FlightLock;
  /** The shared stores' owner: reported in health() and closed by close(). */
  shared?: { status(): SharedStoresStatus; close(): Promise<void> };
  /** First retry delay (doubles per retry); default 250 ms. */
  backoffMs?: number;
  /** Pages fetched at once by allPages once the page count is known; default 4. */
  allPagesConcurrency?: number;
}

/** What the cache keeps for an answer. */
type Stored<T> =
  { kind: 'ok'; page: NormalisedPage<T>; upstreamStatus?: string; upstreamMessage?: string } | { kind: 'not-found' | 'bad-input'; message: string; upstreamStatus?: string };

/** An answer that is not cached. */
interface Failure {
  kind: 'unauthorised' | 'rate-limited' | 'upstream-error';
  message: string;
  httpStatus?: number;
  upstreamStatus?: string;
  /** When the register answered (absent when nothing was received). */
  receivedAt?: number;
  retryInMs?: number;
  fromUpstream?: boolean;
}

const PRIORITIES: Priority[] = ['interactive', 'report', 'background', 'idle'];

/**
 * The API user as stores know it: a hash of the e-mail, so neither the e-mail nor (never) the key
 * appears in a shared store's key names.
 */
export function apiUserKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

function seconds(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

export function createRegisterClient(options: RegisterClientOptions): RegisterClient {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const metrics = new RegisterMetrics();
  const apiUser = apiUserKey(config.credentials.email);
  const rateStore = options.rateStore ?? new MemoryRateStore(clock);
  const pacer = new Pacer(
    rateStore,
    { key: apiUser, limit: config.rate.limit, windowMs: config.rate.windowMs, marginMs: config.rate.marginMs, interactiveReserve: config.rate.interactiveReserve },
    clock,
  );
  // Every API token together: a share of the same budget, over a log of its own in the same store
  // (so shared across instances with Redis), taken before the budget's own slot.
  const programs = new Pacer(
    rateStore,
    { key: `${apiUser}:programs`, limit: config.rate.programLimit, windowMs: config.rate.windowMs, marginMs: config.rate.marginMs, interactiveReserve: 0 },
    clock,
  );
  const transport = createTransport({ baseUrl: config.baseUrl, credentials: config.credentials, timeoutMs: config.timeoutMs, fetch: options.fetch });
  const upstream = new RegisterUpstream(
    transport,
    pacer,
    metrics,
    clock,
    {
      retries: config.retries,
      blockSeconds: config.rate.blockSeconds,
      backoffMs: options.backoffMs,
    },
    programs,
  );
  const cache = new ResponseCache(options.cacheStore ?? new MemoryCacheStore(config.cache.maxEntries, clock), clock, metrics, options.flightLock);
  const concurrency = Math.max(1, options.allPagesConcurrency ?? 4);

  const policies: Record<'entity' | 'search' | 'markets', CachePolicy> = {
    entity: { freshMs: config.cache.freshSeconds * 1000, staleMs: config.cache.staleSeconds * 1000, missMs: config.cache.notFoundSeconds * 1000 },
    search: { freshMs: config.cache.searchFreshSeconds * 1000, staleMs: config.cache.staleSeconds * 1000, missMs: config.cache.notFoundSeconds * 1000 },
    markets: {
      freshMs: config.cache.marketsFreshSeconds * 1000,
      staleMs: Math.max(config.cache.staleSeconds, config.cache.marketsFreshSeconds) * 1000,
      missMs: config.cache.notFoundSeconds * 1000,
    },
  };

  const provenance = (path: string, source: 'live' | 'cache', retrievedAt: number, stale: boolean): Provenance => ({
    path,
    upstream: config.source,
    source,
    retrievedAt: new Date(retrievedAt).toISOString(),
    ageSeconds: Math.max(0, Math.floor((clock.now() - retrievedAt) / 1000)),
    stale,
  });

  function rateLimitedMessage(f: Failure): string {
    const until = new Date(clock.now() + (f.retryInMs ?? 0)).toISOString().slice(11, 19);
    if (f.fromUpstream) return `${f.message} Nothing more is sent to it until ${until} UTC (${seconds(f.retryInMs ?? 0)} s).`;
    return f.message.replace('{until}', until).replace('{seconds}', String(seconds(f.retryInMs ?? 0)));
  }

  function failureResult(f: Failure, path: string): RegisterFailure {
    const prov = f.receivedAt !== undefined ? provenance(path, 'live', f.receivedAt, false) : null;
    if (f.kind === 'rate-limited') {
      const retryInMs = f.retryInMs ?? 0;
      return {
        kind: 'rate-limited',
        message: rateLimitedMessage(f),
        retryAt: new Date(clock.now() + retryInMs).toISOString(),
        retryAfterSeconds: seconds(retryInMs),
        fromUpstream: f.fromUpstream ?? false,
        provenance: prov,
      };
    }
    if (f.kind === 'unauthorised') return { kind: 'unauthorised', message: f.message, httpStatus: f.httpStatus, upstreamStatus: f.upstreamStatus, provenance: prov };
    return { kind: 'upstream-error', message: f.message, httpStatus: f.httpStatus, upstreamStatus: f.upstreamStatus, provenance: prov };
  }

  /** Starts one upstream request and turns its answer into something the cache can keep, or a failure. */
  function loader<K extends EndpointName>(name: K, path: string, ctx: { path: string }, page: number) {
    return (flight: FlightOptions) => {
      const started = upstream.start(path, flight);
      const outcome = (async (): Promise<LoadOutcome<Stored<DataOf<K>>, Failure>> => {
        try {
          const answer = await started.answer;
          if (answer.kind === 'held-back') {
            if (answer.reason === 'closed') {
              return { cacheable: false, failure: { kind: 'upstream-error', message: 'The register client has shut down.' } };
            }
            const message =
              answer.reason === 'blocked'
                ? `The register's rate limit was hit, so the portal sends nothing to it until {until} UTC ({seconds} s); GET ${path} was not sent.`
                : `The register is busy: the next free request slot is {seconds} s away; GET ${path} was not sent.`;
            return { cacheable: false, failure: { kind: 'rate-limited', message, retryInMs: answer.retryInMs, fromUpstream: false } };
          }
          const receivedAt = answer.receivedAt;
          switch (answer.kind) {
            case 'ok': {
              const normalised = normaliseEnvelope(name, answer.envelope, { ...ctx }, page);
              return {
                cacheable: true,
                entry: {
                  kind: 'ok',
                  value: { kind: 'ok', page: normalised, upstreamStatus: answer.upstreamStatus, upstreamMessage: answer.upstreamMessage },
                  retrievedAt: receivedAt,
                },
              };
            }
            case 'not-found':
            case 'bad-input': {
              const fallback =
                answer.kind === 'not-found'
                  ? `No ${ENDPOINTS[name].subject === 'search' ? 'search results' : 'record'} found for GET ${path}.`
                  : `The register refused the request as invalid input (GET ${path}).`;
              return {
                cacheable: true,
                entry: {
                  kind: answer.kind,
                  value: { kind: answer.kind, message: answer.upstreamMessage ?? fallback, upstreamStatus: answer.upstreamStatus },
                  retrievedAt: receivedAt,
                },
              };
            }
            case 'rate-limited':
              return {
                cacheable: false,
                failure: {
                  kind: 'rate-limited',
                  message: answer.message,
                  receivedAt,
                  retryInMs: (answer.retryAfterSeconds ?? config.rate.blockSeconds) * 1000,
                  fromUpstream: true,
                },
              };
            case 'unauthorised':
              return {
                cacheable: false,
                failure: { kind: 'unauthorised', message: answer.message, httpStatus: answer.httpStatus, upstreamStatus: answer.upstreamStatus, receivedAt },
              };
            case 'upstream-error':
              return {
                cacheable: false,
                failure: {
                  kind: 'upstream-error',
                  message: answer.message,
                  httpStatus: answer.httpStatus,
                  upstreamStatus: answer.upstreamStatus,
                  receivedAt: answer.httpStatus !== undefined ? receivedAt : undefined,
                },
              };
          }
        } catch (error) {
          const message = error instanceof MalformedBody ? error.message : `Unexpected failure reading GET ${path}: ${error instanceof Error ? error.message : String(error)}`;
          metrics.byKind['upstream-error'] += 1;
          metrics.lastError = { at: new Date(clock.now()).toISOString(), kind: 'upstream-error', message };
          return { cacheable: false, failure: { kind: 'upstream-error', message: config.credentials.redact(message), receivedAt: clock.now() } };
        }
      })();
      return { outcome, raise: started.raise };
    };
  }

  function toResult<T>(read: CacheRead<Stored<T>, Failure>, path: string): RegisterResult<T> {
    if (read.from === 'none') return failureResult(read.failure, path);
    const { entry } = read;
    const stale = read.from === 'cache' && read.stale;
    const prov = provenance(path, read.from === 'live' ? 'live' : 'cache', entry.retrievedAt, stale);
    const stored = entry.value;
    if (stored.kind === 'ok') {
      const result: Ok<T> = {
        kind: 'ok',
        data: stored.page.data,
        page: stored.page.page,
        upstreamStatus: stored.upstreamStatus,
        upstreamMessage: stored.upstreamMessage,
        provenance: prov,
      };
      if (read.from === 'cache' && read.failure) {
        const f = failureResult(read.failure, path);
        result.notice = `Showing data retrieved ${formatAge(prov.ageSeconds)} because the register could not answer: ${f.message}`;
      }
      return result;
    }
    if (stored.kind === 'not-found') return { kind: 'not-found', message: stored.message, upstreamStatus: stored.upstreamStatus, provenance: prov };
    return { kind: 'bad-input', message: stored.message, upstreamStatus: stored.upstreamStatus, provenance: prov };
  }

  async function call<K extends EndpointName>(name: K, args: ArgsOf<K>, opts: CallOptions = {}): Promise<RegisterResult<DataOf<K>>> {
    const spec = ENDPOINTS[name];
    const reject = (field: string, message: string): RegisterResult<DataOf<K>> => {
      metrics.rejectedInput += 1;
      return { kind: 'bad-input', message, field, provenance: null };
    };
    const page = checkPage(opts.page);
    if (!page.ok) return reject(page.field, page.message);
    const priority = opts.priority ?? 'interactive';
    if (!PRIORITIES.includes(priority)) return reject('priority', 'Priority must be interactive, report or background.');
    const built = (spec.build as (...a: unknown[]) => ReturnType<typeof spec.build>)(...args);
    if (!built.ok) return reject(built.field, built.message);
    if (!spec.paged && page.value > 1) return reject('page', `A ${spec.subject} record is a single page; there is no page ${page.value}.`);

    const path = buildPath(built.request.segments, { ...built.request.query, pgnp: page.value > 1 ? String(page.value) : undefined });
    const key = `${apiUser}|${path}`;
    if (opts.cachedOnly) {
      const known = await cache.peek<Stored<DataOf<K>>>(key);
      if (!known) return { kind: 'upstream-error', message: `GET ${path} is not in the portal's cache; nothing was sent to the register.`, provenance: null };
      return toResult<DataOf<K>>({ from: 'cache', entry: known.entry, stale: known.stale }, path);
    }
    const onBlock = opts.onBlock ?? (priority === 'interactive' ? 'fail' : 'wait');
    const read = await cache.read(key, policies[spec.freshness], loader(name, path, { ...built.request.ctx, path }, page.value), {
      priority,
      onBlock,
      maxWaitMs: opts.maxWaitMs,
      refresh: opts.refresh,
      lane: opts.lane,
    });
    return toResult(read as CacheRead<Stored<DataOf<K>>, Failure>, path);
  }

  /** Seconds since the cached answer to a call was retrieved (null when nothing is cached, or the input is impossible); never asks the register. */
  async function cachedAge<K extends EndpointName>(name: K, args: ArgsOf<K>, opts: { page?: number } = {}): Promise<number | null> {
    const spec = ENDPOINTS[name];
    const page = checkPage(opts.page);
    if (!page.ok) return null;
    const built = (spec.build as (...a: unknown[]) => ReturnType<typeof spec.build>)(...args);
    if (!built.ok) return null;
    const path = buildPath(built.request.segments, { ...built.request.query, pgnp: page.value > 1 ? String(page.value) : undefined });
    const at = await cache.retrievedAt(`${apiUser}|${path}`);
    return at === undefined ? null : Math.max(0, Math.floor((clock.now() - at) / 1000));
  }

  /**
   * The register's answer to `path` exactly as it came (the gateway's pass-through), through the
   * same pacer, cache and single-flight as every other call, under its own cache key: N identical
   * gateway requests within freshness cost one register request. Only the register's verdicts
   * (found, not found, bad input) are cached, as for normalised calls.
   */
  async function passThrough(path: string, opts: PassThroughOptions): Promise<PassThroughResult> {
    const key = `${apiUser}|raw|${path}`;
    const load = (flight: FlightOptions) => {
      const started = upstream.start(path, flight);
      const outcome = (async (): Promise<LoadOutcome<RawBody, Failure>> => {
        const answer = await started.answer;
        if (answer.kind === 'held-back') {
          if (answer.reason === 'closed') return { cacheable: false, failure: { kind: 'upstream-error', message: 'The register client has shut down.' } };
          const message =
            answer.reason === 'blocked'
              ? `The register's rate limit was hit, so the portal sends nothing to it until {until} UTC ({seconds} s); GET ${path} was not sent.`
              : `The register is busy: the next free request slot is {seconds} s away; GET ${path} was not sent.`;
          return { cacheable: false, failure: { kind: 'rate-limited', message, retryInMs: answer.retryInMs, fromUpstream: false } };
        }
        const receivedAt = answer.receivedAt;
        if ((answer.kind === 'ok' || answer.kind === 'not-found' || answer.kind === 'bad-input') && answer.raw) {
          return { cacheable: true, entry: { kind: answer.kind, value: answer.raw, retrievedAt: receivedAt } };
        }
        if (answer.kind === 'rate-limited') {
          return {
            cacheable: false,
            failure: { kind: 'rate-limited', message: answer.message, receivedAt, retryInMs: (answer.retryAfterSeconds ?? config.rate.blockSeconds) * 1000, fromUpstream: true },
          };
        }
        if (answer.kind === 'unauthorised') {
          return { cacheable: false, failure: { kind: 'unauthorised', message: answer.message, httpStatus: answer.httpStatus, upstreamStatus: answer.upstreamStatus, receivedAt } };
        }
        const message = 'message' in answer ? answer.message : `The register's answer to GET ${path} could not be read.`;
        return {
          cacheable: false,
          failure: { kind: 'upstream-error', message, httpStatus: answer.httpStatus, receivedAt: answer.httpStatus !== undefined ? receivedAt : undefined },
        };
      })();
      return { outcome, raise: started.raise };
    };
    const read = await cache.read<RawBody, Failure>(key, policies[opts.freshness], load, {
      priority: opts.priority,
      onBlock: 'fail',
      maxWaitMs: opts.maxWaitMs,
      lane: opts.lane,
    });
    if (read.from === 'none') {
      const failure = failureResult(read.failure, path);
      return failure as Exclude<PassThroughResult, { kind: 'answer' }>;
    }
    const stale = read.from === 'cache' && read.stale;
    return { kind: 'answer', body: read.entry.value, provenance: provenance(path, read.from === 'live' ? 'live' : 'cache', read.entry.retrievedAt, stale) };
  }

  function endpoint<K extends EndpointName>(name: K): RegisterEndpoints[K] {
    // build()'s declared parameters are the identifying arguments; CallOptions come after them.
    const arity = ENDPOINTS[name].build.length;
    const fn = (...all: unknown[]) => {
      const args = all.slice(0, arity) as ArgsOf<K>;
      const opts = (all[arity] as CallOptions | undefined) ?? {};
      return call(name, args, opts);
    };
    return Object.assign(fn, { endpoint: name }) as unknown as RegisterEndpoints[K];
  }

  const endpoints = Object.fromEntries((Object.keys(ENDPOINTS) as EndpointName[]).map((name) => [name, endpoint(name)])) as unknown as RegisterEndpoints;

  return {
    ...endpoints,
    allPages: (fn, args, allPagesOptions) => walkAllPages(fn, args, allPagesOptions, concurrency),
    passThrough,
    cachedAge: (name, args, opts) => cachedAge(name, args as never, opts),
    expectedWait: (priority: Priority = 'interactive') => pacer.expectedWait(priority),
    async health(): Promise<RegisterHealth> {
      const [inUse, programsInUse, blockedFor, entries] = await Promise.all([pacer.inUse(), programs.inUse(), pacer.blockedFor(), cache.size()]);
      const depth = pacer.queueDepth();
      return {
        checkedAt: new Date(clock.now()).toISOString(),
        upstream: { source: config.source, label: sourceLabel(config.source), host: new URL(config.baseUrl).host },
        budget: {
          limit: config.rate.limit,
          windowSeconds: config.rate.windowMs / 1000,
          marginMs: config.rate.marginMs,
          inUse,
          programs: { limit: config.rate.programLimit, inUse: programsInUse },
        },
        block: {
          active: blockedFor > 0,
          until: blockedFor > 0 ? new Date(clock.now() + blockedFor).toISOString() : undefined,
          remainingSeconds: seconds(blockedFor),
          count: metrics.rateLimited429,
        },
        queue: { depth, total: depth.interactive + depth.report + depth.background },
        waits: metrics.allWaitStats(),
        waitHistograms: metrics.waitHistograms(),
        calls: {
          sent: metrics.sent,
          retries: metrics.retries,
          byKind: { ...metrics.byKind },
          rateLimited429: metrics.rateLimited429,
          heldBack: metrics.heldBack,
          rejectedInput: metrics.rejectedInput,
          byPriority: structuredClone(metrics.byPriority),
          programSlots: metrics.programSlots,
        },
        cache: {
          hits: metrics.cacheHits,
          staleServed: metrics.staleServed,
          misses: metrics.cacheMisses,
          sharedInFlight: metrics.sharedInFlight,
          remoteFlights: metrics.remoteFlights,
          entries,
        },
        lastError: metrics.lastError,
        lastAnswer: metrics.lastAnswer,
        shared: options.shared?.status() ?? null,
      };
    },
    async close() {
      // Queued calls are refused; requests already sent finish, store their answers and release
      // their cross-instance locks before the shared stores go.
      pacer.close();
      programs.close();
      // Flights waiting for another instance's answer stop waiting (and then find the pacer closed).
      options.flightLock?.close();
      await cache.drain();
      await options.shared?.close();
    },
  };
}
