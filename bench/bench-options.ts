/**
 * Command-line flags of `npm run bench`. Unknown or malformed flags stop the run with a message
 * naming the flag, because a benchmark that silently ignores `--only=3` would spend fifteen
 * minutes measuring the wrong thing.
 */

export const SCENARIOS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type ScenarioNumber = (typeof SCENARIOS)[number];

export interface BenchOptions {
  /** Shorter runs (one report firm, shorter load phases): a smoke run of the whole harness. */
  quick: boolean;
  only: ReadonlySet<ScenarioNumber>;
  help: boolean;
}

export class BenchOptionsError extends Error {
  override name = 'BenchOptionsError';
}

export const BENCH_USAGE = `Usage: npm run bench -- [--quick] [--only=N[,N…]]

  --quick      shorter run: the bank's report only, 10 s warm-page load, 30 s team browsing,
               a bulk check of 200 rows
  --only=N     run only these scenarios (1 cold report, 2 naive baselines, 3 warm pages,
               4 team, 5 team across three instances with REDIS_URL, 6 bulk check of
               1,000 FRNs beside a browsing team, 7 a watch cycle of 2,000 firms on a
               time-scaled register with the team beside it and after it, 8 the team alone,
               beside 20 programs flooding the register API and beside 5 people looping
               "Refresh from the register", 9 screening quality: the labelled set
               bench/screening-set.csv and a generated held-out set through the bulk check
               and reconciliation, 10 the network principal's AR book reconciled with the
               register beside the browsing team, and its workspace page from stored data),
               e.g. --only=1,2
  --help       this text

Environment: NEXT_DIST_DIR (default .next-bench; never .next), SANDBOX_LATENCY_MS (default
150-450), SANDBOX_RATE_LIMIT (default 50/10), SANDBOX_BLOCK_SECONDS (default 60),
FSR_RATE_BUDGET (the portal's own budget, default 45/10), REDIS_URL (scenario 5).
Scenario 6 uses its own sandbox at 50/1 s and a portal budget of 45/1 s (a tenth of the real
window), with SANDBOX_LATENCY_MS and the sandbox's sizes (SANDBOX_FIRMS, at least 2,000 authorised).`;

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  let quick = false;
  let help = false;
  let only: Set<ScenarioNumber> | undefined;
  for (const arg of argv) {
    if (arg === '--quick') quick = true;
    else if (arg === '--help' || arg === '-h') help = true;
    else if (arg.startsWith('--only=')) {
      const list = arg
        .slice('--only='.length)
        .split(',')
        .map((s) => s.trim());
      only = new Set();
      for (const item of list) {
        const n = Number(item);
        if (!/^\d+$/.test(item) || !(SCENARIOS as readonly number[]).includes(n)) {
          throw new BenchOptionsError(`--only takes scenario numbers from 1 to ${SCENARIOS.length} separated by commas; "${item.slice(0, 20)}" is not one`);
        }
        only.add(n as ScenarioNumber);
      }
    } else if (arg === '--only') {
      throw new BenchOptionsError('--only needs its scenarios after an equals sign, e.g. --only=1,2');
    } else {
      throw new BenchOptionsError(`Unknown option "${arg.slice(0, 40)}"`);
    }
  }
  return { quick, help, only: only ?? new Set(SCENARIOS) };
}

/** NEXT_DIST_DIR for the benchmark's build: its own folder, never the default `.next` others may be serving from. */
export function benchDistDir(env: Record<string, string | undefined>): string {
  const dir = env.NEXT_DIST_DIR?.trim() || '.next-bench';
  const normalised = dir.replace(/^\.\//, '').replace(/\/+$/, '');
  if (normalised === '.next' || normalised === '') {
    throw new BenchOptionsError('NEXT_DIST_DIR must not be .next for the benchmark: build into a folder of its own (default .next-bench)');
  }
  if (normalised.includes('/') || normalised.includes('\\') || normalised.startsWith('..')) {
    throw new BenchOptionsError(`NEXT_DIST_DIR must be a folder name in the repository root, e.g. .next-bench (got "${dir.slice(0, 60)}")`);
  }
  return normalised;
}
