import type { Db } from '@/lib/db/schema';
import type { Priority, ResultKind } from '@/lib/register/result';
import { WAIT_BUCKETS_SECONDS, type RegisterHealth } from '@/lib/register/metrics';
import { type PortalRegistry, registerSnapshot, type SampleValue } from './registry';

/**
 * What /metrics reads when it is scraped, besides process metrics and HTTP durations:
 *
 * - the register client's own counters (lib/register/metrics.ts, the same figures as
 *   /api/health/register): requests by priority class and outcome, 429s received (which must stay
 *   0), blocks, the pacer's queue depth and wait, the budget in use, cache hits and misses;
 * - from the database, so they are right whichever process does the work (a portal's engine or
 *   `npm run worker`): background jobs by kind and state, watch cycles and bulk checks (running,
 *   and the last finished one's duration and rows, and the day's).
 *
 * Everything is read once per scrape, however many series it feeds.
 */

export interface CollectorDeps {
  health(): Promise<RegisterHealth>;
  db(): Promise<Db>;
  now?(): number;
}

const PRIORITIES: Priority[] = ['interactive', 'report', 'background', 'idle'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Memoises `read` for one scrape (a second), so the series of one scrape agree with each other. */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > 1000) {
      last = { at: now, value: read() };
      // A failed read is not kept: the next scrape tries again.
      last.value.catch(() => (last = undefined));
    }
    return last.value;
  };
}

function seconds(from: string, to: string): number {
  return Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);
}

interface WorkFigures {
  jobs: Array<{ kind: string; state: string; n: number }>;
  cycles: { running: number; last?: { seconds: number; records: number }; day: { finished: number; seconds: number; records: number } };
  bulk: { byState: Array<{ state: string; n: number }>; last?: { seconds: number; rows: number }; day: { finished: number; seconds: number; rows: number } };
}

