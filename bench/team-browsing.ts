/**
 * What a team's browsing looks like to the portal: which firms people open (a Zipf-like skew, a
 * few firms everyone looks at and a long tail looked at once) and what each page says about where
 * its data came from. Pure functions, so the skew and the page reading are tested on their own.
 */
import { Rng } from '@/sandbox/prng';

/** Draws ranks 0..n−1 with probability proportional to 1 / (rank + 1)^s. */
export class ZipfPicker {
  private readonly cumulative: number[];

  constructor(n: number, s: number) {
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`Zipf needs at least one item, got ${n}`);
    let total = 0;
    this.cumulative = Array.from({ length: n }, (_, r) => (total += 1 / Math.pow(r + 1, s)));
    this.cumulative = this.cumulative.map((c) => c / total);
  }

  pick(rng: Rng): number {
    const u = rng.next();
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > u) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Share of draws expected to land on the first `k` ranks. */
  share(k: number): number {
    return this.cumulative[Math.min(k, this.cumulative.length) - 1] ?? 0;
  }
}

export interface PageReading {
  /** Register reads the page shows as served from the portal's cache / fetched live (its provenance lines). */
  cached: number;
  live: number;
  /** The page said the register was busy (rate-limited) for some part. */
  busy: boolean;
  /** Overview section counts rendered, and of those shown as unavailable (background calls that found no free slot in time). */
  counts: number;
  countsUnavailable: number;
}

/**
 * Reads a rendered page's provenance lines (components/register/provenance-line.tsx: "from the
 * portal's cache (…)" or "live"), its rate-limit notices and its unavailable counts. Only the
 * HTML elements are read, not the RSC payload that repeats them in a script.
 */
export function readPage(html: string): PageReading {
  let cached = 0;
  let live = 0;
  const re = /<p[^>]*data-testid="provenance"[^>]*>([\s\S]*?)<\/p>/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const text = m[1].replace(/<!-- -->/g, '').replace(/&#x27;|&#39;/g, "'");
    if (text.includes("from the portal's cache")) cached += 1;
    else if (/>live</.test(text)) live += 1;
  }
  return {
    cached,
    live,
    busy: /<p[^>]*>The register is busy/.test(html),
    counts: (html.match(/<span[^>]*data-testid="count-[a-z-]+"/g) ?? []).length,
    countsUnavailable: (html.match(/>\(count not available just now\)</g) ?? []).length,
  };
}
