/**
 * Sandbox settings: the option type `startSandbox` takes, its defaults, validation, and the reader
 * for the environment variables listed in sandbox/README.md. Bad settings fail fast with a message that
 * names the option or variable, because a sandbox silently running with a mistyped rate limit
 * would make every pacing test meaningless.
 */

export interface SandboxAccount {
  email: string;
  key: string;
}

export interface RateLimit {
  /** At most this many requests … */
  requests: number;
  /** … in any rolling window of this many seconds. */
  seconds: number;
}

export interface LatencyRange {
  min: number;
  max: number;
}

export interface SandboxOptions {
  host: string;
  /** 0 picks an ephemeral port. */
  port: number;
  /** Dataset seed (also seeds latency and faults). */
  seed: string | number;
  /** Generated population sizes; the showcase records come on top. */
  firms: number;
  individuals: number;
  funds: number;
  /** Per-request delay in milliseconds, uniform in [min, max]. */
  latency: LatencyRange;
  rateLimit: RateLimit | 'off';
  /** How long a user is blocked after a breach. */
  blockSeconds: number;
  accounts: SandboxAccount[];
  /** HTTP status for the FSR-API-01-01-11 / -21 envelopes (the live one is unknown). */
  authFailureStatus: number;
  /** Fault rates, each 0..1, drawn once per request; their sum must not exceed 1. */
  fault5xx: number;
  faultTimeout: number;
  faultMalformed: number;
  fault429: number;
  /** For a timeout fault: 0 never answers; more answers HTTP 524 after that many ms. */
  faultTimeoutMs: number;
  /** Adds `Retry-After` to 429 answers (the live service sends none). */
  retryAfterHeader: boolean;
  /** Milliseconds clock for the rate limiter and the request log; injectable for tests. */
  clock: () => number;
  /** The register day the sandbox starts on (0 = the generated dataset; see sandbox/README.md, Register days). */
  startDay: number;
  /** Seconds between automatic advances of one register day; 0 = never (the day moves only when asked). */
  daySeconds: number;
}

export const DEFAULT_ACCOUNT: SandboxAccount = { email: 'sandbox@example.com', key: 'sandbox-key' };

export const DEFAULT_OPTIONS: Readonly<SandboxOptions> = Object.freeze({
  host: '127.0.0.1',
  port: 4010,
  seed: 'fsr-sandbox',
  firms: 5000,
  individuals: 15000,
  funds: 1000,
  latency: { min: 150, max: 450 },
  rateLimit: { requests: 50, seconds: 10 },
  blockSeconds: 60,
  accounts: [DEFAULT_ACCOUNT],
  authFailureStatus: 401,
  fault5xx: 0,
  faultTimeout: 0,
  faultMalformed: 0,
  fault429: 0,
  faultTimeoutMs: 0,
  retryAfterHeader: false,
  // Monotonic, so a wall-clock adjustment cannot shorten or stretch a block.
  clock: () => performance.timeOrigin + performance.now(),
  startDay: 0,
  daySeconds: 0,
});

/** The furthest register day the sandbox computes (ten years of evenings). */
export const MAX_REGISTER_DAY = 3650;

/** Limits that keep generation fast and the showcase relations possible. */
export const SIZE_LIMITS = {
  firms: { min: 50, max: 200_000 },
  individuals: { min: 50, max: 500_000 },
  funds: { min: 10, max: 50_000 },
} as const;

export class SandboxConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxConfigError';
  }
}

function fail(message: string): never {
  throw new SandboxConfigError(message);
}

function checkInteger(label: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(`${label} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return value;
}

function checkNumber(label: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    fail(`${label} must be a number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return value;
}

function checkAccount(label: string, account: unknown): SandboxAccount {
  const a = account as Partial<SandboxAccount> | null;
  if (!a || typeof a.email !== 'string' || typeof a.key !== 'string') {
    fail(`${label} must be an object with string email and key`);
  }
  const email = a.email.trim();
  const key = a.key.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) fail(`${label}: "${email}" is not an e-mail address`);
  if (key === '' || /\s/.test(key)) fail(`${label}: the key for ${email} must be non-empty and contain no spaces`);
  return { email, key };
}

/** Names used in messages: option names for code, variable names for the environment. */
type Labels = Record<keyof SandboxOptions, string>;

