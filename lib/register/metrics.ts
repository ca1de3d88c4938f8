import type { Priority, RegisterSource, ResultKind } from './result';

/**
 * Counters for the register client, read by the health route and exposed to Prometheus at /metrics
 * (lib/metrics/portal-collectors.ts). Plain in-process numbers: cheap to bump on every call, and a
 * snapshot is a copy.
 */

const PRIORITIES: Priority[] = ['interactive', 'report', 'background', 'idle'];
/** Recent waits kept for percentiles; enough for a stable p95 without growing without bound. */
const WAIT_SAMPLES = 1000;
/** Upper bounds (seconds) of the pacer wait histogram /metrics exposes: from no wait to the gateway's 20 s limit and past it. */
export const WAIT_BUCKETS_SECONDS = [0.05, 0.25, 1, 2.5, 5, 10, 20, 60];

/** A Prometheus histogram's state: cumulative counts per upper bound, the count and the sum. */
export interface WaitHistogram {
  buckets: number[];
  count: number;
  sumSeconds: number;
}

export interface WaitStats {
  count: number;
  meanMs: number;
  p95Ms: number;
  maxMs: number;
}

export interface RegisterHealth {
  checkedAt: string;
  upstream: { source: RegisterSource; label: string; host: string };
  budget: {
    limit: number;
    windowSeconds: number;
    marginMs: number;
    inUse: number;
    /** Every API token together (FSR_RATE_PROGRAM_SHARE): at most `limit` of the budget's per window; `inUse` of them now. */
    programs: { limit: number; inUse: number };
  };
  block: { active: boolean; until?: string; remainingSeconds: number; count: number };
  queue: { depth: Record<Priority, number>; total: number };
  waits: Record<Priority, WaitStats>;
  /** The same waits as Prometheus histograms (bounds: WAIT_BUCKETS_SECONDS). */
  waitHistograms: Record<Priority, WaitHistogram>;
  calls: {
    /** Requests actually sent to the register (retries included). */
    sent: number;
    retries: number;
    /** Answers by kind (a network error or timeout counts as upstream-error). */
    byKind: Record<ResultKind, number>;
    /** HTTP 429s received. */
    rateLimited429: number;
    /** Calls answered rate-limited by the portal without sending (block in force, or wait too long). */
    heldBack: number;
    /** Calls rejected before any request because their input was invalid. */
    rejectedInput: number;
    /** Answers by priority class and kind, and calls held back by the portal ('held-back'), for /metrics. */
    byPriority: Record<Priority, Record<ResultKind | 'held-back', number>>;
    /** Slots of the programs' share taken (requests made for API tokens that reached the register's queue). */
    programSlots: number;
  };
  cache: {
    hits: number;
    staleServed: number;
    misses: number;
    sharedInFlight: number;
    /** Misses answered by another instance's request (cross-instance single-flight). */
    remoteFlights: number;
    entries: number;
  };
  lastError?: { at: string; kind: ResultKind; message: string };
  /** The register's most recent answer to this instance (what a readiness check reports without asking it). */
  lastAnswer?: { at: string; kind: ResultKind };
  /** Shared stores (REDIS_URL): mode, fallback share and Redis state; null when the stores are in memory. */
  shared: SharedStoresStatus | null;
}

/** How the shared (Redis) stores are doing, as a register client reports it. */
export interface SharedStoresStatus {
  /** shared: on Redis; fallback: Redis out of reach, on this instance's share; recovering: back on Redis, handing over. */
  mode: 'shared' | 'fallback' | 'recovering';
  since: string;
  instanceId: string;
  /** The budget this instance may use alone while Redis is out of reach (of `limit` per window). */
  fallbackShare: { limit: number; instances: number };
  redis: { state: 'ready' | 'connecting' | 'down'; lastError?: string; outages: number };
  cache: { sharedHits: number; sharedErrors: number };
}

function emptyKinds(): Record<ResultKind, number> {
  return { ok: 0, 'not-found': 0, 'bad-input': 0, unauthorised: 0, 'rate-limited': 0, 'upstream-error': 0 };
}

