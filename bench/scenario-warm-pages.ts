/**
 * Scenario 3: the firm overview and five section pages of the bank with the cache warm, under
 * concurrent load: `clients` signed-in staff each requesting the six pages in turn, with no pause,
 * for `seconds`. Reported per page: server time to first byte (response head) and to last byte
 * (every streamed section in), median and 95th percentile. The sandbox's count for the portal's
 * account over the load phase says whether the cache really answered everything.
 */
import type { RunningSandbox } from '@/sandbox/server';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import http from 'node:http';
import type { BenchPortal } from './bench-portal';
import { timedGet } from './http-timing';
import { type Summary, summarise } from './percentiles';

export const WARM_PAGES = [
  { page: 'overview', path: `/firm/${SHOWCASE.bankFrn}` },
  { page: 'permissions', path: `/firm/${SHOWCASE.bankFrn}/permissions` },
  { page: 'individuals', path: `/firm/${SHOWCASE.bankFrn}/individuals` },
  { page: 'controlled-functions', path: `/firm/${SHOWCASE.bankFrn}/controlled-functions` },
  { page: 'passports', path: `/firm/${SHOWCASE.bankFrn}/passports` },
  { page: 'waivers', path: `/firm/${SHOWCASE.bankFrn}/waivers` },
] as const;

export interface WarmPageRow {
  page: string;
  path: string;
  requests: number;
  ttfb: Summary;
  total: Summary;
  kb: number;
}

export interface WarmPagesResult {
  clients: number;
  seconds: number;
  pagesPerSecond: number;
  /** Register requests during the load phase (0 when every page came from the cache). */
  upstreamDuringLoad: number;
  errors: number;
  rows: WarmPageRow[];
  all: { ttfb: Summary; total: Summary };
}

export async function runWarmPages(ctx: {
  sandbox: RunningSandbox;
  portal: BenchPortal;
  portalAccount: { email: string };
  clients: number;
  seconds: number;
  log: (line: string) => void;
}): Promise<WarmPagesResult> {
  const cookie = ctx.portal.sessions[0];
  // Warm-up: each page twice, with a pause for the overview's background counts to land in the cache.
  for (let pass = 0; pass < 2; pass++) {
    for (const { path } of WARM_PAGES) {
      const res = await timedGet(`${ctx.portal.baseUrl}${path}`, { cookie });
      if (res.status !== 200) throw new Error(`Warming ${path}: HTTP ${res.status}${res.location ? ` → ${res.location}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 2000));
  }

  ctx.sandbox.reset();
  const samples = new Map<string, { ttfb: number[]; total: number[]; bytes: number }>(WARM_PAGES.map((p) => [p.page, { ttfb: [], total: [], bytes: 0 }]));
  let errors = 0;
  const started = performance.now();
  const deadline = started + ctx.seconds * 1000;
  await Promise.all(
    Array.from({ length: ctx.clients }, async (_, i) => {
      // A browser keeps its connection open between pages; so does each simulated client.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const session = ctx.portal.sessions[i % ctx.portal.sessions.length];
      try {
        for (let n = i; performance.now() < deadline; n++) {
          const { page, path } = WARM_PAGES[n % WARM_PAGES.length];
          const res = await timedGet(`${ctx.portal.baseUrl}${path}`, { cookie: session, agent });
          if (res.status !== 200) {
            errors += 1;
            continue;
          }
          const s = samples.get(page)!;
          s.ttfb.push(res.ttfbMs);
          s.total.push(res.totalMs);
          s.bytes = res.bytes;
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const upstreamDuringLoad = ctx.sandbox.stats()[ctx.portalAccount.email]?.requests ?? 0;
  const rows: WarmPageRow[] = WARM_PAGES.map(({ page, path }) => {
    const s = samples.get(page)!;
    return { page, path, requests: s.total.length, ttfb: summarise(s.ttfb), total: summarise(s.total), kb: Math.round(s.bytes / 1024) };
  });
  const allTtfb = [...samples.values()].flatMap((s) => s.ttfb);
  const allTotal = [...samples.values()].flatMap((s) => s.total);
  const result: WarmPagesResult = {
    clients: ctx.clients,
    seconds: elapsed,
    pagesPerSecond: allTotal.length / elapsed,
    upstreamDuringLoad,
    errors,
    rows,
    all: { ttfb: summarise(allTtfb), total: summarise(allTotal) },
  };
  ctx.log(
    `  warm pages: ${allTotal.length} pages in ${elapsed.toFixed(1)} s (${result.pagesPerSecond.toFixed(1)}/s), median last byte ${result.all.total.p50.toFixed(0)} ms, ${upstreamDuringLoad} upstream calls`,
  );
  return result;
}
