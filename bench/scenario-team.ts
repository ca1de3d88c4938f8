/**
 * Scenario 4 (and 5, across instances): a team of staff browsing for a while, each signed in,
 * each opening a firm's overview and then a few of its sections with a pause to read between
 * pages. Firms are drawn from a pool with a Zipf skew (s = 1): with 300 firms the most popular
 * firm gets about 16% of visits, the top ten about 47%, and 28% go to firms ranked beyond 50,
 * most of which are opened once in a two-minute run. Staff, firms, sections and pauses all come from seeded
 * streams, so two runs send the same sequence of requests (their timing differs with latency).
 *
 * Cache hit ratio is measured twice: from the register client's own counters (GET
 * /api/health/register on each instance, before and after; they include the overview's background
 * count calls) when the build has that route, and from the pages themselves, where each register
 * read a page shows carries a provenance line saying "from the portal's cache" or "live" ("none
 * recorded" answers carry none). Upstream calls, 429s and the busiest rolling 10 s come from the
 * sandbox.
 */
import http from 'node:http';
import type { SandboxOptions } from '@/sandbox/config';
import { buildDataset } from '@/sandbox/dataset/generate';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { Rng } from '@/sandbox/prng';
import type { RunningSandbox } from '@/sandbox/server';
import { FIRM_SECTION_SLUGS } from '@/lib/sections/firm-sections';
import { timedGet } from './http-timing';
import { describeAgreement, type MetricsAgreement, startMetricsScraper } from './metrics-scrape';
import { type CacheCounters, counterDelta, hitRatio, readCacheCounters } from './portal-counters';
import { type Summary, summarise } from './percentiles';
import { readPage, ZipfPicker } from './team-browsing';

export const TEAM_POOL_SIZE = 300;
/** How often the run scrapes /metrics, as a Prometheus with a 5 s scrape interval would. */
export const METRICS_INTERVAL_MS = 5_000;
export const ZIPF_S = 1;
/** Reading time between two pages, uniform in this range (ms). */
export const THINK_MS = { min: 2000, max: 10_000 } as const;
/** Section pages opened after a firm's overview: 0 to this many. */
const MAX_SECTIONS_PER_VISIT = 3;

/** The firms staff browse, most popular first: the showcase firms, then a seeded sample of ordinary authorised firms. */
export function teamFirmPool(options: Pick<SandboxOptions, 'seed' | 'firms' | 'individuals' | 'funds'>, size = TEAM_POOL_SIZE): string[] {
  const dataset = buildDataset(options.seed, { firms: options.firms, individuals: options.individuals, funds: options.funds });
  const showcase = [SHOWCASE.bankFrn, SHOWCASE.networkPrincipalFrn, SHOWCASE.exceptionalInfoFrn, SHOWCASE.disciplinaryFrn, SHOWCASE.paymentInstitutionFrn, SHOWCASE.nonAsciiFrn];
  const others = [...dataset.firms.values()]
    .filter((f) => f.kind === 'authorised' && !showcase.includes(f.frn as (typeof showcase)[number]))
    .map((f) => f.frn)
    .sort();
  const rng = new Rng('bench-team-pool');
  for (let i = others.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [others[i], others[j]] = [others[j], others[i]];
  }
  return [...showcase, ...others.slice(0, Math.max(0, size - showcase.length))];
}

export interface PageView {
  instance: number;
  kind: 'overview' | 'section';
  ttfbMs: number;
  totalMs: number;
  status: number;
  cached: number;
  live: number;
  busy: boolean;
  counts: number;
  countsUnavailable: number;
}

export interface TeamResult {
  staff: number;
  instances: number;
  seconds: number;
  pageViews: number;
  pagesPerSecond: number;
  distinctFirms: number;
  errors: number;
  ttfb: Summary;
  total: Summary;
  overviewTotal: Summary;
  sectionTotal: Summary;
  /** The register clients' own counters over the run, summed over instances (absent when no route exposes them). */
  counters?: CacheCounters;
  counterHitRatio?: number;
  /** Register reads shown on pages: from the cache / live, and the ratio. */
  readsCached: number;
  readsLive: number;
  cacheHitRatio: number;
  /** Page views that showed a "register is busy" notice. */
  busyPages: number;
  /** Overview section counts rendered, and of those shown as unavailable. */
  counts: number;
  countsUnavailable: number;
  upstream: number;
  upstreamPerPageView: number;
  rateLimited: number;
  blocks: number;
  maxIn10s: number;
  /** What /metrics said during the run, beside the bench's own count (when a metrics token was given). */
  metrics?: MetricsAgreement;
}

