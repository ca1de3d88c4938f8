/**
 * The benchmark's results: the JSON written to bench/results/latest.json and its Markdown
 * rendering (latest.md, also printed). Figures only; nothing here judges them.
 */
import type { Budget } from './budget-bound';
import type { BulkScenarioResult } from './scenario-bulk';
import type { ColdReportRow } from './scenario-cold-report';
import type { FairShareResult } from './scenario-fair-share';
import type { ScreeningEvaluation, ScreeningResult } from './scenario-screening';
import type { NaiveRow } from './scenario-naive-baselines';
import type { PrincipalsScenarioResult } from './scenario-principals';
import type { TeamResult } from './scenario-team';
import type { WarmPagesResult } from './scenario-warm-pages';
import type { WatchCycleResult } from './scenario-watch-cycle';

export interface BenchResults {
  startedAt: string;
  finishedAt?: string;
  runSeconds?: number;
  flags: { quick: boolean; only: number[] };
  machine: { cpus: number; cpuModel: string; node: string; platform: string };
  build: { distDir: string; built: boolean; seconds: number };
  sandbox: { latencyMs: { min: number; max: number }; rateLimit: Budget | 'off'; blockSeconds: number };
  portalBudget: { requests: number; seconds: number; marginMs: number; interactiveReserve: number };
  reportPacing: Budget;
  boundFormula: string;
  scenarios: {
    coldReport?: ColdReportRow[];
    naiveBaselines?: (NaiveRow & { portalSeconds?: number; portalUpstream?: number; timeRatio?: number; requestRatio?: number })[];
    warmPages?: WarmPagesResult;
    team?: TeamResult;
    teamScaledOut?: TeamResult;
    bulk?: BulkScenarioResult;
    watchCycle?: WatchCycleResult;
    fairShare?: FairShareResult;
    screening?: ScreeningResult;
    principals?: PrincipalsScenarioResult;
  };
  /** Scenarios not run, and why. */
  skipped: { scenario: number; reason: string }[];
  /** Set when a scenario failed: the run stopped there, and what it had measured is still written. */
  stoppedEarly?: string;
}

const s1 = (seconds: number | undefined) => (seconds === undefined || Number.isNaN(seconds) ? '—' : seconds.toFixed(1));
const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '—' : Math.round(v).toLocaleString('en-GB'));
const ratio = (r: number | undefined) => (r === undefined || Number.isNaN(r) ? '—' : `${r.toFixed(2)}×`);
const pct = (r: number) => (Number.isNaN(r) ? '—' : `${(r * 100).toFixed(1)}%`);
const int = (n: number) => n.toLocaleString('en-GB');

