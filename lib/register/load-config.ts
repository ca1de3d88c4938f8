import { RegisterCredentials } from './credentials';
import type { RegisterSource } from './result';
import { type Env, settingValue, wholeNumberIn } from '@/lib/runtime/settings-values';

/**
 * Register client settings from the environment. Every message names the variable at fault; the
 * API key's value never appears in a message. Plain module (no server-only) so scripts such as the
 * start orchestration and benchmarks can read the same settings; pages use config.ts.
 */

export const LIVE_REGISTER_HOST = 'register.fca.org.uk';
export const LIVE_BASE_URL = `https://${LIVE_REGISTER_HOST}/services/V0.1`;
/** The register's published limit: 50 requests per 10 s per API user. */
export const LIVE_LIMIT = { requests: 50, seconds: 10 } as const;

export interface RateSettings {
  /** Requests allowed in any rolling window. */
  limit: number;
  windowMs: number;
  /** Added to the window as headroom for timer and clock granularity. */
  marginMs: number;
  /** Minimum block after a 429 (longer if the register says so in Retry-After). */
  blockSeconds: number;
  /** Slots of every window that report and background requests leave to interactive ones. */
  interactiveReserve: number;
  /**
   * Slots of every window all API tokens together may take (FSR_RATE_PROGRAM_SHARE, a percentage of
   * the limit): programs never crowd out people's pages, whatever their own ceilings allow.
   */
  programLimit: number;
}

/** Default share of the budget all programs (API tokens) together may use: 30 %, 13 of 45. */
export const DEFAULT_PROGRAM_SHARE_PERCENT = 30;

/** Requests per window for every program together: `percent` of the limit, at least one. */
export function programLimit(limit: number, percent: number): number {
  return Math.max(1, Math.floor((limit * percent) / 100));
}

export interface CacheSettings {
  freshSeconds: number;
  staleSeconds: number;
  notFoundSeconds: number;
  searchFreshSeconds: number;
  marketsFreshSeconds: number;
  maxEntries: number;
}

export interface RegisterConfig {
  baseUrl: string;
  source: RegisterSource;
  credentials: RegisterCredentials;
  rate: RateSettings;
  cache: CacheSettings;
  timeoutMs: number;
  /** Retries after a network error or 5xx (each takes a pacer slot). */
  retries: number;
}

