/**
 * Scrapes the portal's /metrics during a scenario, as Prometheus would, and sets what it reports
 * beside what the benchmark counts itself at the sandbox: register requests and 429s. Each scrape
 * reads the sandbox's counters at the same moment, so the two can be compared scrape by scrape; a
 * request in flight at that moment is counted by the portal when sent and by the sandbox when it
 * arrives, so they may differ by what is in flight, never by more than one interval's requests.
 */

export interface MetricsCounts {
  /** fsr_register_sent_total, summed over instances. */
  sent: number;
  /** fsr_register_429_received_total, summed over instances. */
  received429: number;
}

export interface MetricsAgreement {
  intervalSeconds: number;
  scrapes: number;
  /** From /metrics, since the first scrape. */
  sent: number;
  received429: number;
  /** What the benchmark counted at the sandbox over the same span. */
  benchRequests: number;
  bench429: number;
  /** The largest |portal − sandbox| over the scrapes (requests in flight at a scrape). */
  maxDifference: number;
  /** The most requests the sandbox saw in one interval: the bound the difference must stay within. */
  maxPerInterval: number;
}

/** The sum of a metric's samples (every label set) in Prometheus text; undefined when absent. */
export function metricSum(text: string, name: string): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== ' ' && rest[0] !== '{') continue;
    const value = Number(rest.slice(rest.lastIndexOf(' ') + 1));
    if (Number.isFinite(value)) total = (total ?? 0) + value;
  }
  return total;
}

export async function scrapeCounts(baseUrls: string[], authorization: string): Promise<MetricsCounts> {
  const texts = await Promise.all(
    baseUrls.map(async (url) => {
      const res = await fetch(`${url}/metrics`, { headers: { authorization }, signal: AbortSignal.timeout(5_000) });
      if (res.status !== 200) throw new Error(`GET ${url}/metrics answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      return res.text();
    }),
  );
  return {
    sent: texts.reduce((n, t) => n + (metricSum(t, 'fsr_register_sent_total') ?? Number.NaN), 0),
    received429: texts.reduce((n, t) => n + (metricSum(t, 'fsr_register_429_received_total') ?? Number.NaN), 0),
  };
}

/** Starts scraping every `intervalMs`; `stop()` takes a last scrape and says how the two counts agree. */
export async function startMetricsScraper(options: {
  baseUrls: string[];
  authorization: string;
  intervalMs: number;
  /** The benchmark's own count at the sandbox, now. */
  benchCounts(): { requests: number; rateLimited: number };
}): Promise<{ stop(): Promise<MetricsAgreement> }> {
  const points: Array<MetricsCounts & { requests: number; rateLimited: number }> = [];
  const scrape = async () => {
    const bench = options.benchCounts();
    const counts = await scrapeCounts(options.baseUrls, options.authorization);
    points.push({ ...counts, ...bench });
  };
  await scrape();
  let failure: unknown;
  const timer = setInterval(() => void scrape().catch((error: unknown) => (failure ??= error)), options.intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await scrape();
      if (failure) throw failure;
      const first = points[0];
      const last = points[points.length - 1];
      let maxDifference = 0;
      let maxPerInterval = 0;
      for (let i = 0; i < points.length; i++) {
        const p = points[i];
        maxDifference = Math.max(maxDifference, Math.abs(p.sent - first.sent - (p.requests - first.requests)));
        if (i > 0) maxPerInterval = Math.max(maxPerInterval, p.requests - points[i - 1].requests);
      }
      return {
        intervalSeconds: options.intervalMs / 1000,
        scrapes: points.length,
        sent: last.sent - first.sent,
        received429: last.received429 - first.received429,
        benchRequests: last.requests - first.requests,
        bench429: last.rateLimited - first.rateLimited,
        maxDifference,
        maxPerInterval,
      };
    },
  };
}

export function describeAgreement(a: MetricsAgreement): string {
  const agree = a.maxDifference <= Math.max(1, a.maxPerInterval) && a.received429 === a.bench429;
  return `  /metrics scraped every ${a.intervalSeconds} s (${a.scrapes} scrapes): ${a.sent} register requests and ${a.received429} × 429 reported; the bench counted ${a.benchRequests} and ${a.bench429} × 429 at the sandbox; largest difference at one scrape ${a.maxDifference} (one interval held at most ${a.maxPerInterval}): ${agree ? 'they agree' : 'THEY DISAGREE'}`;
}