const OPTION_LABELS: Labels = {
  host: 'option host',
  port: 'option port',
  seed: 'option seed',
  firms: 'option firms',
  individuals: 'option individuals',
  funds: 'option funds',
  latency: 'option latency',
  rateLimit: 'option rateLimit',
  blockSeconds: 'option blockSeconds',
  accounts: 'option accounts',
  authFailureStatus: 'option authFailureStatus',
  fault5xx: 'option fault5xx',
  faultTimeout: 'option faultTimeout',
  faultMalformed: 'option faultMalformed',
  fault429: 'option fault429',
  faultTimeoutMs: 'option faultTimeoutMs',
  retryAfterHeader: 'option retryAfterHeader',
  clock: 'option clock',
  startDay: 'option startDay',
  daySeconds: 'option daySeconds',
};

const ENV_LABELS: Labels = {
  host: 'SANDBOX_HOST',
  port: 'SANDBOX_PORT',
  seed: 'SANDBOX_SEED',
  firms: 'SANDBOX_FIRMS',
  individuals: 'SANDBOX_INDIVIDUALS',
  funds: 'SANDBOX_FUNDS',
  latency: 'SANDBOX_LATENCY_MS',
  rateLimit: 'SANDBOX_RATE_LIMIT',
  blockSeconds: 'SANDBOX_BLOCK_SECONDS',
  accounts: 'SANDBOX_EMAIL / SANDBOX_KEY / SANDBOX_ACCOUNTS',
  authFailureStatus: 'SANDBOX_AUTH_STATUS',
  fault5xx: 'SANDBOX_FAULT_5XX',
  faultTimeout: 'SANDBOX_FAULT_TIMEOUT',
  faultMalformed: 'SANDBOX_FAULT_MALFORMED',
  fault429: 'SANDBOX_FAULT_429',
  faultTimeoutMs: 'SANDBOX_FAULT_TIMEOUT_MS',
  retryAfterHeader: 'SANDBOX_RETRY_AFTER',
  clock: 'clock',
  startDay: 'SANDBOX_START_DAY',
  daySeconds: 'SANDBOX_DAY_SECONDS',
};

function validate(options: SandboxOptions, labels: Labels): SandboxOptions {
  const host = typeof options.host === 'string' ? options.host.trim() : '';
  if (host === '') fail(`${labels.host} must be a host name or IP address`);
  const port = checkInteger(labels.port, options.port, 0, 65535);
  const seed = options.seed;
  if ((typeof seed !== 'string' && typeof seed !== 'number') || String(seed).trim() === '') {
    fail(`${labels.seed} must be a non-empty string or number`);
  }
  const firms = checkInteger(labels.firms, options.firms, SIZE_LIMITS.firms.min, SIZE_LIMITS.firms.max);
  const individuals = checkInteger(labels.individuals, options.individuals, SIZE_LIMITS.individuals.min, SIZE_LIMITS.individuals.max);
  const funds = checkInteger(labels.funds, options.funds, SIZE_LIMITS.funds.min, SIZE_LIMITS.funds.max);

  const latency = options.latency;
  if (!latency || typeof latency !== 'object') fail(`${labels.latency} must be { min, max } in milliseconds`);
  checkInteger(`${labels.latency} min`, latency.min, 0, 600_000);
  checkInteger(`${labels.latency} max`, latency.max, 0, 600_000);
  if (latency.max < latency.min) fail(`${labels.latency}: max (${latency.max}) is below min (${latency.min})`);

  let rateLimit: RateLimit | 'off' = options.rateLimit;
  if (rateLimit !== 'off') {
    if (!rateLimit || typeof rateLimit !== 'object') fail(`${labels.rateLimit} must be { requests, seconds } or 'off'`);
    checkInteger(`${labels.rateLimit} requests`, rateLimit.requests, 1, 1_000_000);
    checkNumber(`${labels.rateLimit} seconds`, rateLimit.seconds, 0.001, 86_400);
    rateLimit = { requests: rateLimit.requests, seconds: rateLimit.seconds };
  }
  const blockSeconds = checkNumber(labels.blockSeconds, options.blockSeconds, 0, 86_400);

  if (!Array.isArray(options.accounts) || options.accounts.length === 0) {
    fail(`${labels.accounts} must list at least one account`);
  }
  const accounts = options.accounts.map((a, i) => checkAccount(`${labels.accounts} [${i}]`, a));
  const seen = new Set<string>();
  for (const a of accounts) {
    const lower = a.email.toLowerCase();
    if (seen.has(lower)) fail(`${labels.accounts}: ${a.email} is listed twice`);
    seen.add(lower);
  }

  const authFailureStatus = checkInteger(labels.authFailureStatus, options.authFailureStatus, 200, 599);
  const fault5xx = checkNumber(labels.fault5xx, options.fault5xx, 0, 1);
  const faultTimeout = checkNumber(labels.faultTimeout, options.faultTimeout, 0, 1);
  const faultMalformed = checkNumber(labels.faultMalformed, options.faultMalformed, 0, 1);
  const fault429 = checkNumber(labels.fault429, options.fault429, 0, 1);
  const sum = fault5xx + faultTimeout + faultMalformed + fault429;
  if (sum > 1 + 1e-9) {
    fail(`fault rates add up to ${sum.toFixed(3)} (${labels.fault5xx} + ${labels.faultTimeout} + ` + `${labels.faultMalformed} + ${labels.fault429}); their sum must not exceed 1`);
  }
  const faultTimeoutMs = checkInteger(labels.faultTimeoutMs, options.faultTimeoutMs, 0, 3_600_000);
  if (typeof options.retryAfterHeader !== 'boolean') fail(`${labels.retryAfterHeader} must be true or false`);
  if (typeof options.clock !== 'function') fail(`${labels.clock} must be a function returning milliseconds`);
  const startDay = checkInteger(labels.startDay, options.startDay, 0, MAX_REGISTER_DAY);
  const daySeconds = checkNumber(labels.daySeconds, options.daySeconds, 0, 31_536_000);
  if (daySeconds > 0 && daySeconds < 0.05) fail(`${labels.daySeconds} must be 0 (off) or at least 0.05 seconds, got ${daySeconds}`);

  return {
    host,
    port,
    seed: String(seed).trim(),
    firms,
    individuals,
    funds,
    latency: { min: latency.min, max: latency.max },
    rateLimit,
    blockSeconds,
    accounts,
    authFailureStatus,
    fault5xx,
    faultTimeout,
    faultMalformed,
    fault429,
    faultTimeoutMs,
    retryAfterHeader: options.retryAfterHeader,
    clock: options.clock,
    startDay,
    daySeconds,
  };
}