export async function runTeam(ctx: {
  sandbox: RunningSandbox;
  /** Portal base URLs; each staff member's pages go to them in turn, as a load balancer would send them. */
  baseUrls: string[];
  /** One signed-in session per staff member, valid on every instance (they share the sign-in secret and database). */
  sessions: string[];
  portalAccount: { email: string };
  seconds: number;
  seed: string;
  log: (line: string) => void;
  /** Leave the sandbox's counters as they are (another load runs beside the team and is counted with it). */
  keepSandboxCounters?: boolean;
  /** Scrape /metrics during the run with this Authorization header (a token with the metrics scope). */
  metricsAuthorization?: string;
}): Promise<TeamResult> {
  const pool = teamFirmPool(ctx.sandbox.options);
  const zipf = new ZipfPicker(pool.length, ZIPF_S);
  const views: PageView[] = [];
  const firmsSeen = new Set<string>();
  let errors = 0;
  const countersBefore = await Promise.all(ctx.baseUrls.map((u) => readCacheCounters(u, ctx.sessions[0])));
  if (!ctx.keepSandboxCounters) ctx.sandbox.reset();
  const benchCounts = () => {
    const stats = ctx.sandbox.stats()[ctx.portalAccount.email];
    return { requests: stats?.requests ?? 0, rateLimited: stats?.rateLimited ?? 0 };
  };
  const scraper = ctx.metricsAuthorization
    ? await startMetricsScraper({ baseUrls: ctx.baseUrls, authorization: ctx.metricsAuthorization, intervalMs: METRICS_INTERVAL_MS, benchCounts })
    : undefined;
  const started = performance.now();
  const deadline = started + ctx.seconds * 1000;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, Math.min(ms, deadline - performance.now()))));

  await Promise.all(
    ctx.sessions.map(async (cookie, i) => {
      const rng = new Rng(ctx.seed, 'staff', i);
      let pageNumber = 0;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const open = async (path: string, kind: PageView['kind']) => {
        if (performance.now() >= deadline) return;
        // Each page to the next instance in turn: a load balancer without session affinity.
        const instance = (i + pageNumber++) % ctx.baseUrls.length;
        try {
          const res = await timedGet(`${ctx.baseUrls[instance]}${path}`, { cookie, agent });
          if (res.status !== 200) {
            errors += 1;
            return;
          }
          views.push({ instance, kind, ttfbMs: res.ttfbMs, totalMs: res.totalMs, status: res.status, ...readPage(res.body) });
        } catch {
          errors += 1;
        }
      };
      try {
        // Staff do not all arrive in the same second.
        await sleep(rng.int(0, THINK_MS.max));
        while (performance.now() < deadline) {
          const frn = pool[zipf.pick(rng)];
          firmsSeen.add(frn);
          await open(`/firm/${frn}`, 'overview');
          const sections = rng.int(0, MAX_SECTIONS_PER_VISIT);
          for (let s = 0; s < sections; s++) {
            await sleep(rng.int(THINK_MS.min, THINK_MS.max));
            await open(`/firm/${frn}/${rng.pick(FIRM_SECTION_SLUGS)}`, 'section');
          }
          await sleep(rng.int(THINK_MS.min, THINK_MS.max));
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const metrics = await scraper?.stop();
  const user = ctx.sandbox.stats()[ctx.portalAccount.email];
  const counters = counterDelta(countersBefore, await Promise.all(ctx.baseUrls.map((u) => readCacheCounters(u, ctx.sessions[0]))));
  const readsCached = views.reduce((s, v) => s + v.cached, 0);
  const readsLive = views.reduce((s, v) => s + v.live, 0);
  const upstream = user?.requests ?? 0;
  const result: TeamResult = {
    staff: ctx.sessions.length,
    instances: ctx.baseUrls.length,
    seconds: elapsed,
    pageViews: views.length,
    pagesPerSecond: views.length / elapsed,
    distinctFirms: firmsSeen.size,
    errors,
    ttfb: summarise(views.map((v) => v.ttfbMs)),
    total: summarise(views.map((v) => v.totalMs)),
    overviewTotal: summarise(views.filter((v) => v.kind === 'overview').map((v) => v.totalMs)),
    sectionTotal: summarise(views.filter((v) => v.kind === 'section').map((v) => v.totalMs)),
    counters,
    counterHitRatio: counters ? hitRatio(counters) : undefined,
    readsCached,
    readsLive,
    cacheHitRatio: readsCached + readsLive === 0 ? Number.NaN : readsCached / (readsCached + readsLive),
    busyPages: views.filter((v) => v.busy).length,
    counts: views.reduce((s, v) => s + v.counts, 0),
    countsUnavailable: views.reduce((s, v) => s + v.countsUnavailable, 0),
    upstream,
    upstreamPerPageView: views.length === 0 ? Number.NaN : upstream / views.length,
    rateLimited: user?.rateLimited ?? 0,
    blocks: user?.blocks ?? 0,
    maxIn10s: user?.maxInWindow ?? 0,
    metrics,
  };
  ctx.log(
    `  team (${result.staff} staff, ${result.instances} instance${result.instances > 1 ? 's' : ''}): ${result.pageViews} page views, p95 last byte ${result.total.p95.toFixed(0)} ms, hit ratio ${result.counterHitRatio !== undefined ? `${(result.counterHitRatio * 100).toFixed(0)}% (counters), ` : ''}${(result.cacheHitRatio * 100).toFixed(0)}% (pages), ${upstream} upstream calls, ${result.rateLimited} × 429, max ${result.maxIn10s} in 10 s`,
  );
  if (metrics) ctx.log(describeAgreement(metrics));
  return result;
}