async function readWork(db: Db, now: number): Promise<WorkFigures> {
  const since = new Date(now - DAY_MS).toISOString();
  const [jobs, running, cycles, bulkStates, bulk] = await Promise.all([
    db
      .selectFrom('jobs')
      .select(['kind', 'state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['kind', 'state'])
      .execute(),
    db
      .selectFrom('watch_cycles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('finished_at', 'is', null)
      .executeTakeFirst(),
    db.selectFrom('watch_cycles').select(['created_at', 'finished_at', 'entity_count']).where('finished_at', '>=', since).orderBy('finished_at', 'desc').limit(10_000).execute(),
    db
      .selectFrom('bulk_jobs')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute(),
    db.selectFrom('bulk_jobs').select(['created_at', 'finished_at', 'row_count']).where('finished_at', '>=', since).orderBy('finished_at', 'desc').limit(10_000).execute(),
  ]);
  const cycleDay = cycles.reduce(
    (acc, c) => ({ finished: acc.finished + 1, seconds: acc.seconds + seconds(c.created_at, c.finished_at!), records: acc.records + c.entity_count }),
    {
      finished: 0,
      seconds: 0,
      records: 0,
    },
  );
  const bulkDay = bulk.reduce((acc, b) => ({ finished: acc.finished + 1, seconds: acc.seconds + seconds(b.created_at, b.finished_at!), rows: acc.rows + b.row_count }), {
    finished: 0,
    seconds: 0,
    rows: 0,
  });
  return {
    jobs: jobs.map((j) => ({ kind: j.kind, state: j.state, n: Number(j.n) })),
    cycles: {
      running: Number(running?.n ?? 0),
      last: cycles[0] ? { seconds: seconds(cycles[0].created_at, cycles[0].finished_at!), records: cycles[0].entity_count } : undefined,
      day: cycleDay,
    },
    bulk: {
      byState: bulkStates.map((b) => ({ state: b.state, n: Number(b.n) })),
      last: bulk[0] ? { seconds: seconds(bulk[0].created_at, bulk[0].finished_at!), rows: bulk[0].row_count } : undefined,
      day: bulkDay,
    },
  };
}

export function installPortalCollectors(target: PortalRegistry, deps: CollectorDeps): void {
  if (target.collectors) return;
  target.collectors = true;
  const { registry } = target;
  const health = perScrape(deps.health);
  const work = perScrape(async () => readWork(await deps.db(), deps.now?.() ?? Date.now()));
  const fromHealth = (name: string, help: string, type: 'counter' | 'gauge', pick: (h: RegisterHealth) => SampleValue[]) =>
    registerSnapshot(registry, name, help, type, async () => pick(await health()));
  const fromWork = (name: string, help: string, pick: (w: WorkFigures) => SampleValue[]) => registerSnapshot(registry, name, help, 'gauge', async () => pick(await work()));

  fromHealth(
    'fsr_register_requests_total',
    'Register calls by priority class and outcome: the answer of each request sent, or held-back when the portal answered it rate-limited without sending.',
    'counter',
    (h) =>
      PRIORITIES.flatMap((priority) =>
        (Object.entries(h.calls.byPriority[priority]) as Array<[ResultKind | 'held-back', number]>).map(([outcome, value]) => ({ labels: { priority, outcome }, value })),
      ),
  );
  fromHealth('fsr_register_sent_total', 'Requests sent to the register (retries included).', 'counter', (h) => [{ value: h.calls.sent }]);
  fromHealth('fsr_register_retries_total', 'Requests sent again after a retryable failure.', 'counter', (h) => [{ value: h.calls.retries }]);
  fromHealth('fsr_register_429_received_total', 'HTTP 429 answers received from the register: the pacer exists to keep this at 0.', 'counter', (h) => [
    { value: h.calls.rateLimited429 },
  ]);
  fromHealth('fsr_register_blocks_total', "Times the register's key was blocked (each 429 starts a block).", 'counter', (h) => [{ value: h.block.count }]);
  fromHealth('fsr_register_block_active', '1 while the key is blocked.', 'gauge', (h) => [{ value: h.block.active ? 1 : 0 }]);
  fromHealth('fsr_register_rejected_input_total', 'Calls refused before any request because their input was invalid.', 'counter', (h) => [{ value: h.calls.rejectedInput }]);
  fromHealth('fsr_register_budget_limit', 'Register requests the key may make per window.', 'gauge', (h) => [{ value: h.budget.limit }]);
  fromHealth('fsr_register_budget_in_use', 'Slots of the current window in use (shared by every instance with Redis).', 'gauge', (h) => [{ value: h.budget.inUse }]);
  fromHealth('fsr_register_queue_depth', 'Calls waiting in the pacer, by priority class.', 'gauge', (h) =>
    PRIORITIES.map((priority) => ({ labels: { priority }, value: h.queue.depth[priority] ?? 0 })),
  );
  registerSnapshot(registry, 'fsr_register_wait_seconds', 'How long calls waited in the pacer for a slot, by priority class.', 'histogram', async () => {
    const h = await health();
    return PRIORITIES.flatMap((priority): SampleValue[] => {
      const hist = h.waitHistograms[priority];
      return [
        ...WAIT_BUCKETS_SECONDS.map((le, i) => ({ metricName: 'fsr_register_wait_seconds_bucket', labels: { priority, le }, value: hist.buckets[i] })),
        { metricName: 'fsr_register_wait_seconds_bucket', labels: { priority, le: '+Inf' }, value: hist.count },
        { metricName: 'fsr_register_wait_seconds_sum', labels: { priority }, value: hist.sumSeconds },
        { metricName: 'fsr_register_wait_seconds_count', labels: { priority }, value: hist.count },
      ];
    });
  });
  fromHealth('fsr_register_cache_hits_total', 'Register reads answered from the cache while fresh.', 'counter', (h) => [{ value: h.cache.hits }]);
  fromHealth('fsr_register_cache_stale_served_total', 'Register reads answered from the cache past freshness (the register unavailable or busy).', 'counter', (h) => [
    { value: h.cache.staleServed },
  ]);
  fromHealth('fsr_register_cache_misses_total', 'Register reads the cache could not answer.', 'counter', (h) => [{ value: h.cache.misses }]);
  fromHealth('fsr_register_cache_shared_in_flight_total', 'Register reads that joined an identical request already in flight.', 'counter', (h) => [
    { value: h.cache.sharedInFlight },
  ]);
  fromHealth('fsr_register_cache_remote_flights_total', "Misses answered by another instance's request (Redis).", 'counter', (h) => [{ value: h.cache.remoteFlights }]);
  fromHealth('fsr_register_cache_entries', 'Entries in the response cache.', 'gauge', (h) => [{ value: h.cache.entries }]);
  fromHealth('fsr_shared_stores_mode', "With Redis: 1 for the mode the shared stores are in (shared, fallback on this instance's share, recovering).", 'gauge', (h) =>
    h.shared ? (['shared', 'fallback', 'recovering'] as const).map((mode) => ({ labels: { mode }, value: h.shared!.mode === mode ? 1 : 0 })) : [],
  );

  fromWork('fsr_background_jobs', 'Background jobs in the queue by kind and state (queued, running, done, failed, cancelled).', (w) =>
    w.jobs.map((j) => ({ labels: { kind: j.kind, state: j.state }, value: j.n })),
  );
  fromWork('fsr_watch_cycles_running', 'Watch cycles started and not finished.', (w) => [{ value: w.cycles.running }]);
  fromWork('fsr_watch_cycle_last_duration_seconds', 'The last finished watch cycle: from start to finish.', (w) => (w.cycles.last ? [{ value: w.cycles.last.seconds }] : []));
  fromWork('fsr_watch_cycle_last_records', 'The last finished watch cycle: records checked.', (w) => (w.cycles.last ? [{ value: w.cycles.last.records }] : []));
  fromWork('fsr_watch_cycles_finished_24h', 'Watch cycles finished in the last 24 hours.', (w) => [{ value: w.cycles.day.finished }]);
  fromWork('fsr_watch_cycle_seconds_24h', 'Their durations added up.', (w) => [{ value: w.cycles.day.seconds }]);
  fromWork('fsr_watch_cycle_records_24h', 'Records they checked.', (w) => [{ value: w.cycles.day.records }]);
  fromWork('fsr_bulk_jobs', 'Bulk checks by state (running, finished, cancelled).', (w) => w.bulk.byState.map((b) => ({ labels: { state: b.state }, value: b.n })));
  fromWork('fsr_bulk_job_last_duration_seconds', 'The last finished bulk check: from start to finish.', (w) => (w.bulk.last ? [{ value: w.bulk.last.seconds }] : []));
  fromWork('fsr_bulk_job_last_rows', 'The last finished bulk check: rows.', (w) => (w.bulk.last ? [{ value: w.bulk.last.rows }] : []));
  fromWork('fsr_bulk_jobs_finished_24h', 'Bulk checks finished in the last 24 hours.', (w) => [{ value: w.bulk.day.finished }]);
  fromWork('fsr_bulk_job_seconds_24h', 'Their durations added up.', (w) => [{ value: w.bulk.day.seconds }]);
  fromWork('fsr_bulk_rows_24h', 'Rows they held.', (w) => [{ value: w.bulk.day.rows }]);
}
