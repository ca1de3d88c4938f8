/**
 * Scenario 10: a principal's appointed representatives reconciled with the register beside a team.
 *
 * First the check alone on a fresh portal (nobody browsing): its time against the bound at
 * background work's share. Then two fresh portals (empty caches) run the same seeded team browsing for the same time: the first
 * with nothing else to do, the second with the network principal (the sandbox's largest AR list)
 * added, its AR book uploaded (built from the sandbox's own dataset, so the findings are few) and
 * "Check now" pressed just after the team starts, through the principals API as an analyst would.
 * The check reads every page of the principal's current and previous ARs past the cache at
 * background priority. Reported: the check's wall time (its row's created to finished, as the
 * portal recorded them) against the budget bound at background work's share for the requests it
 * recorded, the register's 429s (the sandbox's count), the team's page-wait p95 with the check
 * against without it, and then the workspace page (`/principals/{frn}`, stored data only) read
 * sequentially: its last-byte p50 and p95. On the first portal, after the check alone, each current
 * AR's own standing is read (the pass "Read standings now" starts: one job per AR, idle priority,
 * past the cache), timed against the bound at the same share, and the workspace read again with
 * every AR's standing stored.
 */
import type { RunningSandbox } from '@/sandbox/server';
import { buildDataset } from '@/sandbox/dataset/generate';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { budgetBoundSeconds, ratioToBound, type Budget } from './budget-bound';
import { startBenchPortal, type BenchPortal } from './bench-portal';
import { percentile } from './percentiles';
import { runTeam, type TeamResult } from './scenario-team';

export interface PrincipalsScenarioResult {
  frn: string;
  bookRows: number;
  /** AR rows the check read (current and previous) and the pages it took. */
  current: number;
  previous: number;
  pages: number;
  /** Requests the check recorded (live answers only). */
  requests: number;
  wallSeconds: number;
  budgetShare: Budget;
  boundSeconds: number;
  ratioToBound?: number;
  findings: number;
  /** The same check on a fresh portal with nobody browsing: its wall time and ratio to the same bound. */
  alone: { wallSeconds: number; requests: number; boundSeconds: number; ratioToBound?: number; rateLimited: number };
  /**
   * After the check alone, on the same portal: each current AR's own standing read (one job per AR,
   * idle priority, past the cache): the pass's wall time (its row's created to finished) against the
   * bound at the same share for the requests it recorded, 429s during it, and the workspace page
   * read afterwards with every AR's standing stored.
   */
  enrichment: {
    ars: number;
    done: number;
    failed: number;
    requests: number;
    wallSeconds: number;
    boundSeconds: number;
    ratioToBound?: number;
    rateLimited: number;
    blocks: number;
    maxIn10s: number;
    /**
     * Every call the key made while the pass ran (the pass's and, beside a team, the team's) and
     * the bound at the same share for that many: whether the key's budget was kept full, whoever
     * used it.
     */
    keyRequests: number;
    keyBoundSeconds: number;
    keyRatioToBound?: number;
    levels: Record<string, number>;
    findings: Record<string, number>;
    workspace: { reads: number; p50: number; p95: number; bytes: number };
  };
  upstream: number;
  rateLimited: number;
  blocks: number;
  maxIn10s: number;
  teamWithout: TeamResult;
  teamWith: TeamResult;
  /**
   * The standing pass again on a fresh portal (after an untimed check), with the same team browsing
   * for its first `teamSeconds`: the pass's time against the bound with the team beside it, and the
   * team's page wait against the team alone (`teamWithout`).
   */
  enrichmentBesideTeam?: { pass: PrincipalsScenarioResult['enrichment']; team: TeamResult; p95Ratio: number; p50Ratio: number };
  p95Ratio: number;
  p50Ratio: number;
  workspace: { reads: number; p50: number; p95: number; bytes: number };
}

/** The principal's book as its own register of ARs: every appointment the sandbox holds for it, with dates in UK form. */
export function principalBookCsv(sandbox: RunningSandbox, frn: string): { csv: string; rows: number } {
  const dataset = buildDataset(sandbox.options.seed, { firms: sandbox.options.firms, individuals: sandbox.options.individuals, funds: sandbox.options.funds });
  const principal = dataset.firms.get(frn);
  const links = principal ? [...principal.representatives.current, ...principal.representatives.previous] : [];
  if (links.length === 0) throw new Error(`The sandbox has no appointed representatives under ${frn}.`);
  const q = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = links.map((l) => [l.arFrn, dataset.firms.get(l.arFrn)?.name ?? '', l.subType, l.effective, l.termination ?? '', l.tiedAgent ? 'Yes' : 'No'].map(q).join(','));
  return { csv: ['AR FRN,AR name,Type,Date appointed,Date terminated,Tied agent', ...lines].join('\n'), rows: links.length };
}