/** Defaults filled in and every value checked; throws SandboxConfigError naming the option. */
export function resolveSandboxOptions(options: Partial<SandboxOptions> = {}): SandboxOptions {
  const merged: SandboxOptions = { ...DEFAULT_OPTIONS, ...stripUndefined(options) } as SandboxOptions;
  return validate(merged, OPTION_LABELS);
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Environment

type Env = Record<string, string | undefined>;

function envValue(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function envInteger(env: Env, name: string): number | undefined {
  const raw = envValue(env, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) fail(`${name} must be a whole number, got "${raw}"`);
  return Number(raw);
}

function envNumber(env: Env, name: string): number | undefined {
  const raw = envValue(env, name);
  if (raw === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(raw)) fail(`${name} must be a number, got "${raw}"`);
  return Number(raw);
}

function envRate(env: Env, name: string): number | undefined {
  const raw = envValue(env, name);
  if (raw === undefined) return undefined;
  if (!/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(raw)) fail(`${name} must be a rate from 0 to 1 (e.g. 0.05), got "${raw}"`);
  return Number(raw);
}

function envBoolean(env: Env, name: string): boolean | undefined {
  const raw = envValue(env, name);
  if (raw === undefined) return undefined;
  const lower = raw.toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(lower)) return true;
  if (['0', 'false', 'off', 'no'].includes(lower)) return false;
  fail(`${name} must be on or off (1/0, true/false), got "${raw}"`);
}

/** `N` or `MIN-MAX` milliseconds. */
export function parseLatency(raw: string, name = 'SANDBOX_LATENCY_MS'): LatencyRange {
  const single = /^(\d+)$/.exec(raw);
  if (single) return { min: Number(single[1]), max: Number(single[1]) };
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(raw);
  if (range) {
    const min = Number(range[1]);
    const max = Number(range[2]);
    if (max < min) fail(`${name}: in "${raw}" the maximum is below the minimum`);
    return { min, max };
  }
  fail(`${name} must be N or MIN-MAX milliseconds (e.g. 0 or 150-450), got "${raw}"`);
}

/** `REQUESTS/SECONDS` or `off`. */
export function parseRateLimit(raw: string, name = 'SANDBOX_RATE_LIMIT'): RateLimit | 'off' {
  if (raw.toLowerCase() === 'off') return 'off';
  const m = /^(\d+)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(raw);
  if (!m) fail(`${name} must be REQUESTS/SECONDS (e.g. 50/10) or off, got "${raw}"`);
  const requests = Number(m[1]);
  const seconds = Number(m[2]);
  if (requests < 1 || seconds <= 0) fail(`${name}: requests and seconds must both be above zero, got "${raw}"`);
  return { requests, seconds };
}

/** `email:key,email:key` (extra accounts). */
export function parseAccounts(raw: string, name = 'SANDBOX_ACCOUNTS'): SandboxAccount[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const colon = part.indexOf(':');
      if (colon <= 0 || colon === part.length - 1) {
        fail(`${name} entries must look like email:key (comma-separated), got "${part}"`);
      }
      return checkAccount(name, { email: part.slice(0, colon), key: part.slice(colon + 1) });
    });
}

