/**
 * The portal's Prometheus registry (prom-client): one per process, on globalThis, shared by the
 * portal's HTTP server (lib/server/http-server.ts observes every request's duration here) and the
 * /metrics handler inside Next's bundles. Process metrics (CPU, memory, event-loop lag, handles)
 * come from prom-client's defaults; the register's, the queue's and the jobs' are read when
 * scraped (lib/metrics/portal-collectors.ts). With Redis (several instances behind one address)
 * every series carries `portal_instance`, so figures from instances can be told apart and summed.
 */
import { collectDefaultMetrics, Histogram, type MetricType, Registry } from 'prom-client';
import { loadScaleOutConfig } from '@/lib/register/scale-out-config';
import type { Env } from '@/lib/runtime/settings-values';

/** One finished request as the portal's HTTP server reports it (lib/server/http-server.ts). */
export interface HttpObservation {
  method: string;
  route: string;
  status: number;
  seconds: number;
}

export interface PortalRegistry {
  registry: Registry;
  http: Histogram<'route' | 'method' | 'status'>;
  /** Set once the scrape-time collectors are registered. */
  collectors: boolean;
}

const KEY = Symbol.for('fsr-portal.metrics-registry');
type Holder = typeof globalThis & { [KEY]?: PortalRegistry };

/** Request durations from a few milliseconds (cached pages) to a minute (a report of every page). */
const HTTP_BUCKETS = [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

function instanceLabel(env: Env): string | undefined {
  try {
    const scaleOut = loadScaleOutConfig(env);
    return scaleOut.redisUrl ? scaleOut.instanceId : undefined;
  } catch {
    // Unusable scale-out settings stop start-up with their own message.
    return undefined;
  }
}

/** A registry with the process metrics and the HTTP histogram (tests make their own; the portal has one, below). */
export function createPortalRegistry(env: Env = process.env): PortalRegistry {
  const registry = new Registry();
  const instance = instanceLabel(env);
  if (instance) registry.setDefaultLabels({ portal_instance: instance });
  collectDefaultMetrics({ register: registry });
  const http = new Histogram({
    name: 'fsr_http_request_duration_seconds',
    help: 'HTTP requests the portal answered, by route pattern, method and status, and how long each took.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  return { registry, http, collectors: false };
}

/** The process's registry. */
export function portalRegistry(env: Env = process.env): PortalRegistry {
  const holder = globalThis as Holder;
  holder[KEY] ??= createPortalRegistry(env);
  return holder[KEY];
}

/** One finished request (called by the portal's HTTP server). */
export function observeHttp(o: HttpObservation): void {
  portalRegistry().http.observe({ route: o.route, method: o.method, status: String(o.status) }, o.seconds);
}

export interface SampleValue {
  value: number;
  labels?: Record<string, string | number>;
  /** For a histogram's series: `<name>_bucket`, `_sum`, `_count`. */
  metricName?: string;
}

/**
 * A metric whose values are read when it is scraped, from figures kept elsewhere (the register
 * client's counters, the job queue's tables): registered as prom-client reads any metric, by `get()`.
 */
export function registerSnapshot(registry: Registry, name: string, help: string, type: 'counter' | 'gauge' | 'histogram', read: () => Promise<SampleValue[]>): void {
  registry.registerMetric({
    name,
    help,
    type: type as unknown as MetricType,
    aggregator: 'sum',
    async get() {
      return { name, help, type: type as unknown as MetricType, aggregator: 'sum' as const, values: await read() };
    },
    reset() {},
  } as unknown as Parameters<Registry['registerMetric']>[0]);
}