function emptyOutcomes(): Record<ResultKind | 'held-back', number> {
  return { ...emptyKinds(), 'held-back': 0 };
}

export class RegisterMetrics {
  sent = 0;
  retries = 0;
  rateLimited429 = 0;
  heldBack = 0;
  rejectedInput = 0;
  programSlots = 0;
  byKind = emptyKinds();
  cacheHits = 0;
  staleServed = 0;
  cacheMisses = 0;
  sharedInFlight = 0;
  remoteFlights = 0;
  lastError?: { at: string; kind: ResultKind; message: string };
  lastAnswer?: { at: string; kind: ResultKind };
  byPriority: Record<Priority, Record<ResultKind | 'held-back', number>> = {
    interactive: emptyOutcomes(),
    report: emptyOutcomes(),
    background: emptyOutcomes(),
    idle: emptyOutcomes(),
  };
  private histograms: Record<Priority, WaitHistogram> = Object.fromEntries(
    PRIORITIES.map((p) => [p, { buckets: WAIT_BUCKETS_SECONDS.map(() => 0), count: 0, sumSeconds: 0 }]),
  ) as Record<Priority, WaitHistogram>;
  private waits: Record<Priority, { count: number; totalMs: number; maxMs: number; samples: number[] }> = {
    interactive: { count: 0, totalMs: 0, maxMs: 0, samples: [] },
    report: { count: 0, totalMs: 0, maxMs: 0, samples: [] },
    background: { count: 0, totalMs: 0, maxMs: 0, samples: [] },
    idle: { count: 0, totalMs: 0, maxMs: 0, samples: [] },
  };

  recordSent(isRetry: boolean): void {
    this.sent += 1;
    if (isRetry) this.retries += 1;
  }

  recordAnswer(kind: ResultKind, message: string | undefined, at: Date, priority?: Priority): void {
    this.byKind[kind] += 1;
    if (priority) this.byPriority[priority][kind] += 1;
    this.lastAnswer = { at: at.toISOString(), kind };
    if (kind !== 'ok' && kind !== 'not-found' && message) this.lastError = { at: at.toISOString(), kind, message };
  }

  /** A call the portal answered rate-limited without sending it (a block in force, or a wait too long). */
  recordHeldBack(priority: Priority): void {
    this.heldBack += 1;
    this.byPriority[priority]['held-back'] += 1;
  }

  recordWait(priority: Priority, waitedMs: number): void {
    const h = this.histograms[priority];
    const waited = waitedMs / 1000;
    h.count += 1;
    h.sumSeconds += waited;
    WAIT_BUCKETS_SECONDS.forEach((bound, i) => {
      if (waited <= bound) h.buckets[i] += 1;
    });
    const w = this.waits[priority];
    w.count += 1;
    w.totalMs += waitedMs;
    w.maxMs = Math.max(w.maxMs, waitedMs);
    w.samples.push(waitedMs);
    if (w.samples.length > WAIT_SAMPLES) w.samples.shift();
  }

  waitStats(priority: Priority): WaitStats {
    const w = this.waits[priority];
    const sorted = [...w.samples].sort((a, b) => a - b);
    const p95 = sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
    return {
      count: w.count,
      meanMs: w.count === 0 ? 0 : Math.round(w.totalMs / w.count),
      p95Ms: Math.round(p95),
      maxMs: Math.round(w.maxMs),
    };
  }

  /** Copies of the wait histograms, per priority class. */
  waitHistograms(): Record<Priority, WaitHistogram> {
    return Object.fromEntries(PRIORITIES.map((p) => [p, { ...this.histograms[p], buckets: [...this.histograms[p].buckets] }])) as Record<Priority, WaitHistogram>;
  }

  allWaitStats(): Record<Priority, WaitStats> {
    return Object.fromEntries(PRIORITIES.map((p) => [p, this.waitStats(p)])) as Record<Priority, WaitStats>;
  }
}
