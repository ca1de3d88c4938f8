/**
 * `npm run bench`: how close the portal runs to the register's limit, against naive clients, in
 * one run on this machine. Starts the sandbox register (live-like latency, the real 50/10 limit
 * and 60 s block), builds the portal's production bundle into its own folder when it is missing
 * or stale, starts fresh portal processes on free ports with signed-in staff, runs the scenarios,
 * writes bench/results/latest.json and latest.md, and prints the tables. Figures only: nothing is
 * asserted, because timings belong to the machine they were measured on.
 *
 *   npm run bench                    # every scenario (scenario 5 needs REDIS_URL)
 *   npm run bench -- --quick         # a shorter smoke run of the whole harness
 *   npm run bench -- --only=1,2      # some scenarios
 *
 * Scenario 5 is skipped with a note until REDIS_URL and the scale-out pieces are there.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadRegisterConfig } from '@/lib/register/load-config';
import { issueToken } from '@/lib/tokens/token-admin';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { sandboxOptionsFromEnv } from '@/sandbox/config';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { BENCH_USAGE, BenchOptionsError, benchDistDir, parseBenchArgs, type BenchOptions } from './bench-options';
import { startBenchPortal, type BenchPortal } from './bench-portal';
import { type BenchResults, renderMarkdown } from './bench-results';
import type { Budget } from './budget-bound';
import { ensureBuild } from './ensure-build';
import { REPORT_FIRMS } from './report-assembly';
import { runBulk } from './scenario-bulk';
import { runColdReport } from './scenario-cold-report';
import { runFairShare } from './scenario-fair-share';
import { runNaiveBaselines } from './scenario-naive-baselines';
import { runPrincipals } from './scenario-principals';
import { runScaleOut, scaleOutMissing } from './scenario-scale-out';
import { runScreening } from './scenario-screening';
import { runTeam } from './scenario-team';
import { runWarmPages } from './scenario-warm-pages';
import { runWatchCycle } from './scenario-watch-cycle';

const ROOT = path.resolve(__dirname, '..');
const RESULTS_DIR = path.join(__dirname, 'results');

const log = (line: string) => console.log(line);

/** Durations per mode; the full run stays well inside 15 minutes on a 2-core machine. */
function plan(options: BenchOptions) {
  return options.quick
    ? { firms: REPORT_FIRMS.filter((f) => f.frn === SHOWCASE.bankFrn), warmSeconds: 10, teamSeconds: 30, giveUpMs: 180_000, bulkRows: 200, watchedFirms: 300 }
    : { firms: REPORT_FIRMS, warmSeconds: 30, teamSeconds: 120, giveUpMs: 300_000, bulkRows: 1000, watchedFirms: 2000 };
}

const WARM_CLIENTS = 10;
const TEAM_STAFF = 20;

