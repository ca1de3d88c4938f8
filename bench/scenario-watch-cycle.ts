/**
 * Scenario 6: a watch cycle of at least 2,000 firms (record and six sections) run by the portal's
 * own background engine, on a time-scaled register (the sandbox at 50 a second, the portal's
 * budget 45 a second with the margin and block scaled the same way, a tenth of the real 50/10 and
 * 45/10), so a cycle that would take an hour at the real limit takes minutes.
 *
 * Three fresh portals, and scenario 4's team of 20 staff browsing the same seeded pages on each:
 *   A. portal 1, no cycle: the baseline, and the cold figures;
 *   C. portal 2, the cycle started as the team starts: the page wait during the cycle against A
 *      (one run, the same pages, both on a cold cache), and the cycle's duration, 429s and
 *      busiest second with the team beside it;
 *   D. portal 3, the cycle alone, then the team: the morning after, against A.
 * The cycle's duration is set against the budget bound at the background share: background
 * calls may use the budget less the interactive reserve, each slot held one window plus the margin.
 */
import path from 'node:path';
import { openDb } from '@/lib/db/connect';
import { isoNow } from '@/lib/db/clock';
import { loadRegisterConfig } from '@/lib/register/load-config';
import { startCycle } from '@/lib/watch/cycles';
import type { SandboxOptions } from '@/sandbox/config';
import { buildDataset } from '@/sandbox/dataset/generate';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { startBenchPortal, type BenchPortal } from './bench-portal';
import { type Budget, budgetBoundSeconds, ratioToBound } from './budget-bound';
import { runTeam, teamFirmPool, type TeamResult } from './scenario-team';

/** Record and six sections: the firm's standing, what it may do, and the history that matters most. */
export const WATCH_CYCLE_SECTIONS = ['record', 'permissions', 'requirements', 'disciplinary-history', 'names', 'address', 'regulators'] as const;

export interface CycleFigures {
  seconds: number;
  checks: number;
  requests: number;
  estimatedRequests: number;
  notChecked: number;
  failedJobs: number;
  boundAtBackgroundShare: number;
  ratioToBackgroundBound?: number;
  boundAtRegisterLimit: number;
  requestsPerSecond: number;
  /** At the register, over the cycle (and the team beside it, when there was one). */
  rateLimited: number;
  /** The most requests the register saw in any rolling window of its limit (1 s). */
  maxInWindow: number;
}

export interface WatchCycleResult {
  firms: number;
  /** Firms in the sandbox's generated register. */
  sandboxFirms: number;
  sections: string[];
  sandboxLimit: Budget;
  portalBudget: Budget & { marginMs: number; interactiveReserve: number };
  backgroundShare: Budget;
  lanes: number;
  /** FSR_CACHE_MAX_ENTRIES of the portals (room for the cycle's answers and the team's). */
  cacheEntries: number;
  /** The cycle with the team browsing beside it (C), and the cycle alone before the morning after (D). */
  cycles: { withTeam: CycleFigures; alone: CycleFigures };
  teams: { baseline: TeamResult; duringCycle: TeamResult; morningAfter: TeamResult };
  p95Ratio: number;
}

/** The firms to watch: the team's pool first (so the morning's pages can come from the cycle), then other authorised firms. */
export function watchedFirms(options: Pick<SandboxOptions, 'seed' | 'firms' | 'individuals' | 'funds'>, count: number): string[] {
  const pool = teamFirmPool(options);
  const chosen = new Set(pool);
  const dataset = buildDataset(options.seed, { firms: options.firms, individuals: options.individuals, funds: options.funds });
  for (const firm of [...dataset.firms.values()].sort((a, b) => a.frn.localeCompare(b.frn))) {
    if (chosen.size >= count) break;
    if (firm.kind === 'authorised') chosen.add(firm.frn);
  }
  if (chosen.size < count) throw new Error(`The sandbox has ${chosen.size} authorised firms; the watch-cycle scenario needs ${count} (raise SANDBOX_FIRMS).`);
  return [...chosen].slice(0, count);
}