function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(head), `|${head.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

function budgetText(b: Budget | 'off'): string {
  return b === 'off' ? 'off' : `${b.requests}/${b.seconds} s`;
}

export function renderMarkdown(r: BenchResults): string {
  const out: string[] = [];
  const reg = budgetText(r.sandbox.rateLimit);
  const portal = `${r.portalBudget.requests}/${r.portalBudget.seconds} s`;
  const pacing = `${r.reportPacing.requests}/${r.reportPacing.seconds} s`;
  out.push(`# FSR Portal benchmark (${r.startedAt.slice(0, 16).replace('T', ' ')} UTC${r.flags.quick ? ', --quick' : ''})`);
  out.push('');
  out.push(
    `Sandbox register: latency ${r.sandbox.latencyMs.min}-${r.sandbox.latencyMs.max} ms, limit ${reg}, block ${r.sandbox.blockSeconds} s. ` +
      `Portal budget ${portal} + ${r.portalBudget.marginMs} ms margin, ${r.portalBudget.interactiveReserve} kept for page views. Machine: ${r.machine.cpus} × ${r.machine.cpuModel}, Node ${r.machine.node}. ` +
      `Build ${r.build.distDir} (${r.build.built ? `built in ${s1(r.build.seconds)} s` : 'up to date'}). Whole run ${s1(r.runSeconds)} s.`,
  );
  out.push('');
  out.push(`Budget bound: ${r.boundFormula}`);

  const cold = r.scenarios.coldReport;
  if (cold) {
    out.push('', '## 1. Cold firm report', '');
    out.push(
      table(
        [
          'Firm',
          'Via',
          'Run',
          'Wall (s)',
          'First byte (s)',
          'Upstream calls',
          'Max in 10 s',
          '429s',
          'Complete',
          `Bound ${reg} (s)`,
          '÷',
          `Bound ${portal} (s)`,
          '÷',
          `Bound ${pacing} (s)`,
          '÷',
        ],
        cold.map((c) => [
          c.firm,
          c.via,
          c.run,
          s1(c.seconds),
          s1(c.ttfbSeconds),
          int(c.upstream),
          c.maxIn10s,
          c.rateLimited,
          c.complete ? 'yes' : 'NO',
          c.run === 'cold' ? s1(c.boundRegister) : '—',
          c.run === 'cold' ? ratio(c.ratioRegister) : '—',
          c.run === 'cold' ? s1(c.boundPortal) : '—',
          c.run === 'cold' ? ratio(c.ratioPortal) : '—',
          c.run === 'cold' ? s1(c.boundReportPacing) : '—',
          c.run === 'cold' ? ratio(c.ratioReportPacing) : '—',
        ]),
      ),
    );
    out.push('', '÷: wall time divided by the bound to its left (— where the limit forces no wait, or for warm runs).');
  }

  const naive = r.scenarios.naiveBaselines;
  if (naive) {
    out.push('', '## 2. Naive clients, same data', '');
    out.push(
      table(
        [
          'Firm',
          'Client',
          'All data after (s)',
          'Complete',
          'Pages',
          'Requests sent',
          'First burst ok / 429',
          '429s',
          'Blocks',
          'Max in 10 s',
          'Portal cold (s)',
          'Time vs portal',
          'Requests vs portal',
        ],
        naive.map((n) => [
          n.frn,
          n.client,
          n.complete ? s1(n.seconds) : `gave up at ${s1(n.seconds)}`,
          n.complete ? 'yes' : 'NO',
          n.pages,
          int(n.requests),
          n.firstBurst ? `${n.firstBurst.ok} / ${n.firstBurst.rateLimited}` : '—',
          int(n.rateLimited),
          n.blocks,
          n.maxIn10s,
          s1(n.portalSeconds),
          ratio(n.timeRatio),
          ratio(n.requestRatio),
        ]),
      ),
    );
  }

  const warm = r.scenarios.warmPages;
  if (warm) {
    out.push(
      '',
      `## 3. Warm pages (${warm.clients} concurrent clients, ${s1(warm.seconds)} s, ${warm.pagesPerSecond.toFixed(1)} pages/s, ${warm.upstreamDuringLoad} upstream calls during the load, ${warm.errors} errors)`,
      '',
    );
    out.push(
      table(
        ['Page', 'Requests', 'First byte p50 (ms)', 'First byte p95 (ms)', 'Last byte p50 (ms)', 'Last byte p95 (ms)', 'Size (KB)'],
        [
          ...warm.rows.map((w) => [w.path, w.requests, ms(w.ttfb.p50), ms(w.ttfb.p95), ms(w.total.p50), ms(w.total.p95), w.kb]),
          ['all six', warm.all.total.n, ms(warm.all.ttfb.p50), ms(warm.all.ttfb.p95), ms(warm.all.total.p50), ms(warm.all.total.p95), '—'],
        ],
      ),
    );
  }

  const teams = [r.scenarios.team, r.scenarios.teamScaledOut].filter((t): t is TeamResult => Boolean(t));
  if (teams.length > 0) {
    const title =
      teams.length === 2
        ? '## 4–5. A team browsing (one instance; three instances with Redis)'
        : r.scenarios.team
          ? '## 4. A team browsing'
          : '## 5. A team browsing, three instances with Redis';
    out.push('', title, '');
    const col = (f: (t: TeamResult) => string | number) => teams.map(f);
    out.push(
      table(
        ['Measure', ...teams.map((t) => `${t.instances} instance${t.instances > 1 ? 's' : ''}`)],
        [
          ['Staff × duration', ...col((t) => `${t.staff} × ${s1(t.seconds)} s`)],
          ['Page views (per s)', ...col((t) => `${t.pageViews} (${t.pagesPerSecond.toFixed(2)})`)],
          ['Distinct firms opened', ...col((t) => t.distinctFirms)],
          ['Last byte p50 / p90 / p95 / p99 / max (ms)', ...col((t) => `${ms(t.total.p50)} / ${ms(t.total.p90)} / ${ms(t.total.p95)} / ${ms(t.total.p99)} / ${ms(t.total.max)}`)],
          ['First byte p50 / p95 (ms)', ...col((t) => `${ms(t.ttfb.p50)} / ${ms(t.ttfb.p95)}`)],
          ['Overview last byte p50 / p95 (ms)', ...col((t) => `${ms(t.overviewTotal.p50)} / ${ms(t.overviewTotal.p95)}`)],
          ['Section last byte p50 / p95 (ms)', ...col((t) => `${ms(t.sectionTotal.p50)} / ${ms(t.sectionTotal.p95)}`)],
          [
            "Cache hit ratio (portal's counters: fresh + stale hits of all reads)",
            ...col((t) =>
              t.counters && t.counterHitRatio !== undefined
                ? `${pct(t.counterHitRatio)} (${t.counters.hits} + ${t.counters.staleServed} stale of ${t.counters.hits + t.counters.staleServed + t.counters.misses + t.counters.sharedInFlight}; ${t.counters.sharedInFlight} joined a request in flight)`
                : 'no counters route in this build',
            ),
          ],
          ['Cache hit ratio (register reads shown on pages)', ...col((t) => `${pct(t.cacheHitRatio)} (${t.readsCached} cached / ${t.readsLive} live)`)],
          ['Upstream calls (per page view)', ...col((t) => `${t.upstream} (${t.upstreamPerPageView.toFixed(2)})`)],
          ['Pages with a "register is busy" notice', ...col((t) => t.busyPages)],
          ['Overview counts unavailable', ...col((t) => `${t.countsUnavailable} of ${t.counts}`)],
          ['429s (blocks)', ...col((t) => `${t.rateLimited} (${t.blocks})`)],
          ['Most requests in any rolling 10 s', ...col((t) => t.maxIn10s)],
          ['Errors (non-200 pages)', ...col((t) => t.errors)],
          [
            '/metrics beside the bench (register requests; 429s; largest difference at a scrape)',
            ...col((t) =>
              t.metrics
                ? `${t.metrics.sent} vs ${t.metrics.benchRequests}; ${t.metrics.received429} vs ${t.metrics.bench429}; ${t.metrics.maxDifference} (every ${t.metrics.intervalSeconds} s, ${t.metrics.scrapes} scrapes)`
                : 'not scraped',
            ),
          ],
        ],
      ),
    );
  }

  const bulk = r.scenarios.bulk;
  if (bulk) {
    out.push('', `## 6. A bulk check of ${int(bulk.rows)} FRNs (status only) beside a browsing team`, '');
    out.push(
      table(
        ['Measure', 'Figure'],
        [
          ['Wall time, started to last row (s)', s1(bulk.wallSeconds)],
          ['Register requests made by the rows', int(bulk.requests)],
          [`Budget bound at bulk's share (${bulk.budgetShare.requests}/${bulk.budgetShare.seconds} s) (s)`, s1(bulk.boundSeconds)],
          ['Wall ÷ bound', ratio(bulk.ratioToBound)],
          [
            'Outcomes',
            Object.entries(bulk.outcomes)
              .map(([k, v]) => `${k} ${v}`)
              .join(', '),
          ],
          ['Upstream calls during the phase (job and team)', int(bulk.upstream)],
          ['429s (blocks)', `${bulk.rateLimited} (${bulk.blocks})`],
          ['Most requests in any rolling 10 s', bulk.maxIn10s],
          [
            `Team page wait p50 / p95 without the job (ms; ${bulk.teamWithout.staff} staff, ${bulk.teamWithout.pageViews} pages)`,
            `${ms(bulk.teamWithout.total.p50)} / ${ms(bulk.teamWithout.total.p95)}`,
          ],
          [`Team page wait p50 / p95 with the job (ms; ${bulk.teamWith.pageViews} pages)`, `${ms(bulk.teamWith.total.p50)} / ${ms(bulk.teamWith.total.p95)}`],
          ['p95 with ÷ without (p50)', `${ratio(bulk.p95Ratio)} (${ratio(bulk.p50Ratio)})`],
        ],
      ),
    );
  }

  const watch = r.scenarios.watchCycle;
  if (watch) {
    out.push('', '## 7. A watch cycle, the team beside it, and the morning after', '');
    out.push(
      `${int(watch.firms)} watched firms (of ${int(watch.sandboxFirms)} in the sandbox), ${watch.sections.length} sections each (${watch.sections.join(', ')}), checked by the portal's own engine (${watch.lanes} lanes; in-memory cache of ${int(watch.cacheEntries)} answers) on a time-scaled register: ` +
        `sandbox ${budgetText(watch.sandboxLimit)}, portal budget ${watch.portalBudget.requests}/${watch.portalBudget.seconds} s + ${watch.portalBudget.marginMs} ms margin, ${watch.portalBudget.interactiveReserve} kept for page views, ` +
        `so background calls get ${watch.backgroundShare.requests}/${watch.backgroundShare.seconds} s.`,
    );
    out.push('');
    const cycles = [watch.cycles.withTeam, watch.cycles.alone];
    const col = (f: (c: (typeof cycles)[number]) => string | number) => cycles.map(f);
    out.push(
      table(
        ['Cycle', 'with the team beside it (C)', 'alone (before D)'],
        [
          ['Checks (failed jobs; checks with a section not checked)', ...col((c) => `${int(c.checks)} (${c.failedJobs}; ${c.notChecked})`)],
          ['Register requests (estimated before the start)', ...col((c) => `${int(c.requests)} (${int(c.estimatedRequests)})`)],
          ['Duration (s)', ...col((c) => s1(c.seconds))],
          ['Bound at the background share (s); wall ÷ bound', ...col((c) => `${s1(c.boundAtBackgroundShare)}; ${ratio(c.ratioToBackgroundBound)}`)],
          ["Bound at the register's limit (s)", ...col((c) => s1(c.boundAtRegisterLimit))],
          ['Requests per second', ...col((c) => c.requestsPerSecond.toFixed(1))],
          ['429s (register, whole cycle)', ...col((c) => c.rateLimited)],
          ['Most requests in any rolling 1 s', ...col((c) => c.maxInWindow)],
        ],
      ),
    );
    const phases: Array<[string, TeamResult]> = [
      ['A. cold, no cycle', watch.teams.baseline],
      ['C. cold, during the cycle', watch.teams.duringCycle],
      ['D. morning after the cycle', watch.teams.morningAfter],
    ];
    out.push('');
    out.push(
      table(
        ['Team phase', 'Page views', 'Last byte p50 / p95 (ms)', 'Hit ratio (counters)', 'Hit ratio (pages)', 'Upstream per page view', 'Counts unavailable', '429s'],
        phases.map(([label, t]) => [
          label,
          t.pageViews,
          `${ms(t.total.p50)} / ${ms(t.total.p95)}`,
          t.counterHitRatio !== undefined ? pct(t.counterHitRatio) : '—',
          pct(t.cacheHitRatio),
          label.startsWith('C.') ? '(shared with the cycle)' : t.upstreamPerPageView.toFixed(2),
          `${t.countsUnavailable} of ${t.counts}`,
          t.rateLimited,
        ]),
      ),
    );
    out.push('', `Page wait p95 during the cycle ÷ without it (C ÷ A, same pages, one run): ${ratio(watch.p95Ratio)}.`);
  }

  const fair = r.scenarios.fairShare;
  if (fair) {
    out.push('', `## 8. A fair share: ${fair.staff} staff alone, beside 20 programs, beside 5 refresh loops (${fair.seconds} s each)`, '');
    const phases: [string, TeamResult, string][] = [
      ['Alone', fair.alone, '—'],
      [
        `Beside ${fair.tokenFlood.programs.clients} programs flooding the register API`,
        fair.tokenFlood,
        `${int(fair.tokenFlood.programs.answered)} answered, ${int(fair.tokenFlood.programs.refused429)} told 429 by the portal, ${fair.tokenFlood.programs.other} other`,
      ],
      [
        `Beside ${fair.refreshLoop.refreshers.people} people looping Refresh`,
        fair.refreshLoop,
        `${int(fair.refreshLoop.refreshers.refreshed)} refreshed, ${int(fair.refreshLoop.refreshers.refused)} refused in words, ${fair.refreshLoop.refreshers.other} other`,
      ],
    ];
    out.push(
      table(
        ['Phase', 'Page views', 'Last byte p50 / p95 (ms)', 'p95 ÷ alone', 'Busy pages', 'Counts unavailable', 'Upstream calls', 'Register 429s', 'The load got'],
        phases.map(([label, t, got]) => [
          label,
          t.pageViews,
          `${ms(t.total.p50)} / ${ms(t.total.p95)}`,
          ratio(t.total.p95 / fair.alone.total.p95),
          t.busyPages,
          `${t.countsUnavailable} of ${t.counts}`,
          int(t.upstream),
          t.rateLimited,
          got,
        ]),
      ),
    );
    if (fair.refreshLoop.refreshers.refusal) out.push('', `A refused refresh said: "${fair.refreshLoop.refreshers.refusal}"`);
  }

  const screening = r.scenarios.screening;
  if (screening) {
    out.push('', '## 9. Screening quality', '');
    out.push(...screeningMarkdown(screening));
  }

  const principals = r.scenarios.principals;
  if (principals) {
    const p = principals;
    out.push('', `## 10. The network principal's AR book (${int(p.bookRows)} rows) reconciled with the register beside a browsing team`, '');
    out.push(
      table(
        ['what', 'figure'],
        [
          ['AR rows read (current; previous)', `${int(p.current)}; ${int(p.previous)}`],
          ['pages; requests the check recorded', `${int(p.pages)}; ${int(p.requests)}`],
          [
            'the check alone (nobody browsing): wall time against the bound',
            `${p.alone.wallSeconds.toFixed(1)} s for ${int(p.alone.requests)} requests; bound ${p.alone.boundSeconds} s (${p.alone.ratioToBound?.toFixed(2) ?? '—'}×); ${p.alone.rateLimited} × 429`,
          ],
          ['beside the team: check wall time', `${p.wallSeconds.toFixed(1)} s`],
          [`beside the team: bound at ${p.budgetShare.requests}/${p.budgetShare.seconds} s`, `${p.boundSeconds} s (${p.ratioToBound?.toFixed(2) ?? '—'}×)`],
          ['findings', int(p.findings)],
          ['register 429s; blocks; most in any 10 s', `${p.rateLimited}; ${p.blocks}; ${p.maxIn10s}`],
          ['team page wait p50 / p95 without the check (ms)', `${p.teamWithout.total.p50.toFixed(0)} / ${p.teamWithout.total.p95.toFixed(0)}`],
          ['team page wait p50 / p95 with the check (ms)', `${p.teamWith.total.p50.toFixed(0)} / ${p.teamWith.total.p95.toFixed(0)}`],
          ['p95 with ÷ without', `${p.p95Ratio.toFixed(2)}× (p50 ${p.p50Ratio.toFixed(2)}×)`],
          [
            `workspace page from stored data, ${p.workspace.reads} reads: p50 / p95`,
            `${p.workspace.p50.toFixed(0)} / ${p.workspace.p95.toFixed(0)} ms (${int(p.workspace.bytes)} characters)`,
          ],
          ...(p.enrichment
            ? [
                ["each current AR's own standing (nobody browsing): ARs read; failed", `${int(p.enrichment.done)} of ${int(p.enrichment.ars)}; ${int(p.enrichment.failed)}`],
                [
                  `each AR's standing: wall time against the bound at ${p.budgetShare.requests}/${p.budgetShare.seconds} s`,
                  `${p.enrichment.wallSeconds.toFixed(1)} s for ${int(p.enrichment.requests)} requests; bound ${p.enrichment.boundSeconds} s (${p.enrichment.ratioToBound?.toFixed(2) ?? '—'}×); ${p.enrichment.rateLimited} × 429; ${p.enrichment.blocks} blocks`,
                ],
                ["each AR's standing: levels; open findings", `${JSON.stringify(p.enrichment.levels)}; ${JSON.stringify(p.enrichment.findings)}`],
                [
                  `workspace page with every AR's standing stored, ${p.enrichment.workspace.reads} reads: p50 / p95`,
                  `${p.enrichment.workspace.p50.toFixed(0)} / ${p.enrichment.workspace.p95.toFixed(0)} ms (${int(p.enrichment.workspace.bytes)} characters)`,
                ],
              ]
            : []),
          ...(p.enrichmentBesideTeam
            ? [
                [
                  `each AR's standing beside the team (browsing its first ${p.enrichmentBesideTeam.team.seconds.toFixed(0)} s): wall time against the bound`,
                  `${p.enrichmentBesideTeam.pass.wallSeconds.toFixed(1)} s for ${int(p.enrichmentBesideTeam.pass.requests)} requests; bound ${p.enrichmentBesideTeam.pass.boundSeconds} s (${p.enrichmentBesideTeam.pass.ratioToBound?.toFixed(2) ?? '—'}×); ${p.enrichmentBesideTeam.pass.rateLimited} × 429; ${p.enrichmentBesideTeam.pass.blocks} blocks; most in any 10 s ${p.enrichmentBesideTeam.pass.maxIn10s}`,
                ],
                [
                  "every call the key made while that pass ran (the pass's and the team's): against the bound for that many",
                  p.enrichmentBesideTeam.pass.keyRequests === undefined
                    ? '—'
                    : `${int(p.enrichmentBesideTeam.pass.keyRequests)} calls; bound ${p.enrichmentBesideTeam.pass.keyBoundSeconds} s (${p.enrichmentBesideTeam.pass.keyRatioToBound?.toFixed(2) ?? '—'}×)`,
                ],
                [
                  'team page wait p50 / p95 beside the standing pass (ms)',
                  `${p.enrichmentBesideTeam.team.total.p50.toFixed(0)} / ${p.enrichmentBesideTeam.team.total.p95.toFixed(0)} (${p.enrichmentBesideTeam.p95Ratio.toFixed(2)}× the p95 alone; p50 ${p.enrichmentBesideTeam.p50Ratio.toFixed(2)}×)`,
                ],
              ]
            : []),
        ],
      ),
    );
  }

  if (r.stoppedEarly) out.push('', '## Stopped early', '', `The run stopped at an error; the scenarios above it finished: ${r.stoppedEarly}`);
  if (r.skipped.length > 0) {
    out.push('', '## Not run', '');
    for (const s of r.skipped) out.push(`- Scenario ${s.scenario}: ${s.reason}`);
  }
  return `${out.join('\n')}\n`;
}

