/**
 * What people use today instead of the portal: register wrappers with no pacing. Both fetch the
 * data of a full firm report (the record, every page of all twelve sections, every passport
 * country's permissions and every requirement's investment types) with plain fetch and the API
 * headers, no cache and no budget.
 *
 * - sequential: one request at a time, following each list's `Next` link, as the public wrappers
 *   do. At the sandbox's live-like latency this stays under 5 requests a second by accident.
 * - parallel: every request at once. It is given the full list of URLs up front (found by the
 *   sequential walk against an unthrottled sandbox), which is its best case: no discovery round
 *   trips. It breaches the limit and is blocked.
 *
 * Both answer a 429 the way a simple retry loop does: wait one window (10 s) and try again, until
 * the data is in or GIVE_UP passes. Requests made during a block are answered 429 and counted, but
 * (as on the live service) do not extend it.
 */

/** The firm's sub-resources, in the register's own path spelling. The firm record links all but CF, so a wrapper lists them itself. */
export const FIRM_SECTION_PATHS = [
  'Address',
  'AR',
  'CF',
  'DisciplinaryHistory',
  'Exclusions',
  'Individuals',
  'Names',
  'Passports',
  'Permissions',
  'Regulators',
  'Requirements',
  'Waivers',
] as const;

/** How a simple client retries a 429: after one window of the limit. */
export const RETRY_AFTER_MS = 10_000;
/** Longest a list may be followed; the largest showcase list has 83 pages. */
const MAX_PAGES_PER_LIST = 200;

export interface NaiveAccount {
  email: string;
  key: string;
}

export interface NaiveRun {
  client: 'sequential' | 'parallel';
  frn: string;
  /** From the first request until every page was in (or the client gave up). */
  seconds: number;
  complete: boolean;
  /** Distinct register pages the data needed. */
  pages: number;
  /** Requests sent, retries included. */
  requests: number;
  /** 429 answers received. */
  rateLimited: number;
  /** Other failures (non-JSON body, HTTP error), each retried like a 429. */
  errors: number;
  /** Parallel only: answers to the first burst. */
  firstBurst?: { ok: number; rateLimited: number };
}

interface Tally {
  requests: number;
  rateLimited: number;
  errors: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One page, retried after a 429 or failure until it is in or the deadline passes; undefined if it never came. */
async function fetchPage(
  url: string,
  account: NaiveAccount,
  tally: Tally,
  deadline: number,
  onFirst?: (outcome: 'ok' | 'rate-limited' | 'error') => void,
): Promise<unknown | undefined> {
  for (let attempt = 0; ; attempt++) {
    tally.requests += 1;
    let outcome: 'ok' | 'rate-limited' | 'error' = 'error';
    let body: unknown;
    try {
      const res = await fetch(url, { headers: { 'X-AUTH-EMAIL': account.email, 'X-AUTH-KEY': account.key, Accept: 'application/json' } });
      const text = await res.text();
      if (res.status === 429) outcome = 'rate-limited';
      else if (res.ok) {
        body = JSON.parse(text);
        outcome = 'ok';
      }
    } catch {
      outcome = 'error';
    }
    if (attempt === 0) onFirst?.(outcome);
    if (outcome === 'ok') return body;
    if (outcome === 'rate-limited') tally.rateLimited += 1;
    else tally.errors += 1;
    if (performance.now() + RETRY_AFTER_MS > deadline) return undefined;
    await sleep(RETRY_AFTER_MS);
  }
}

function nextLink(body: unknown): string | undefined {
  const next = (body as { ResultInfo?: { Next?: unknown } | null } | null)?.ResultInfo?.Next;
  return typeof next === 'string' && next !== '' ? next : undefined;
}

/** Links to per-country permissions and per-requirement investment types found anywhere in a page's Data. */
function detailLinks(body: unknown): string[] {
  const found: string[] = [];
  const visit = (v: unknown) => {
    if (typeof v === 'string') {
      if (/^https?:\/\/.+\/(Passports\/[^/]+\/Permission|Requirements\/[^/]+\/InvestmentTypes)$/.test(v)) found.push(v);
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  visit((body as { Data?: unknown } | null)?.Data);
  return found;
}

/** Every page of one list, following Next links; returns the pages' URLs and whether the list ended normally. */
async function followList(firstUrl: string, account: NaiveAccount, tally: Tally, deadline: number, onPage: (url: string, body: unknown) => void): Promise<boolean> {
  let url: string | undefined = firstUrl;
  for (let n = 0; url && n < MAX_PAGES_PER_LIST; n++) {
    const body = await fetchPage(url, account, tally, deadline);
    if (body === undefined) return false;
    onPage(url, body);
    url = nextLink(body);
  }
  return url === undefined;
}

/** Relative form of a register URL (path and query after the base), so a walk on one sandbox can be replayed on another. */
export function relativeToBase(url: string, baseUrl: string): string {
  const base = new URL(baseUrl);
  const u = new URL(url);
  const marker = base.pathname.replace(/\/+$/, '');
  const at = u.pathname.indexOf(marker);
  // Subfund-style links to Salesforce's apexrest path keep their path as is.
  return at >= 0 ? u.pathname.slice(at + marker.length) + u.search : u.pathname + u.search;
}

/** The sequential wrapper: record, then each section page by page, then each detail list, one request at a time. */
export async function naiveSequential(baseUrl: string, account: NaiveAccount, frn: string, giveUpMs: number): Promise<NaiveRun & { paths: string[] }> {
  const tally: Tally = { requests: 0, rateLimited: 0, errors: 0 };
  const started = performance.now();
  const deadline = started + giveUpMs;
  const paths: string[] = [];
  const details: string[] = [];
  let complete = true;
  const record = await fetchPage(`${baseUrl}/Firm/${frn}`, account, tally, deadline);
  if (record === undefined) complete = false;
  else paths.push(`/Firm/${frn}`);
  for (const section of FIRM_SECTION_PATHS) {
    if (!complete) break;
    complete = await followList(`${baseUrl}/Firm/${frn}/${section}`, account, tally, deadline, (url, body) => {
      paths.push(relativeToBase(url, baseUrl));
      if (section === 'Passports' || section === 'Requirements') details.push(...detailLinks(body));
    });
  }
  for (const link of [...new Set(details)]) {
    if (!complete) break;
    complete = await followList(link, account, tally, deadline, (url) => paths.push(relativeToBase(url, baseUrl)));
  }
  return { client: 'sequential', frn, seconds: (performance.now() - started) / 1000, complete, pages: paths.length, ...tally, paths };
}

/** The unpaced parallel wrapper: every URL at once, each retried on its own after a 429. */
export async function naiveParallel(baseUrl: string, account: NaiveAccount, frn: string, paths: readonly string[], giveUpMs: number): Promise<NaiveRun> {
  const tally: Tally = { requests: 0, rateLimited: 0, errors: 0 };
  const firstBurst = { ok: 0, rateLimited: 0 };
  const started = performance.now();
  const deadline = started + giveUpMs;
  const bodies = await Promise.all(
    paths.map((p) =>
      fetchPage(`${baseUrl}${p}`, account, tally, deadline, (outcome) => {
        if (outcome === 'ok') firstBurst.ok += 1;
        else if (outcome === 'rate-limited') firstBurst.rateLimited += 1;
      }),
    ),
  );
  return {
    client: 'parallel',
    frn,
    seconds: (performance.now() - started) / 1000,
    complete: bodies.every((b) => b !== undefined),
    pages: paths.length,
    ...tally,
    firstBurst,
  };
}