async function main(): Promise<void> {
  const started = performance.now();
  let options: BenchOptions;
  let distDir: string;
  try {
    options = parseBenchArgs(process.argv.slice(2));
    distDir = benchDistDir(process.env);
  } catch (error) {
    if (error instanceof BenchOptionsError) {
      console.error(`✖ ${error.message}\n\n${BENCH_USAGE}`);
      process.exit(2);
    }
    throw error;
  }
  if (options.help) {
    console.log(BENCH_USAGE);
    return;
  }
  const { firms, warmSeconds, teamSeconds, giveUpMs, bulkRows, watchedFirms } = plan(options);
  const want = (n: number) => options.only.has(n as never);

  // The portals started here must use only what the benchmark gives them: its build, a fresh
  // in-memory cache and SQLite state of their own. Scale-out settings are kept for scenario 5.
  const redisUrl = process.env.REDIS_URL?.trim() || undefined;
  delete process.env.REDIS_URL;
  delete process.env.DATABASE_URL;
  delete process.env.E2E_AUTH_DIST_DIR;
  process.env.NEXT_DIST_DIR = distDir;

  const sandboxSettings = sandboxOptionsFromEnv(process.env);
  // A unique account per run keeps shared stores (Redis in scenario 5) apart from other runs.
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const portalAccount = { email: `portal-${runId}@bench.example`, key: `portal-${runId}` };
  const assemblyAccount = { email: `assembly-${runId}@bench.example`, key: `assembly-${runId}` };
  const naiveAccounts = new Map<string, { email: string; key: string }>(
    firms.flatMap(({ frn }) =>
      (['sequential', 'parallel'] as const).map(
        (client) => [`${client}:${frn}`, { email: `naive-${client}-${frn}-${runId}@bench.example`, key: `naive-${client}-${frn}` }] as const,
      ),
    ),
  );

  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    flags: { quick: options.quick, only: [...options.only].sort() },
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown', node: process.version, platform: `${os.platform()} ${os.release()}` },
    build: { distDir, built: false, seconds: 0 },
    sandbox: {
      latencyMs: sandboxSettings.latency,
      rateLimit: sandboxSettings.rateLimit,
      blockSeconds: sandboxSettings.blockSeconds,
    },
    portalBudget: { requests: 0, seconds: 0, marginMs: 0, interactiveReserve: 0 },
    reportPacing: { requests: 0, seconds: 0 },
    boundFormula: '',
    scenarios: {},
    skipped: [],
  };

  const needsPortal = want(1) || want(3) || want(4) || want(5) || want(6) || want(7) || want(8) || want(10);
  if (needsPortal) {
    results.build = ensureBuild(distDir, log);
  }

  log(
    `Starting the sandbox register (latency ${sandboxSettings.latency.min}-${sandboxSettings.latency.max} ms, limit ${sandboxSettings.rateLimit === 'off' ? 'off' : `${sandboxSettings.rateLimit.requests}/${sandboxSettings.rateLimit.seconds} s`}, block ${sandboxSettings.blockSeconds} s)…`,
  );
  const sandbox: RunningSandbox = await startSandbox({
    ...sandboxSettings,
    port: 0,
    host: '127.0.0.1',
    accounts: [portalAccount, assemblyAccount, ...naiveAccounts.values()],
  });
  const portalEnv: Record<string, string> = { FSR_API_BASE_URL: sandbox.baseUrl, FSR_API_EMAIL: portalAccount.email, FSR_API_KEY: portalAccount.key };
  // The portal's budget as the portal itself reads it (FSR_RATE_BUDGET, default 45/10).
  const portalConfig = loadRegisterConfig({ ...process.env, ...portalEnv });
  const portalBudget: Budget = { requests: portalConfig.rate.limit, seconds: portalConfig.rate.windowMs / 1000 };
  // Report calls may not take the interactive reserve, and a slot is held one window plus the
  // margin after its answer: the pacing a cold report actually gets.
  const reportPacing: Budget = {
    requests: portalConfig.rate.limit - (portalConfig.rate.interactiveReserve ?? 0),
    seconds: (portalConfig.rate.windowMs + portalConfig.rate.marginMs) / 1000,
  };
  results.portalBudget = { ...portalBudget, marginMs: portalConfig.rate.marginMs, interactiveReserve: portalConfig.rate.interactiveReserve ?? 0 };
  results.reportPacing = reportPacing;
  const registerBudget: Budget = sandboxSettings.rateLimit === 'off' ? portalBudget : sandboxSettings.rateLimit;
  results.boundFormula =
    `with at most B requests in any rolling W s, N calls need at least floor((N − 1) / B) × W s from the first send to the last ` +
    `(request k, counting from 0, cannot go before floor(k / B) windows have passed); the last answer's round trip and calls that wait on earlier answers come on top. ` +
    `Computed with the register's ${registerBudget.requests}/${registerBudget.seconds} s, the portal's own budget ${portalBudget.requests}/${portalBudget.seconds} s, ` +
    `and the pacing report calls get (${reportPacing.requests}/${reportPacing.seconds} s: the budget less the interactive reserve, each slot held one window plus the margin); wall ÷ bound is how far above it a run is.`;

  const portals: BenchPortal[] = [];
  const stopPortal = async (p: BenchPortal) => {
    await p.stop();
    portals.splice(portals.indexOf(p), 1);
  };
  try {
    if (want(1) || want(3)) {
      log('Starting a fresh portal (empty cache) for scenarios 1 and 3…');
      const portal = await startBenchPortal({ env: portalEnv, staff: WARM_CLIENTS });
      portals.push(portal);
      if (want(1)) {
        log('Scenario 1: cold firm report');
        results.scenarios.coldReport = await runColdReport({
          sandbox,
          portal,
          portalAccount,
          assemblyAccount,
          firms,
          registerBudget,
          portalBudget,
          reportPacing,
          env: { ...process.env, ...portalEnv },
          log,
        });
      }
      if (want(3)) {
        log(`Scenario 3: warm pages, ${WARM_CLIENTS} concurrent clients for ${warmSeconds} s`);
        results.scenarios.warmPages = await runWarmPages({ sandbox, portal, portalAccount, clients: WARM_CLIENTS, seconds: warmSeconds, log });
      }
      await stopPortal(portal);
    }

    if (want(2)) {
      log('Scenario 2: naive clients fetching the same data (side by side, one sandbox account each)');
      const rows = await runNaiveBaselines({ sandbox, firms, accountFor: (client, frn) => naiveAccounts.get(`${client}:${frn}`)!, giveUpMs, log });
      results.scenarios.naiveBaselines = rows.map((row) => {
        const portalCold = results.scenarios.coldReport?.find((c) => c.frn === row.frn && c.via === 'portal page' && c.run === 'cold');
        return {
          ...row,
          portalSeconds: portalCold?.seconds,
          portalUpstream: portalCold?.upstream,
          timeRatio: portalCold && row.complete ? row.seconds / portalCold.seconds : undefined,
          requestRatio: portalCold && portalCold.upstream > 0 ? row.requests / portalCold.upstream : undefined,
        };
      });
    }

    if (want(4)) {
      log(`Scenario 4: ${TEAM_STAFF} staff browsing for ${teamSeconds} s on a fresh portal`);
      const portal = await startBenchPortal({ env: portalEnv, staff: TEAM_STAFF });
      portals.push(portal);
      // Prometheus's view of the run beside the bench's own count: a token with the metrics scope.
      const scraper = await portal.instance.withDb((db) =>
        issueToken(db, { id: null, email: 'cli:bench', via: 'cli' }, { name: 'bench scraper', scopes: ['metrics'], ceiling: { requests: 600, seconds: 60 } }),
      );
      results.scenarios.team = await runTeam({
        sandbox,
        baseUrls: [portal.baseUrl],
        sessions: portal.sessions,
        portalAccount,
        seconds: teamSeconds,
        seed: 'bench-team',
        log,
        metricsAuthorization: `Bearer ${scraper.token.id}.${scraper.secret}`,
      });
      await stopPortal(portal);
    }

    if (want(5)) {
      const missing = scaleOutMissing(ROOT, redisUrl);
      if (missing) {
        log(`Scenario 5 skipped: ${missing}`);
        results.skipped.push({ scenario: 5, reason: missing });
      } else {
        log(`Scenario 5: ${TEAM_STAFF} staff browsing for ${teamSeconds} s across three instances sharing Redis`);
        results.scenarios.teamScaledOut = await runScaleOut({
          root: ROOT,
          redisUrl: redisUrl!,
          distDir,
          runId,
          sandbox,
          portalEnv,
          portalAccount,
          staff: TEAM_STAFF,
          seconds: teamSeconds,
          log,
        });
      }
    }

    if (want(6)) {
      log(`Scenario 6: a bulk check of ${bulkRows} FRNs (status only) beside ${TEAM_STAFF} staff browsing, against the same staff alone`);
      results.scenarios.bulk = await runBulk({
        sandbox,
        portalEnv,
        portalAccount,
        rows: bulkRows,
        staff: TEAM_STAFF,
        teamSeconds,
        // Background calls may not take the interactive reserve, and hold a slot one window plus the margin, as report calls do.
        budgetShare: reportPacing,
        giveUpMs: giveUpMs * 4,
        log,
      });
    }

    if (want(7)) {
      log(
        `Scenario 7: a watch cycle of ${watchedFirms} firms on a time-scaled register (50/1 s, portal 45/1 s), ${TEAM_STAFF} staff browsing for ${teamSeconds} s before, during and after it`,
      );
      results.scenarios.watchCycle = await runWatchCycle({ sandboxSettings, firmCount: watchedFirms, staff: TEAM_STAFF, teamSeconds, runId, log });
    }

    if (want(8)) {
      const seconds = Math.round(teamSeconds / 2);
      log(`Scenario 8: ${TEAM_STAFF} staff browsing for ${seconds} s alone, beside 20 programs flooding the register API, and beside 5 people looping Refresh`);
      results.scenarios.fairShare = await runFairShare({ sandbox, portalEnv, portalAccount, staff: TEAM_STAFF, seconds, distDir, root: ROOT, log });
    }

    if (want(9)) {
      log('Scenario 9: screening quality, the labelled set and a generated held-out set through the bulk check (a sandbox of its own, no latency, no limit)');
      results.scenarios.screening = await runScreening({ log });
    }

    if (want(10)) {
      log(
        `Scenario 10: the network principal's AR book reconciled with the register (every page, past the cache) beside ${TEAM_STAFF} staff browsing, against the same staff alone`,
      );
      results.scenarios.principals = await runPrincipals({
        sandbox,
        portalEnv,
        portalAccount,
        staff: TEAM_STAFF,
        teamSeconds,
        // The check's reads are background work: no interactive reserve, each slot held one window plus the margin.
        budgetShare: reportPacing,
        giveUpMs: giveUpMs * 2,
        // 714 ARs at 4 requests each at the background share take about 12 minutes.
        enrichmentGiveUpMs: 40 * 60_000,
        workspaceReads: options.quick ? 20 : 100,
        log,
      });
    }
  } catch (error) {
    // Keep what the finished scenarios measured: write the results, then fail the command.
    results.stoppedEarly = (error as Error).message;
    console.error(`\n✖ ${(error as Error).stack ?? String(error)}`);
    process.exitCode = 1;
  } finally {
    for (const p of [...portals]) await p.stop().catch(() => undefined);
    await sandbox.close();
  }

  results.finishedAt = new Date().toISOString();
  results.runSeconds = (performance.now() - started) / 1000;
  const markdown = renderMarkdown(results);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(RESULTS_DIR, 'latest.md'), markdown);
  console.log(`\n${markdown}`);
  console.log(`Written: ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'latest.json'))} and latest.md (${results.runSeconds.toFixed(0)} s in all).`);
}

main().catch((error) => {
  console.error(`\n✖ ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