/** Reads the SANDBOX_* variables (listed in sandbox/README.md); anything unset keeps its default. */
export function sandboxOptionsFromEnv(env: Env = process.env): SandboxOptions {
  const options: SandboxOptions = { ...DEFAULT_OPTIONS };
  const host = envValue(env, 'SANDBOX_HOST');
  if (host !== undefined) options.host = host;
  const port = envInteger(env, 'SANDBOX_PORT');
  if (port !== undefined) options.port = port;
  const seed = envValue(env, 'SANDBOX_SEED');
  if (seed !== undefined) options.seed = seed;
  const firms = envInteger(env, 'SANDBOX_FIRMS');
  if (firms !== undefined) options.firms = firms;
  const individuals = envInteger(env, 'SANDBOX_INDIVIDUALS');
  if (individuals !== undefined) options.individuals = individuals;
  const funds = envInteger(env, 'SANDBOX_FUNDS');
  if (funds !== undefined) options.funds = funds;
  const latency = envValue(env, 'SANDBOX_LATENCY_MS');
  if (latency !== undefined) options.latency = parseLatency(latency);
  const rate = envValue(env, 'SANDBOX_RATE_LIMIT');
  if (rate !== undefined) options.rateLimit = parseRateLimit(rate);
  const block = envNumber(env, 'SANDBOX_BLOCK_SECONDS');
  if (block !== undefined) options.blockSeconds = block;
  const authStatus = envInteger(env, 'SANDBOX_AUTH_STATUS');
  if (authStatus !== undefined) options.authFailureStatus = authStatus;

  const email = envValue(env, 'SANDBOX_EMAIL') ?? DEFAULT_ACCOUNT.email;
  const key = envValue(env, 'SANDBOX_KEY') ?? DEFAULT_ACCOUNT.key;
  const main = checkAccount('SANDBOX_EMAIL / SANDBOX_KEY', { email, key });
  const extra = envValue(env, 'SANDBOX_ACCOUNTS');
  options.accounts = [main, ...(extra !== undefined ? parseAccounts(extra) : [])];

  const f5 = envRate(env, 'SANDBOX_FAULT_5XX');
  if (f5 !== undefined) options.fault5xx = f5;
  const ft = envRate(env, 'SANDBOX_FAULT_TIMEOUT');
  if (ft !== undefined) options.faultTimeout = ft;
  const fm = envRate(env, 'SANDBOX_FAULT_MALFORMED');
  if (fm !== undefined) options.faultMalformed = fm;
  const f4 = envRate(env, 'SANDBOX_FAULT_429');
  if (f4 !== undefined) options.fault429 = f4;
  const ftMs = envInteger(env, 'SANDBOX_FAULT_TIMEOUT_MS');
  if (ftMs !== undefined) options.faultTimeoutMs = ftMs;
  const retryAfter = envBoolean(env, 'SANDBOX_RETRY_AFTER');
  if (retryAfter !== undefined) options.retryAfterHeader = retryAfter;
  const startDay = envInteger(env, 'SANDBOX_START_DAY');
  if (startDay !== undefined) options.startDay = startDay;
  const daySeconds = envNumber(env, 'SANDBOX_DAY_SECONDS');
  if (daySeconds !== undefined) options.daySeconds = daySeconds;

  return validate(options, ENV_LABELS);
}
