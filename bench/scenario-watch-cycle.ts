/**
 * Scenario 6: a watch cycle of at least 2,000 firms (record and six sections) run by the portal's
 * own background engine, on a time-scaled register (the sandbox at 50 a second, the portal's
 * budget 45 a second with the margin and block scaled the same way, a tenth of the real 50/10 and
 * 45/10), so a cycle that would take an hour at the real limit takes minutes.
 *
 * Four team phases, the same 20 staff browsing as in scenario 4 (seeded, so each phase with the
 * same seed sends the same pages in the same order):
 *   A. a fresh portal, no cycle (seed bench-team): the baseline, and the cold figures;
 *   B. the same portal, a second pass (seed bench-team-morning): warm from its own browsing only;
 *   C. a second fresh portal, the cycle started as the team starts (seed bench-team): page wait
 *      during the cycle against A (one run, the same pages, both cold);
 *   D. the second portal once the cycle has finished (seed bench-team-morning): the morning after,
 *      against A (cold) and against B (what a second pass gets without the cycle).
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

export interface WatchCycleResult {
  firms: number;
  sections: string[];
  sandboxLimit: Budget;
  portalBudget: Budget & { marginMs: number; interactiveReserve: number };
  backgroundShare: Budget;
  lanes: number;
  cycle: {
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
  };
  /** At the register, over the whole cycle and the team browsing beside it. */
  rateLimited: number;
  /** The most requests the register saw in any rolling window of its limit (1 s). */
  maxInWindow: number;
  teams: { baseline: TeamResult; secondPass: TeamResult; duringCycle: TeamResult; morningAfter: TeamResult };
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
  const sandbox: RunningSandbox = await startSandbox({ ...ctx.sandboxSettings, port: 0, host: '127.0.0.1', rateLimit: sandboxLimit, blockSeconds: 6, accounts: [account] });
  const lanes = 4;
  const env: Record<string, string> = {
    FSR_API_BASE_URL: sandbox.baseUrl,
    FSR_API_EMAIL: account.email,
    FSR_API_KEY: account.key,
    // A tenth of the real 45/10, 250 ms margin and 60 s block.
    FSR_RATE_BUDGET: '45/1',
    FSR_RATE_MARGIN_MS: '25',
    FSR_RATE_BLOCK_SECONDS: '6',
    // The sandbox's latency is not scaled: more checks in flight keep the pacer's slots filled.
    BACKGROUND_LANES: String(lanes),
    BACKGROUND_POLL_MS: '250',
    // The scenario starts its own cycle; a nightly one must not join it.
    WATCH_NIGHTLY: 'off',
  };
  const config = loadRegisterConfig({ ...process.env, ...env });
  const portalBudget = { requests: config.rate.limit, seconds: config.rate.windowMs / 1000, marginMs: config.rate.marginMs, interactiveReserve: config.rate.interactiveReserve };
  const backgroundShare: Budget = { requests: config.rate.limit - config.rate.interactiveReserve, seconds: (config.rate.windowMs + config.rate.marginMs) / 1000 };
  const refs = watchedFirms(sandbox.options, ctx.firmCount);
  const team = (portal: BenchPortal, seed: string, keepSandboxCounters = false) =>
    runTeam({ sandbox, baseUrls: [portal.baseUrl], sessions: portal.sessions, portalAccount: account, seconds: ctx.teamSeconds, seed, log: ctx.log, keepSandboxCounters });

  let portal: BenchPortal | undefined;
  try {
    ctx.log('  A/B: a fresh portal, no cycle: the team cold, then a second pass');
    portal = await startBenchPortal({ env, staff: ctx.staff });
    const baseline = await team(portal, 'bench-team');
    const secondPass = await team(portal, 'bench-team-morning');
    await portal.stop();
    portal = undefined;

    ctx.log(`  C: a fresh portal watching ${refs.length} firms (${WATCH_CYCLE_SECTIONS.length} sections each); the cycle starts with the team`);
    portal = await startBenchPortal({ env, staff: ctx.staff });
    const handle = openDb({ dialect: 'sqlite', file: path.join(portal.instance.dataDir, 'portal.db') });
    try {
      const at = isoNow();
      await handle.db
        .insertInto('watchlists')
        .values({ id: 'bench-watch', name: 'Bench counterparties', owner_email: 'staff01@bench.example', sections: JSON.stringify({ firm: WATCH_CYCLE_SECTIONS, individual: ['record'], fund: ['record'] }), created_at: at, updated_at: at })
        .execute();
      for (let i = 0; i < refs.length; i += 200) {
        await handle.db
          .insertInto('watchlist_entries')
          .values(refs.slice(i, i + 200).map((ref) => ({ watchlist_id: 'bench-watch', kind: 'firm' as const, ref, name: null, added_by: 'staff01@bench.example', added_at: at })))
          .execute();
      }
      sandbox.reset();
      const started = await startCycle(handle.db, { trigger: 'manual', scope: 'all', requestedBy: 'bench' });
      // The sandbox counts the cycle and the team together from here to the cycle's end (the team's own upstream figures in this phase include the cycle's).
      const duringCycle = await team(portal, 'bench-team', true);
      ctx.log('  waiting for the cycle to finish…');
      let cycleRow = await handle.db.selectFrom('watch_cycles').selectAll().where('id', '=', started.cycleId).executeTakeFirstOrThrow();
      while (!cycleRow.finished_at) {
        await new Promise((r) => setTimeout(r, 1000));
        cycleRow = await handle.db.selectFrom('watch_cycles').selectAll().where('id', '=', started.cycleId).executeTakeFirstOrThrow();
      }
      const atCycleEnd = sandbox.stats()[account.email];
      const totals = await handle.db
        .selectFrom('watch_checks')
        .select((eb) => [eb.fn.countAll<number>().as('checks'), eb.fn.sum<number>('request_count').as('requests'), eb.fn.sum<number>('sections_not_checked').as('not_checked')])
        .where('cycle_id', '=', started.cycleId)
        .executeTakeFirstOrThrow();
      const failedJobs = await handle.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('job_group', '=', started.cycleId).where('state', '=', 'failed').executeTakeFirstOrThrow();
      const seconds = (Date.parse(cycleRow.finished_at) - Date.parse(cycleRow.created_at)) / 1000;
      const requests = Number(totals.requests ?? 0);
      const boundAtBackgroundShare = budgetBoundSeconds(requests, backgroundShare);
      ctx.log(`  cycle: ${Number(totals.checks)} checks, ${requests} register requests in ${seconds.toFixed(0)} s (bound at the background share ${boundAtBackgroundShare.toFixed(0)} s)`);

      ctx.log('  D: the morning after, on the portal that ran the cycle');
      const morningAfter = await team(portal, 'bench-team-morning');
      return {
        firms: refs.length,
        sections: [...WATCH_CYCLE_SECTIONS],
        sandboxLimit,
        portalBudget,
        backgroundShare,
        lanes,
        cycle: {
          seconds,
          checks: Number(totals.checks),
          requests,
          estimatedRequests: started.estimatedRequests,
          notChecked: Number(totals.not_checked ?? 0),
          failedJobs: Number(failedJobs.n),
          boundAtBackgroundShare,
          ratioToBackgroundBound: ratioToBound(seconds, boundAtBackgroundShare),
          boundAtRegisterLimit: budgetBoundSeconds(requests, sandboxLimit),
          requestsPerSecond: requests / seconds,
        },
        rateLimited: atCycleEnd?.rateLimited ?? 0,
        maxInWindow: atCycleEnd?.maxInWindow ?? 0,
        teams: { baseline, secondPass, duringCycle, morningAfter },
        p95Ratio: duringCycle.total.p95 / baseline.total.p95,
      };
    } finally {
      await handle.close();
    }
  } finally {
    await portal?.stop();
    await sandbox.close();
  }
}
