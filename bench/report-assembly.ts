/**
 * How much of the register a printable firm report costs, and how long it takes to assemble:
 * upstream requests (counted by the sandbox itself), most requests in any rolling 10 s, 429s, and
 * wall-clock time, for the largest showcase firm (the network principal, 1,500+ appointed
 * representatives) and the bank (every passport country and requirement), cold (empty portal
 * cache) and warm (the same report again straight after).
 *
 *   npx tsx bench/report-assembly.ts                      # live-like latency (sandbox default, 150-450 ms)
 *   SANDBOX_LATENCY_MS=50-150 npx tsx bench/report-assembly.ts
 *
 * The sandbox runs with the register's real limit (50 per 10 s, 60 s block) and the client with
 * its default budget, exactly as the portal does. Figures are printed, never asserted.
 */
import { assembleFirmReport } from '@/lib/report/assemble-firm-report';
import { reportGaps } from '@/lib/report/firm-report-data';
import { DEFAULT_REPORT_LIMITS } from '@/lib/report/limits';
import { loadRegisterConfig } from '@/lib/register/load-config';
import { createRegisterClient } from '@/lib/register/register-client';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { sandboxOptionsFromEnv } from '@/sandbox/config';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';

const ACCOUNT = { email: 'sandbox@example.com', key: 'sandbox-key' };

export interface AssemblyRun {
  firm: string;
  frn: string;
  run: 'cold' | 'warm';
  seconds: number;
  upstream: number;
  pagesRead: number;
  cached: number;
  maxIn10s: number;
  rateLimited: number;
  complete: boolean;
}

export const REPORT_FIRMS = [
  { label: `network principal ${SHOWCASE.networkPrincipalFrn}`, frn: SHOWCASE.networkPrincipalFrn },
  { label: `bank ${SHOWCASE.bankFrn}`, frn: SHOWCASE.bankFrn },
] as const;

/**
 * Assembles each firm's report cold then warm through a register client of its own (default
 * budget, as the portal runs), against a running sandbox and one of its accounts. The sandbox's
 * stats are reset before each run, so `upstream` is that run's requests alone. `npm run bench`
 * calls this for its cold-report scenario.
 */
export async function measureReportAssembly(
  sandbox: RunningSandbox,
  account: { email: string; key: string },
  firms: ReadonlyArray<{ label: string; frn: string }> = REPORT_FIRMS,
  env: Record<string, string | undefined> = {},
): Promise<AssemblyRun[]> {
  const runs: AssemblyRun[] = [];
  for (const { label, frn } of firms) {
    // A fresh client per firm: its cache starts empty, as after a portal restart.
    const client = createRegisterClient({ config: loadRegisterConfig({ ...env, FSR_API_BASE_URL: sandbox.baseUrl, FSR_API_EMAIL: account.email, FSR_API_KEY: account.key }) });
    try {
      for (const run of ['cold', 'warm'] as const) {
        sandbox.reset();
        const started = performance.now();
        const { data, stats } = await assembleFirmReport(client, {
          frn,
          generatedBy: { email: 'bench@example.com', name: 'Bench' },
          source: 'sandbox',
          maxPages: DEFAULT_REPORT_LIMITS.reportMaxPages,
          maxDetails: DEFAULT_REPORT_LIMITS.reportMaxDetails,
        });
        const seconds = (performance.now() - started) / 1000;
        const user = sandbox.stats()[account.email];
        const gaps = reportGaps(data);
        runs.push({
          firm: label,
          frn,
          run,
          seconds,
          upstream: user?.requests ?? 0,
          pagesRead: stats.pages,
          cached: stats.cachedPages,
          maxIn10s: user?.maxInWindow ?? 0,
          rateLimited: user?.rateLimited ?? 0,
          complete: gaps.failed.length === 0 && gaps.truncated.length === 0 && !gaps.detailsCut,
        });
      }
    } finally {
      client.close();
    }
  }
  return runs;
}

async function main(): Promise<void> {
  const options = sandboxOptionsFromEnv(process.env);
  const sandbox = await startSandbox({ ...options, port: 0, accounts: [ACCOUNT] });
  console.log(
    `Sandbox: latency ${options.latency.min}-${options.latency.max} ms, limit ${options.rateLimit === 'off' ? 'off' : `${options.rateLimit.requests}/${options.rateLimit.seconds} s`}`,
  );
  let runs: AssemblyRun[];
  try {
    runs = await measureReportAssembly(sandbox, ACCOUNT);
  } finally {
    await sandbox.close();
  }
  console.table(
    runs.map((r) => ({
      firm: r.firm,
      run: r.run,
      'assembly (s)': r.seconds.toFixed(2),
      'upstream requests': r.upstream,
      'pages read': r.pagesRead,
      'from cache': r.cached,
      'max in 10 s': r.maxIn10s,
      '429s': r.rateLimited,
      complete: r.complete ? 'yes' : 'NO',
    })),
  );
}

// Run directly (npx tsx bench/report-assembly.ts); imported by bench/run.ts for its first scenario.
if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