export async function runWatchCycle(ctx: {
  sandboxSettings: SandboxOptions;
  firmCount: number;
  staff: number;
  teamSeconds: number;
  runId: string;
  log: (line: string) => void;
}): Promise<WatchCycleResult> {
  const account = { email: `watch-${ctx.runId}@bench.example`, key: `watch-${ctx.runId}` };
  const sandboxLimit: Budget = { requests: 50, seconds: 1 };
  // About two firms in five of the generated population are authorised: size the register for the watchlist.
  const firms = Math.max(ctx.sandboxSettings.firms, ctx.firmCount * 3);
  const refs = watchedFirms({ ...ctx.sandboxSettings, firms }, ctx.firmCount);
  const sandbox: RunningSandbox = await startSandbox({ ...ctx.sandboxSettings, firms, port: 0, host: '127.0.0.1', rateLimit: sandboxLimit, blockSeconds: 6, accounts: [account] });
  // The sandbox's latency is not scaled: a tenth of the window needs about ten times the checks in flight.
  const lanes = 8;
  const cacheEntries = Math.max(5000, ctx.firmCount * WATCH_CYCLE_SECTIONS.length * 2);
  const env: Record<string, string> = {
    FSR_API_BASE_URL: sandbox.baseUrl,
    FSR_API_EMAIL: account.email,
    FSR_API_KEY: account.key,
    // A tenth of the real 45/10, 250 ms margin and 60 s block.
    FSR_RATE_BUDGET: '45/1',
    FSR_RATE_MARGIN_MS: '25',
    FSR_RATE_BLOCK_SECONDS: '6',
    BACKGROUND_LANES: String(lanes),
    BACKGROUND_POLL_MS: '250',
    // The in-memory cache holds 5,000 answers by default; a cycle of 2,000 firms leaves 14,000.
    FSR_CACHE_MAX_ENTRIES: String(cacheEntries),
    // The scenario starts its own cycles; a nightly one must not join them.
    WATCH_NIGHTLY: 'off',
  };
  const config = loadRegisterConfig({ ...process.env, ...env });
  const portalBudget = { requests: config.rate.limit, seconds: config.rate.windowMs / 1000, marginMs: config.rate.marginMs, interactiveReserve: config.rate.interactiveReserve };
  const backgroundShare: Budget = { requests: config.rate.limit - config.rate.interactiveReserve, seconds: (config.rate.windowMs + config.rate.marginMs) / 1000 };
  const team = (portal: BenchPortal, keepSandboxCounters = false) =>
    runTeam({
      sandbox,
      baseUrls: [portal.baseUrl],
      sessions: portal.sessions,
      portalAccount: account,
      seconds: ctx.teamSeconds,
      seed: 'bench-team',
      log: ctx.log,
      keepSandboxCounters,
    });

  /** Watches the firms on `portal`, runs one cycle with `beside` running as it starts, and measures the cycle. */
  async function cycleOn<T>(portal: BenchPortal, beside: () => Promise<T>): Promise<{ figures: CycleFigures; beside: T }> {
    const handle = openDb({ dialect: 'sqlite', file: path.join(portal.instance.dataDir, 'portal.db') });
    try {
      const at = isoNow();
      await handle.db
        .insertInto('watchlists')
        .values({
          id: 'bench-watch',
          name: 'Bench counterparties',
          owner_email: 'staff01@bench.example',
          sections: JSON.stringify({ firm: WATCH_CYCLE_SECTIONS, individual: ['record'], fund: ['record'] }),
          created_at: at,
          updated_at: at,
        })
        .execute();
      for (let i = 0; i < refs.length; i += 200) {
        await handle.db
          .insertInto('watchlist_entries')
          .values(refs.slice(i, i + 200).map((ref) => ({ watchlist_id: 'bench-watch', kind: 'firm' as const, ref, name: null, added_by: 'staff01@bench.example', added_at: at })))
          .execute();
      }
      sandbox.reset();
      const started = await startCycle(handle.db, { trigger: 'manual', scope: 'all', requestedBy: 'bench' });
      const besideResult = await beside();
      let row = await handle.db.selectFrom('watch_cycles').selectAll().where('id', '=', started.cycleId).executeTakeFirstOrThrow();
      while (!row.finished_at) {
        await new Promise((r) => setTimeout(r, 1000));
        row = await handle.db.selectFrom('watch_cycles').selectAll().where('id', '=', started.cycleId).executeTakeFirstOrThrow();
      }
      const stats = sandbox.stats()[account.email];
      const totals = await handle.db
        .selectFrom('watch_checks')
        .select((eb) => [eb.fn.countAll<number>().as('checks'), eb.fn.sum<number>('request_count').as('requests'), eb.fn.sum<number>('sections_not_checked').as('not_checked')])
        .where('cycle_id', '=', started.cycleId)
        .executeTakeFirstOrThrow();
      const failed = await handle.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('job_group', '=', started.cycleId)
        .where('state', '=', 'failed')
        .executeTakeFirstOrThrow();
      const seconds = (Date.parse(row.finished_at) - Date.parse(row.created_at)) / 1000;
      const requests = Number(totals.requests ?? 0);
      const boundAtBackgroundShare = budgetBoundSeconds(requests, backgroundShare);
      ctx.log(
        `  cycle: ${Number(totals.checks)} checks, ${requests} register requests in ${seconds.toFixed(0)} s (bound at the background share ${boundAtBackgroundShare.toFixed(0)} s), ${stats?.rateLimited ?? 0} × 429`,
      );
      return {
        beside: besideResult,
        figures: {
          seconds,
          checks: Number(totals.checks),
          requests,
          estimatedRequests: started.estimatedRequests,
          notChecked: Number(totals.not_checked ?? 0),
          failedJobs: Number(failed.n),
          boundAtBackgroundShare,
          ratioToBackgroundBound: ratioToBound(seconds, boundAtBackgroundShare),
          boundAtRegisterLimit: budgetBoundSeconds(requests, sandboxLimit),
          requestsPerSecond: requests / seconds,
          rateLimited: stats?.rateLimited ?? 0,
          maxInWindow: stats?.maxInWindow ?? 0,
        },
      };
    } finally {
      await handle.close();
    }
  }

  const portals: BenchPortal[] = [];
  const fresh = async () => {
    const portal = await startBenchPortal({ env, staff: ctx.staff });
    portals.push(portal);
    return portal;
  };
  const done = async (portal: BenchPortal) => {
    await portal.stop();
    portals.splice(portals.indexOf(portal), 1);
  };
  try {
    ctx.log('  A: a fresh portal, no cycle: the team on a cold cache');
    const p1 = await fresh();
    const baseline = await team(p1);
    await done(p1);

    ctx.log(`  C: a fresh portal watching ${refs.length} firms (${WATCH_CYCLE_SECTIONS.length} sections each); the cycle starts with the team`);
    const p2 = await fresh();
    // The sandbox counts the cycle and the team together until the cycle's end (the team's own upstream figures in this phase include the cycle's).
    const withTeam = await cycleOn(p2, () => team(p2, true));
    await done(p2);

    ctx.log('  D: a fresh portal runs the cycle alone; then the morning after');
    const p3 = await fresh();
    const alone = await cycleOn(p3, async () => undefined);
    const morningAfter = await team(p3);
    await done(p3);

    return {
      firms: refs.length,
      sandboxFirms: firms,
      sections: [...WATCH_CYCLE_SECTIONS],
      sandboxLimit,
      portalBudget,
      backgroundShare,
      lanes,
      cacheEntries,
      cycles: { withTeam: withTeam.figures, alone: alone.figures },
      teams: { baseline, duringCycle: withTeam.beside, morningAfter },
      p95Ratio: withTeam.beside.total.p95 / baseline.total.p95,
    };
  } finally {
    for (const p of portals) await p.stop().catch(() => undefined);
    await sandbox.close();
  }
}