async function call(portal: BenchPortal, path: string, init: RequestInit & { expect: number }): Promise<unknown> {
  const res = await fetch(`${portal.baseUrl}${path}`, {
    ...init,
    headers: { cookie: portal.sessions[0], accept: 'application/json', origin: portal.baseUrl, ...(init.headers ?? {}) },
  });
  if (res.status !== init.expect) throw new Error(`${init.method ?? 'GET'} ${path} answered HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

async function startCheck(portal: BenchPortal, frn: string, book: string): Promise<string> {
  const added = await fetch(`${portal.baseUrl}/api/principals`, {
    method: 'POST',
    body: JSON.stringify({ frn }),
    headers: { cookie: portal.sessions[0], accept: 'application/json', 'content-type': 'application/json', origin: portal.baseUrl },
  });
  if (added.status !== 201 && added.status !== 200) throw new Error(`Adding the principal answered HTTP ${added.status}: ${(await added.text()).slice(0, 300)}`);
  const form = new FormData();
  form.set('file', new File([book], 'ar-book.csv', { type: 'text/csv' }));
  await call(portal, `/api/principals/${frn}/book`, { method: 'POST', body: form, expect: 201 });
  const started = (await call(portal, `/api/principals/${frn}/check`, { method: 'POST', expect: 202 })) as { cycleId: string };
  return started.cycleId;
}

async function waitForCheck(portal: BenchPortal, checkId: string, giveUpMs: number) {
  const deadline = Date.now() + giveUpMs;
  for (;;) {
    const progress = (await call(portal, `/api/watch/cycles/${checkId}`, { expect: 200 })) as { finished: boolean };
    if (progress.finished) break;
    if (Date.now() > deadline) throw new Error(`The principal's check had not finished after ${giveUpMs / 1000} s.`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const check = await portal.instance.withDb((db) => db.selectFrom('principal_checks').selectAll().where('id', '=', checkId).executeTakeFirstOrThrow());
  if (check.outcome !== 'ok') throw new Error(`The principal's check ended ${check.outcome}: ${check.message ?? ''}`);
  return { check, wallSeconds: (Date.parse(check.finished_at!) - Date.parse(check.created_at)) / 1000 };
}

type Enrichment = PrincipalsScenarioResult['enrichment'];

/**
 * Starts the standing pass of every current AR and waits for it. `beside`, when given, starts just
 * after the pass (a team browsing on the same portal, leaving the sandbox's counters alone), so the
 * 429s counted cover both loads.
 */
async function runEnrichment<T>(
  ctx: { sandbox: RunningSandbox; portalAccount: { email: string }; budgetShare: Budget; giveUpMs: number; workspaceReads: number; log: (line: string) => void },
  portal: BenchPortal,
  frn: string,
  beside?: () => Promise<T>,
): Promise<{ enrichment: Enrichment; besideResult?: T }> {
  const before = ctx.sandbox.stats()[ctx.portalAccount.email] ?? { requests: 0, rateLimited: 0, blocks: 0, maxInWindow: 0 };
  const started = (await call(portal, `/api/principals/${frn}/standings`, { method: 'POST', expect: 202 })) as { passId: string; total: number };
  ctx.log(`  each AR's own standing: ${started.total} current ARs at the idle share (bound about ${budgetBoundSeconds(started.total * 4, ctx.budgetShare)} s)`);
  let besideResult: T | undefined;
  if (beside) besideResult = await beside();
  const deadline = Date.now() + ctx.giveUpMs;
  for (;;) {
    const progress = (await call(portal, `/api/principals/${frn}/standings`, { expect: 200 })) as { pass: { id: string; finished: boolean; done: number } | null };
    if (progress.pass?.id === started.passId && progress.pass.finished) break;
    if (Date.now() > deadline) throw new Error(`The standing pass had not finished after ${ctx.giveUpMs / 1000} s (${progress.pass?.done ?? 0} of ${started.total}).`);
    await new Promise((r) => setTimeout(r, 2000));
  }
  const pass = await portal.instance.withDb((db) => db.selectFrom('principal_standing_passes').selectAll().where('id', '=', started.passId).executeTakeFirstOrThrow());
  const after = ctx.sandbox.stats()[ctx.portalAccount.email] ?? before;
  const wallSeconds = (Date.parse(pass.finished_at!) - Date.parse(pass.created_at)) / 1000;
  const requests = Number(pass.request_count);
  const boundSeconds = budgetBoundSeconds(requests, ctx.budgetShare);
  const levels = await portal.instance.withDb(async (db) => {
    const rows = await db.selectFrom('principal_ar_standings').select('level').where('principal_frn', '=', frn).execute();
    return rows.reduce<Record<string, number>>((n, r) => ({ ...n, [r.level]: (n[r.level] ?? 0) + 1 }), {});
  });
  const findings = await portal.instance.withDb(async (db) => {
    const rows = await db.selectFrom('principal_findings').select('kind').where('principal_frn', '=', frn).where('closed_at', 'is', null).execute();
    return rows.reduce<Record<string, number>>((n, r) => ({ ...n, [r.kind]: (n[r.kind] ?? 0) + 1 }), {});
  });
  const reads: number[] = [];
  let bytes = 0;
  await timedRead(portal, `/principals/${frn}`);
  for (let i = 0; i < ctx.workspaceReads; i++) {
    const r = await timedRead(portal, `/principals/${frn}`);
    reads.push(r.ms);
    bytes = r.bytes;
  }
  const sorted = [...reads].sort((a, b) => a - b);
  const result: Enrichment = {
    ars: Number(pass.total),
    done: Number(pass.done),
    failed: Number(pass.failed),
    requests,
    wallSeconds,
    boundSeconds,
    ratioToBound: ratioToBound(wallSeconds, boundSeconds),
    rateLimited: after.rateLimited - before.rateLimited,
    blocks: after.blocks - before.blocks,
    maxIn10s: after.maxInWindow,
    keyRequests: after.requests - before.requests,
    keyBoundSeconds: budgetBoundSeconds(after.requests - before.requests, ctx.budgetShare),
    keyRatioToBound: ratioToBound(wallSeconds, budgetBoundSeconds(after.requests - before.requests, ctx.budgetShare)),
    levels,
    findings,
    workspace: { reads: reads.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), bytes },
  };
  ctx.log(
    `  standing pass${beside ? ' (a team browsing beside it)' : ''}: ${result.done} of ${result.ars} ARs (${result.failed} failed), ${requests} requests in ${wallSeconds.toFixed(1)} s (bound ${boundSeconds} s, ${result.ratioToBound?.toFixed(2) ?? '—'}×), ${result.rateLimited} × 429, levels ${JSON.stringify(levels)}, open findings ${JSON.stringify(findings)}; workspace p50 ${result.workspace.p50.toFixed(0)} ms, p95 ${result.workspace.p95.toFixed(0)} ms`,
  );
  return { enrichment: result, besideResult };
}

