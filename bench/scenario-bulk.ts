/**
 * Scenario 6: a bulk check of N firms by FRN, status only (one register request a row), against
 * the sandbox with live-like latency and the real limit, while a team of staff browses, and the
 * same team on its own for comparison.
 *
 * Two fresh portals (empty caches) run the same seeded team browsing for the same time: the first
 * with nothing else to do, the second with the bulk check started just after the team. The bulk
 * check's rows are ordinary authorised firms outside the team's pool, so no cache is shared
 * between them. Reported: the bulk job's wall time (started to finished, from the portal's own
 * record) against the budget bound at bulk work's share (the budget less the interactive reserve,
 * each slot held one window plus the margin: what background calls get), the register's 429s (the
 * sandbox's count), and the team's page-wait p95 (last byte) with the job against without it.
 */
import type { RunningSandbox } from '@/sandbox/server';
import { buildDataset } from '@/sandbox/dataset/generate';
import { budgetBoundSeconds, ratioToBound, type Budget } from './budget-bound';
import { startBenchPortal, type BenchPortal } from './bench-portal';
import { runTeam, teamFirmPool, type TeamResult } from './scenario-team';

export interface BulkScenarioResult {
  rows: number;
  /** Seconds from the job's creation to its last row, as the portal recorded them. */
  wallSeconds: number;
  /** Requests the job's rows made (the portal's per-row count: live answers only). */
  requests: number;
  budgetShare: Budget;
  boundSeconds: number;
  ratioToBound?: number;
  outcomes: Record<string, number>;
  /** The register's answers over the phase with the job: all of the portal's requests, the job's and the team's. */
  upstream: number;
  rateLimited: number;
  blocks: number;
  maxIn10s: number;
  teamWithout: TeamResult;
  teamWith: TeamResult;
  /** Page-wait p95 (last byte) with the job ÷ without. */
  p95Ratio: number;
  p50Ratio: number;
}

/** FRNs of ordinary authorised firms the team never opens, in a fixed order. */
export function bulkFrns(sandbox: RunningSandbox, count: number): string[] {
  const pool = new Set(teamFirmPool(sandbox.options));
  const dataset = buildDataset(sandbox.options.seed, { firms: sandbox.options.firms, individuals: sandbox.options.individuals, funds: sandbox.options.funds });
  const frns = [...dataset.firms.values()]
    .filter((f) => f.kind === 'authorised' && !pool.has(f.frn))
    .map((f) => f.frn)
    .sort();
  if (frns.length < count) throw new Error(`The sandbox has only ${frns.length} firms outside the team's pool; the bulk scenario needs ${count}.`);
  return frns.slice(0, count);
}

async function startBulk(portal: BenchPortal, frns: string[]): Promise<string> {
  const form = new FormData();
  form.set('text', frns.join('\n'));
  form.set('mode', 'status');
  const res = await fetch(`${portal.baseUrl}/api/bulk`, { method: 'POST', body: form, headers: { cookie: portal.sessions[0], accept: 'application/json' } });
  if (res.status !== 201) throw new Error(`Starting the bulk check answered HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return ((await res.json()) as { id: string }).id;
}

export async function runBulk(ctx: {
  sandbox: RunningSandbox;
  portalEnv: Record<string, string>;
  portalAccount: { email: string };
  rows: number;
  staff: number;
  teamSeconds: number;
  budgetShare: Budget;
  giveUpMs: number;
  log: (line: string) => void;
}): Promise<BulkScenarioResult> {
  const frns = bulkFrns(ctx.sandbox, ctx.rows);
  // The same staff, doing the same things, on each fresh portal.
  const teamOn = (on: BenchPortal) => ({
    sandbox: ctx.sandbox,
    baseUrls: [on.baseUrl],
    sessions: on.sessions,
    portalAccount: ctx.portalAccount,
    seconds: ctx.teamSeconds,
    seed: 'bench-bulk-team',
    log: ctx.log,
  });

  ctx.log(`  without the job: ${ctx.staff} staff browsing for ${ctx.teamSeconds} s on a fresh portal`);
  let portal = await startBenchPortal({ env: ctx.portalEnv, staff: ctx.staff });
  let teamWithout: TeamResult;
  try {
    teamWithout = await runTeam(teamOn(portal));
  } finally {
    await portal.stop();
  }

  ctx.log(`  with the job: the same staff for ${ctx.teamSeconds} s on a fresh portal, and a bulk check of ${ctx.rows} FRNs (status only)`);
  portal = await startBenchPortal({ env: ctx.portalEnv, staff: ctx.staff });
  try {
    // runTeam resets the sandbox's counters as it starts; the job starts just after, so the
    // counters cover the job's whole run.
    const team = runTeam(teamOn(portal));
    await new Promise((r) => setTimeout(r, 200));
    const id = await startBulk(portal, frns);
    const teamWith = await team;
    const deadline = Date.now() + ctx.giveUpMs;
    let progress: {
      state: string;
      checked: number;
      createdAt: string;
      finishedAt: string | null;
      matched: number;
      notFound: number;
      failed: number;
      invalid: number;
      ambiguous: number;
    };
    for (;;) {
      progress = (await (await fetch(`${portal.baseUrl}/api/bulk/${id}`, { headers: { cookie: portal.sessions[0] } })).json()) as typeof progress;
      if (progress.state !== 'running') break;
      if (Date.now() > deadline) throw new Error(`The bulk check had ${progress.checked} of ${ctx.rows} rows after ${ctx.giveUpMs / 1000} s.`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const requests = await portal.instance.withDb(async (db) => {
      const row = await db
        .selectFrom('bulk_rows')
        .select((eb) => eb.fn.sum<number>('request_count').as('n'))
        .where('bulk_id', '=', id)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    });
    const user = ctx.sandbox.stats()[ctx.portalAccount.email];
    const wallSeconds = (Date.parse(progress.finishedAt!) - Date.parse(progress.createdAt)) / 1000;
    const boundSeconds = budgetBoundSeconds(requests, ctx.budgetShare);
    const result: BulkScenarioResult = {
      rows: ctx.rows,
      wallSeconds,
      requests,
      budgetShare: ctx.budgetShare,
      boundSeconds,
      ratioToBound: ratioToBound(wallSeconds, boundSeconds),
      outcomes: { matched: progress.matched, notFound: progress.notFound, registerError: progress.failed, invalid: progress.invalid, ambiguous: progress.ambiguous },
      upstream: user?.requests ?? 0,
      rateLimited: user?.rateLimited ?? 0,
      blocks: user?.blocks ?? 0,
      maxIn10s: user?.maxInWindow ?? 0,
      teamWithout,
      teamWith,
      p95Ratio: teamWith.total.p95 / teamWithout.total.p95,
      p50Ratio: teamWith.total.p50 / teamWithout.total.p50,
    };
    ctx.log(
      `  bulk: ${ctx.rows} rows in ${wallSeconds.toFixed(1)} s (${requests} requests; bound ${boundSeconds} s at ${ctx.budgetShare.requests}/${ctx.budgetShare.seconds} s, ${result.ratioToBound?.toFixed(2) ?? '—'}×), ${result.rateLimited} × 429; team p95 ${teamWith.total.p95.toFixed(0)} ms with the job vs ${teamWithout.total.p95.toFixed(0)} ms without (${result.p95Ratio.toFixed(2)}×)`,
    );
    return result;
  } finally {
    await portal.stop();
  }
}
