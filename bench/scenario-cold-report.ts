/**
 * Scenario 1: the printable report of the largest showcase firms with an empty cache, twice over:
 * through the portal (GET /firm/[frn]/report on a fresh production process, to the last byte of
 * the streamed page) and in-process through bench/report-assembly.ts (the same assembly code and
 * default budget, without HTTP or rendering). Upstream calls come from the sandbox's own count.
 */
import type { RunningSandbox } from '@/sandbox/server';
import { type Budget, budgetBoundSeconds, ratioToBound } from './budget-bound';
import type { BenchPortal } from './bench-portal';
import { timedGet } from './http-timing';
import { waitForIdleBudget } from './portal-counters';
import { measureReportAssembly } from './report-assembly';

export interface ColdReportRow {
  firm: string;
  frn: string;
  via: 'portal page' | 'in-process assembly';
  run: 'cold' | 'warm';
  seconds: number;
  /** Portal page only: first byte (the page shell and progress) arrives long before the report. */
  ttfbSeconds?: number;
  upstream: number;
  maxIn10s: number;
  rateLimited: number;
  complete: boolean;
  /** Lower bound for `upstream` calls under the register's limit, under the portal's own budget, and under the pacing report calls get. */
  boundRegister: number;
  boundPortal: number;
  boundReportPacing: number;
  ratioRegister?: number;
  ratioPortal?: number;
  ratioReportPacing?: number;
}

/** The stamp's words for a report with every page of every list read (components/report/report-stamp.tsx). */
const COMPLETE_TEXT = 'Complete: every page of every list was read.';

export async function runColdReport(ctx: {
  sandbox: RunningSandbox;
  portal: BenchPortal;
  portalAccount: { email: string; key: string };
  assemblyAccount: { email: string; key: string };
  firms: ReadonlyArray<{ label: string; frn: string }>;
  registerBudget: Budget;
  portalBudget: Budget;
  /** What report-priority calls may use: the budget less the interactive reserve, per window plus margin. */
  reportPacing: Budget;
  env: Record<string, string | undefined>;
  log: (line: string) => void;
}): Promise<ColdReportRow[]> {
  const rows: ColdReportRow[] = [];
  const withBounds = (row: Omit<ColdReportRow, 'boundRegister' | 'boundPortal' | 'boundReportPacing' | 'ratioRegister' | 'ratioPortal' | 'ratioReportPacing'>): ColdReportRow => {
    const boundRegister = budgetBoundSeconds(row.upstream, ctx.registerBudget);
    const boundPortal = budgetBoundSeconds(row.upstream, ctx.portalBudget);
    const boundReportPacing = budgetBoundSeconds(row.upstream, ctx.reportPacing);
    return {
      ...row,
      boundRegister,
      boundPortal,
      boundReportPacing,
      ratioRegister: ratioToBound(row.seconds, boundRegister),
      ratioPortal: ratioToBound(row.seconds, boundPortal),
      ratioReportPacing: ratioToBound(row.seconds, boundReportPacing),
    };
  };

  for (const { label, frn } of ctx.firms) {
    for (const run of ['cold', 'warm'] as const) {
      // The previous report's slots are held a window after their answers: let them go first.
      if (run === 'cold') await waitForIdleBudget(ctx.portal.baseUrl, ctx.portal.sessions[0], ctx.reportPacing.seconds * 1000 + 1000);
      ctx.sandbox.reset();
      const res = await timedGet(`${ctx.portal.baseUrl}/firm/${frn}/report`, { cookie: ctx.portal.sessions[0] });
      if (res.status !== 200) throw new Error(`GET /firm/${frn}/report answered HTTP ${res.status}${res.location ? ` → ${res.location}` : ''}`);
      const user = ctx.sandbox.stats()[ctx.portalAccount.email];
      const row = withBounds({
        firm: label,
        frn,
        via: 'portal page',
        run,
        seconds: res.totalMs / 1000,
        ttfbSeconds: res.ttfbMs / 1000,
        upstream: user?.requests ?? 0,
        maxIn10s: user?.maxInWindow ?? 0,
        rateLimited: user?.rateLimited ?? 0,
        complete: res.body.includes(COMPLETE_TEXT),
      });
      rows.push(row);
      ctx.log(`  report ${frn} via portal, ${run}: ${row.seconds.toFixed(1)} s, ${row.upstream} upstream calls, ${row.complete ? 'complete' : 'NOT complete'}`);
    }
  }

  const assembly = await measureReportAssembly(ctx.sandbox, ctx.assemblyAccount, ctx.firms, ctx.env);
  for (const a of assembly) {
    const row = withBounds({
      firm: a.firm,
      frn: a.frn,
      via: 'in-process assembly',
      run: a.run,
      seconds: a.seconds,
      upstream: a.upstream,
      maxIn10s: a.maxIn10s,
      rateLimited: a.rateLimited,
      complete: a.complete,
    });
    rows.push(row);
    ctx.log(`  report ${a.frn} in-process, ${a.run}: ${row.seconds.toFixed(1)} s, ${row.upstream} upstream calls`);
  }
  return rows;
}