function screeningMarkdown(s: ScreeningResult): string[] {
  const row = (what: string, e: ScreeningEvaluation): (string | number)[] => [
    what,
    int(e.rows),
    int(e.nameRows),
    `${int(e.matched.right)} of ${int(e.matched.total)} (${pct(e.matched.precision)})`,
    int(e.matched.wrong + (e.matchedAll.wrong - e.matched.wrong)),
    `${int(e.recall.matched)} of ${int(e.recall.held)} (${pct(e.recall.share)})`,
    `${int(e.recall.foundOrReview)} (${pct(e.recall.foundShare)})`,
    e.flagged.labelled > 0 ? `${int(e.flagged.caught)} of ${int(e.flagged.labelled)} (${pct(e.flagged.share)})` : '—',
    e.calls.matchingPerNameRow.toFixed(2),
    e.calls.totalPerNameRow.toFixed(2),
  ];
  const out = [
    table(
      [
        'set',
        'rows',
        'name rows',
        'precision of matched (name rows)',
        'wrong matches (all rows)',
        'recall: held names matched',
        'matched or offered to a person',
        'flagged rows caught',
        'matcher calls / name row',
        'all calls / name row',
      ],
      [row('labelled (bench/screening-set.csv)', s), row('generated held-out', s.heldOut)],
    ),
    '',
    `Labelled set: prohibited people and clones flagged ${int(s.prohibitedAndClones.caught)} of ${int(s.prohibitedAndClones.labelled)}; genuine firms called unauthorised ${int(s.genuineCalledUnauthorised)}; ` +
      `rows needing a decision left to a person ${int(s.decisions.waited)} of ${int(s.decisions.labelled)}; numbers and names that disagree stopped ${int(s.mismatches.waited)} of ${int(s.mismatches.labelled)}, offering the record the name fits ${int(s.mismatches.offered)}; ` +
      `names the register does not hold: not found ${int(s.notHeld.notFound)}, left to a person ${int(s.notHeld.leftToPerson)}, matched ${int(s.notHeld.matched)}; invalid rows refused ${int(s.invalid.right)} of ${int(s.invalid.labelled)}. ` +
      `Calls, each row alone with an empty cache: ${s.calls.totalPerRow.toFixed(2)} a row, the matcher's at most ${int(s.calls.matchingMaxNameRow)} for one name; the whole set as one bulk check sharing the cache: ${int(s.calls.sharedRunTotal ?? 0)} (${(s.calls.sharedRunPerRow ?? 0).toFixed(2)} a row checked).`,
  ];
  if (s.reconciliation)
    out.push(
      '',
      `Reconciliation of the same name rows (the same matcher): the same answer as the bulk check for ${int(s.reconciliation.agreesWithBulk)} of ${int(s.reconciliation.nameRows)}; a match on the right record ${int(s.reconciliation.matchedRight)}, on a wrong one ${int(s.reconciliation.matchedWrong)}.`,
    );
  out.push(
    '',
    table(
      ['category', 'rows', 'right'],
      Object.entries(s.categories).map(([c, v]) => [c, v.rows, v.right]),
    ),
  );
  const misses = [...s.misses.map((m) => ({ ...m, set: 'labelled' })), ...s.heldOut.misses.map((m) => ({ ...m, set: 'held-out' }))];
  if (misses.length > 0)
    out.push(
      '',
      'Rows not answered as labelled:',
      '',
      table(
        ['set', 'line', 'category', 'input', 'expected', 'got'],
        misses.map((m) => [m.set, m.line, m.category, m.input, m.expected, m.got]),
      ),
    );
  const errors = [...s.labelErrors, ...s.heldOut.labelErrors];
  if (errors.length > 0) out.push('', `Label errors: ${errors.join('; ')}`);
  return out;
}