export class RegisterConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Register client configuration is invalid:\n- ${problems.join('\n- ')}`);
    this.name = 'RegisterConfigError';
    this.problems = problems;
  }
}

/** A whole-number setting: its range, and how a value outside it is refused. */
interface WholeSetting {
  min: number;
  max: number;
  outOfRange: string;
}

const positiveInt = (name: string, max: number): WholeSetting => ({ min: 1, max, outOfRange: `${name} must be between 1 and ${max}` });
const nonNegativeInt = (name: string, max: number): WholeSetting => ({ min: 0, max, outOfRange: `${name} must be at most ${max}` });

/** Reads an optional whole-number variable, collecting a problem (and using the fallback) instead of throwing. */
function read(env: Env, name: string, setting: WholeSetting, fallback: number, problems: string[]): number {
  const raw = settingValue(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) {
    problems.push(`${name} must be a whole number`);
    return fallback;
  }
  const value = wholeNumberIn(raw, setting.min, setting.max);
  if (value === undefined) problems.push(setting.outOfRange);
  return value ?? fallback;
}

function isLiveHost(url: URL): boolean {
  return url.hostname.toLowerCase() === LIVE_REGISTER_HOST;
}

/** Parses and validates the register settings from `env`. Throws RegisterConfigError listing every problem. */
export function loadRegisterConfig(env: Env = process.env): RegisterConfig {
  const problems: string[] = [];
  const key = settingValue(env, 'FSR_API_KEY');
  const email = settingValue(env, 'FSR_API_EMAIL');

  // Base URL: the sandbox when no key is set, else the live register.
  const sandboxHost = settingValue(env, 'SANDBOX_HOST') ?? '127.0.0.1';
  const sandboxPortRaw = settingValue(env, 'SANDBOX_PORT') ?? '4010';
  if (wholeNumberIn(sandboxPortRaw, 1, 65535) === undefined) {
    problems.push('SANDBOX_PORT must be a port number between 1 and 65535');
  }
  const hostForUrl = sandboxHost.includes(':') && !sandboxHost.startsWith('[') ? `[${sandboxHost}]` : sandboxHost;
  const defaultBase = key ? LIVE_BASE_URL : `http://${hostForUrl}:${sandboxPortRaw}/services/V0.1`;
  const baseRaw = (env.FSR_API_BASE_URL?.trim() || defaultBase).replace(/\/+$/, '');
  let baseUrl = baseRaw;
  let source: RegisterSource = 'sandbox';
  try {
    const url = new URL(baseRaw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      problems.push('FSR_API_BASE_URL must be an http or https URL');
    } else if (url.username || url.password) {
      problems.push('FSR_API_BASE_URL must not contain credentials; set FSR_API_EMAIL and FSR_API_KEY instead');
    } else if (url.search || url.hash) {
      problems.push('FSR_API_BASE_URL must not have a query string or fragment');
    } else if (!/\/services\/V0\.1$/.test(url.pathname)) {
      problems.push('FSR_API_BASE_URL must end in /services/V0.1');
    } else {
      source = isLiveHost(url) ? 'live' : 'sandbox';
      if (source === 'live' && url.protocol !== 'https:') problems.push('FSR_API_BASE_URL must use https for the live register');
      baseUrl = `${url.origin}${url.pathname}`;
    }
  } catch {
    problems.push('FSR_API_BASE_URL is not a valid URL (expected e.g. https://register.fca.org.uk/services/V0.1)');
  }

  // Credentials: both or neither; without them the sandbox's default account.
  let credentials = new RegisterCredentials('', '');
  if (key && !email) problems.push('FSR_API_EMAIL is required when FSR_API_KEY is set');
  else if (email && !key) problems.push('FSR_API_KEY is required when FSR_API_EMAIL is set');
  else if (key && email) {
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) problems.push('FSR_API_EMAIL must be an e-mail address');
    // Never echo the key: say what is wrong with it, not what it is.
    if (/\s/.test(key)) problems.push('FSR_API_KEY must not contain spaces or line breaks');
    credentials = new RegisterCredentials(email, key);
  } else {
    if (source === 'live') {
      problems.push('FSR_API_BASE_URL points at the live register but FSR_API_EMAIL and FSR_API_KEY are not set');
    }
    const sandboxEmail = env.SANDBOX_EMAIL?.trim() || 'sandbox@example.com';
    const sandboxKey = env.SANDBOX_KEY?.trim() || 'sandbox-key';
    credentials = new RegisterCredentials(sandboxEmail, sandboxKey);
  }

  // Budget "REQUESTS/SECONDS".
  let limit = 45;
  let windowSeconds = 10;
  const budgetRaw = env.FSR_RATE_BUDGET?.trim();
  if (budgetRaw) {
    const m = /^(\d+)\s*\/\s*(\d+)$/.exec(budgetRaw);
    // The value is not echoed: a key pasted into the wrong variable must not reach a log.
    if (!m) problems.push('FSR_RATE_BUDGET must look like REQUESTS/SECONDS, e.g. 45/10');
    else {
      const [requests, seconds] = [Number(m[1]), Number(m[2])];
      if (requests < 1 || requests > 10_000) problems.push('FSR_RATE_BUDGET requests must be between 1 and 10000');
      else if (seconds < 1 || seconds > 3600) problems.push('FSR_RATE_BUDGET seconds must be between 1 and 3600');
      else {
        limit = requests;
        windowSeconds = seconds;
      }
    }
  }
  if (source === 'live' && limit / windowSeconds > LIVE_LIMIT.requests / LIVE_LIMIT.seconds) {
    problems.push(`FSR_RATE_BUDGET ${limit}/${windowSeconds} exceeds the live register's limit of ${LIVE_LIMIT.requests} per ${LIVE_LIMIT.seconds} s`);
  }
  // Network delay is already covered (a request counts from when its answer arrives); the margin
  // only absorbs timer and clock granularity, so it can stay small.
  const marginMs = read(env, 'FSR_RATE_MARGIN_MS', nonNegativeInt('FSR_RATE_MARGIN_MS', 60_000), 250, problems);
  const blockSeconds = read(env, 'FSR_RATE_BLOCK_SECONDS', positiveInt('FSR_RATE_BLOCK_SECONDS', 3600), 60, problems);
  // Five slots of 45 (an eighth of a small budget) keep page loads quick behind a report walk
  // while costing the walk about a ninth of its speed.
  const interactiveReserve = read(env, 'FSR_RATE_INTERACTIVE_RESERVE', nonNegativeInt('FSR_RATE_INTERACTIVE_RESERVE', 10_000), Math.min(5, Math.floor(limit / 8)), problems);
  if (interactiveReserve >= limit) problems.push(`FSR_RATE_INTERACTIVE_RESERVE must be less than the budget's ${limit} requests`);
  // Programs (API tokens) together: a share of the budget, so that 20 busy scripts leave people's pages their pace.
  const programSharePercent = read(
    env,
    'FSR_RATE_PROGRAM_SHARE',
    { min: 1, max: 100, outOfRange: 'FSR_RATE_PROGRAM_SHARE must be a percentage of the budget from 1 to 100' },
    DEFAULT_PROGRAM_SHARE_PERCENT,
    problems,
  );

  const freshSeconds = read(env, 'FSR_CACHE_FRESH_SECONDS', nonNegativeInt('FSR_CACHE_FRESH_SECONDS', 86_400), 900, problems);
  const staleSeconds = read(env, 'FSR_CACHE_STALE_SECONDS', nonNegativeInt('FSR_CACHE_STALE_SECONDS', 7 * 86_400), 86_400, problems);
  const notFoundSeconds = read(env, 'FSR_CACHE_NOT_FOUND_SECONDS', nonNegativeInt('FSR_CACHE_NOT_FOUND_SECONDS', 86_400), 120, problems);
  const searchFreshSeconds = read(env, 'FSR_CACHE_SEARCH_FRESH_SECONDS', nonNegativeInt('FSR_CACHE_SEARCH_FRESH_SECONDS', 86_400), Math.min(300, freshSeconds), problems);
  const marketsFreshSeconds = read(env, 'FSR_CACHE_MARKETS_FRESH_SECONDS', nonNegativeInt('FSR_CACHE_MARKETS_FRESH_SECONDS', 7 * 86_400), Math.max(21_600, freshSeconds), problems);
  const maxEntries = read(env, 'FSR_CACHE_MAX_ENTRIES', positiveInt('FSR_CACHE_MAX_ENTRIES', 1_000_000), 5000, problems);
  if (staleSeconds < freshSeconds) problems.push('FSR_CACHE_STALE_SECONDS must be at least FSR_CACHE_FRESH_SECONDS');

  const timeoutMs = read(env, 'FSR_API_TIMEOUT_MS', positiveInt('FSR_API_TIMEOUT_MS', 300_000), 15_000, problems);
  const retries = read(env, 'FSR_API_RETRIES', nonNegativeInt('FSR_API_RETRIES', 5), 2, problems);

  if (problems.length > 0) throw new RegisterConfigError(problems.map((p) => credentials.redact(p)));
  return {
    baseUrl,
    source,
    credentials,
    rate: { limit, windowMs: windowSeconds * 1000, marginMs, blockSeconds, interactiveReserve, programLimit: programLimit(limit, programSharePercent) },
    cache: { freshSeconds, staleSeconds, notFoundSeconds, searchFreshSeconds, marketsFreshSeconds, maxEntries },
    timeoutMs,
    retries,
  };
}

/** How the UI names the register it is connected to. */
export function sourceLabel(source: RegisterSource): string {
  return source === 'live' ? 'FCA Financial Services Register' : 'Sandbox register (offline, fictional data)';
}