async function timedRead(portal: BenchPortal, path: string): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(`${portal.baseUrl}${path}`, { headers: { cookie: portal.sessions[0] } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path} answered HTTP ${res.status}`);
  return { ms: performance.now() - t0, bytes: body.length };
}

export async function runPrincipals(ctx: {
  sandbox: RunningSandbox;
  portalEnv: Record<string, string>;
  portalAccount: { email: string };
  staff: number;
  teamSeconds: number;
  budgetShare: Budget;
  giveUpMs: number;
  /** How long the standing pass of every current AR may take before the run gives up. */
  enrichmentGiveUpMs: number;
  workspaceReads: number;
  log: (line: string) => void;
}): Promise<PrincipalsScenarioResult> {
  const frn = SHOWCASE.networkPrincipalFrn;
  const book = principalBookCsv(ctx.sandbox, frn);
  const teamOn = (on: BenchPortal) => ({
    sandbox: ctx.sandbox,
    baseUrls: [on.baseUrl],
    sessions: on.sessions,
    portalAccount: ctx.portalAccount,
    seconds: ctx.teamSeconds,
    seed: 'bench-principals-team',
    log: ctx.log,
  });

  ctx.log(`  the check alone: ${frn}'s AR book (${book.rows} rows) on a fresh portal with nobody browsing`);
  let alone: PrincipalsScenarioResult['alone'];
  let enrichment: PrincipalsScenarioResult['enrichment'];
  let portal = await startBenchPortal({ env: ctx.portalEnv, staff: 1 });
  try {
    ctx.sandbox.reset();
    const { check, wallSeconds } = await waitForCheck(portal, await startCheck(portal, frn, book.csv), ctx.giveUpMs);
    const boundSeconds = budgetBoundSeconds(Number(check.request_count), ctx.budgetShare);
    alone = {
      wallSeconds,
      requests: Number(check.request_count),
      boundSeconds,
      ratioToBound: ratioToBound(wallSeconds, boundSeconds),
      rateLimited: ctx.sandbox.stats()[ctx.portalAccount.email]?.rateLimited ?? 0,
    };
    ctx.log(`  alone: ${alone.requests} requests in ${wallSeconds.toFixed(1)} s (bound ${boundSeconds} s, ${alone.ratioToBound?.toFixed(2) ?? '—'}×), ${alone.rateLimited} × 429`);
    ({ enrichment } = await runEnrichment({ ...ctx, giveUpMs: ctx.enrichmentGiveUpMs }, portal, frn));
  } finally {
    await portal.stop();
  }

  ctx.log(`  without the check: ${ctx.staff} staff browsing for ${ctx.teamSeconds} s on a fresh portal`);
  portal = await startBenchPortal({ env: ctx.portalEnv, staff: ctx.staff });
  let teamWithout: TeamResult;
  try {
    teamWithout = await runTeam(teamOn(portal));
  } finally {
    await portal.stop();
  }

  ctx.log(`  with the check: the same staff for ${ctx.teamSeconds} s on a fresh portal, and ${frn}'s AR book (${book.rows} rows) reconciled with the register`);
  let result: PrincipalsScenarioResult;
  portal = await startBenchPortal({ env: ctx.portalEnv, staff: ctx.staff });
  try {
    // runTeam resets the sandbox's counters as it starts; the check starts just after.
    const team = runTeam(teamOn(portal));
    await new Promise((r) => setTimeout(r, 200));
    const checkId = await startCheck(portal, frn, book.csv);
    const teamWith = await team;
    const { check, wallSeconds } = await waitForCheck(portal, checkId, ctx.giveUpMs);
    const user = ctx.sandbox.stats()[ctx.portalAccount.email];
    const requests = Number(check.request_count);
    const boundSeconds = budgetBoundSeconds(requests, ctx.budgetShare);

    // The workspace from stored data: the same page read one after another.
    const reads: number[] = [];
    let bytes = 0;
    await timedRead(portal, `/principals/${frn}`); // the first read compiles nothing in production, but warms the process's caches
    for (let i = 0; i < ctx.workspaceReads; i++) {
      const r = await timedRead(portal, `/principals/${frn}`);
      reads.push(r.ms);
      bytes = r.bytes;
    }
    const sorted = [...reads].sort((a, b) => a - b);
    result = {
      frn,
      bookRows: book.rows,
      current: Number(check.current_count),
      previous: Number(check.previous_count),
      pages: Number(check.pages),
      requests,
      wallSeconds,
      budgetShare: ctx.budgetShare,
      boundSeconds,
      ratioToBound: ratioToBound(wallSeconds, boundSeconds),
      findings: Number(check.finding_count),
      alone,
      enrichment,
      upstream: user?.requests ?? 0,
      rateLimited: user?.rateLimited ?? 0,
      blocks: user?.blocks ?? 0,
      maxIn10s: user?.maxInWindow ?? 0,
      teamWithout,
      teamWith,
      p95Ratio: teamWith.total.p95 / teamWithout.total.p95,
      p50Ratio: teamWith.total.p50 / teamWithout.total.p50,
      workspace: { reads: reads.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), bytes },
    };
    ctx.log(
      `  check: ${result.current} current and ${result.previous} previous ARs, ${result.pages} pages, ${requests} requests in ${wallSeconds.toFixed(1)} s (bound ${boundSeconds} s at ${ctx.budgetShare.requests}/${ctx.budgetShare.seconds} s, ${result.ratioToBound?.toFixed(2) ?? '—'}×), ${result.findings} findings, ${result.rateLimited} × 429; team p95 ${teamWith.total.p95.toFixed(0)} ms with the check vs ${teamWithout.total.p95.toFixed(0)} ms without (${result.p95Ratio.toFixed(2)}×); workspace page p50 ${result.workspace.p50.toFixed(0)} ms, p95 ${result.workspace.p95.toFixed(0)} ms over ${reads.length} reads`,
    );
  } finally {
    await portal.stop();
  }

  ctx.log(
    `  the standing pass beside the team: a fresh portal reconciles ${frn} (not timed), then reads each current AR's standing while the same staff browse for ${ctx.teamSeconds} s`,
  );
  portal = await startBenchPortal({ env: ctx.portalEnv, staff: ctx.staff });
  try {
    ctx.sandbox.reset();
    await waitForCheck(portal, await startCheck(portal, frn, book.csv), ctx.giveUpMs);
    const { enrichment: pass, besideResult: team } = await runEnrichment({ ...ctx, giveUpMs: ctx.enrichmentGiveUpMs }, portal, frn, () =>
      runTeam({ ...teamOn(portal), keepSandboxCounters: true }),
    );
    const p95Ratio = team!.total.p95 / teamWithout.total.p95;
    const p50Ratio = team!.total.p50 / teamWithout.total.p50;
    result.enrichmentBesideTeam = { pass, team: team!, p95Ratio, p50Ratio };
    ctx.log(
      `  beside the team: the pass took ${pass.wallSeconds.toFixed(1)} s (bound ${pass.boundSeconds} s, ${pass.ratioToBound?.toFixed(2) ?? '—'}×), ${pass.rateLimited} × 429; team p95 ${team!.total.p95.toFixed(0)} ms beside the pass vs ${teamWithout.total.p95.toFixed(0)} ms alone (${p95Ratio.toFixed(2)}×)`,
    );
  } finally {
    await portal.stop();
  }
  return result;
}
