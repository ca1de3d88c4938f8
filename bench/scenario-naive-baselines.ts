/**
 * Scenario 2: the same data as scenario 1's reports, fetched by the naive clients of
 * naive-clients.ts, each on a sandbox account of its own (so one client's block never touches
 * another's figures, nor the portal's). The four runs go side by side: they share no budget, and
 * their time is spent waiting on the network and on blocks, not on the CPU.
 *
 * The parallel client's URL list comes from a sequential walk against a second, unthrottled and
 * zero-latency sandbox with the same seed and sizes (so the same data); that walk costs well
 * under a second and nothing on the measured accounts.
 */
import { type RunningSandbox, startSandbox } from '@/sandbox/server';
import { naiveParallel, naiveSequential, type NaiveAccount, type NaiveRun } from './naive-clients';

export interface NaiveRow extends NaiveRun {
  /** From the sandbox, for this client's account. */
  blocks: number;
  maxIn10s: number;
  /** Requests the sandbox counted for the account (equal to `requests` unless something was lost). */
  upstream: number;
}

export async function runNaiveBaselines(ctx: {
  sandbox: RunningSandbox;
  firms: ReadonlyArray<{ label: string; frn: string }>;
  accountFor: (client: 'sequential' | 'parallel', frn: string) => NaiveAccount;
  giveUpMs: number;
  log: (line: string) => void;
}): Promise<NaiveRow[]> {
  const { options } = ctx.sandbox;
  const scout = await startSandbox({
    port: 0,
    seed: options.seed,
    firms: options.firms,
    individuals: options.individuals,
    funds: options.funds,
    latency: { min: 0, max: 0 },
    rateLimit: 'off',
    accounts: [{ email: 'scout@bench.example', key: 'scout-key' }],
  });
  const lists = new Map<string, string[]>();
  try {
    for (const { frn } of ctx.firms) {
      const walk = await naiveSequential(scout.baseUrl, { email: 'scout@bench.example', key: 'scout-key' }, frn, 60_000);
      if (!walk.complete) throw new Error(`Listing the register pages of FRN ${frn} on the unthrottled sandbox did not finish`);
      lists.set(frn, walk.paths);
    }
  } finally {
    await scout.close();
  }

  ctx.sandbox.reset();
  const jobs: Promise<NaiveRun>[] = [];
  for (const { frn } of ctx.firms) {
    jobs.push(naiveSequential(ctx.sandbox.baseUrl, ctx.accountFor('sequential', frn), frn, ctx.giveUpMs));
    jobs.push(naiveParallel(ctx.sandbox.baseUrl, ctx.accountFor('parallel', frn), frn, lists.get(frn)!, ctx.giveUpMs));
  }
  const runs = await Promise.all(jobs);
  const stats = ctx.sandbox.stats();
  return runs.map((withPaths) => {
    // The sequential walk's URL list is an input of the parallel run, not a result.
    const { paths: _paths, ...run } = withPaths as NaiveRun & { paths?: string[] };
    const account = ctx.accountFor(run.client, run.frn);
    const user = stats[account.email];
    const row: NaiveRow = { ...run, blocks: user?.blocks ?? 0, maxIn10s: user?.maxInWindow ?? 0, upstream: user?.requests ?? 0 };
    ctx.log(
      `  naive ${run.client} ${run.frn}: ${row.complete ? `all ${row.pages} pages in ${row.seconds.toFixed(1)} s` : `gave up after ${row.seconds.toFixed(1)} s`}, ${row.requests} requests, ${row.rateLimited} × 429, ${row.blocks} block(s)`,
    );
    return row;
  });
}
