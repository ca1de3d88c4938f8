/**
 * The offline register: a node:http server answering the FCA Register API V0.1 under
 * `/services/V0.1`, with the live service's authentication, rate limit and block, plus latency and
 * fault injection, and operator endpoints under `/__sandbox/` for tests and benchmarks.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_REGISTER_DAY, resolveSandboxOptions, type SandboxAccount, type SandboxOptions } from './config';
import { buildDataset } from './dataset/generate';
import { timelineFor } from './dataset/timeline';
import type { DayChange } from './dataset/day-state';
import { FaultInjector, TIMEOUT_524, type RawAnswer } from './faults';
import { RateLimiter, type UserStats } from './rate-limit';
import { CONTENT_TYPE, allNull, envelope, type ApiAnswer } from './api/envelope';
import { compactJson, prettyJson } from './api/json-format';
import { route } from './api/router';
import { ukTimestamp } from './api/uk-time';
import type { ApiContext } from './api/context';

export type { SandboxOptions } from './config';
export type SandboxStats = Record<string, UserStats>;

/** GET /__sandbox/day: where the sandbox register is in time. */
export interface SandboxDayInfo {
  day: number;
  /** The register's date of the day, dd/mm/yyyy (30/01/2026 + day). */
  date: string;
  /** What firm records show as System Timestamp now: the current UK time moved forward by the day. */
  systemTimestamp: string;
  /** Changes the day made (0 on day 0). */
  changes: number;
  maxDay: number;
  /** Seconds between automatic advances; 0 when the day moves only when asked. */
  daySeconds: number;
}

const DAY_MS = 86_400_000;

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4010 */
  origin: string;
  /** `${origin}/services/V0.1` */
  baseUrl: string;
  accounts: SandboxAccount[];
  /** The resolved settings it runs with. */
  options: SandboxOptions;
  /** Same JSON as GET /__sandbox/stats. */
  stats(): SandboxStats;
  /** Same as POST /__sandbox/reset: clears stats and blocks. */
  reset(): void;
  /** Same as GET /__sandbox/day. */
  day(): SandboxDayInfo;
  /** Same as POST /__sandbox/day?day=N: moves to an absolute register day (earlier or later). */
  setDay(day: number): SandboxDayInfo;
  /** Same as POST /__sandbox/advance?days=N. */
  advance(days?: number): SandboxDayInfo;
  /** Same as GET /__sandbox/changes?day=N: what that day changed. */
  changes(day?: number): readonly DayChange[];
  close(): Promise<void>;
}

const API_BASE = '/services/V0.1';
/** Salesforce's own path to the same service; Subfund rows link to it. */
const APEX_BASE = '/services/apexrest/V0.1';

const COMMON_HEADERS = {
  'Cache-Control': 'no-cache,must-revalidate,max-age=0,no-store,private',
  'X-Content-Type-Options': 'nosniff',
};

export const AUTH_MISSING = {
  status: 'FSR-API-01-01-11',
  message: 'Unauthorised: Please include a valid API key and Email address',
};
export const AUTH_UNKNOWN = {
  status: 'FSR-API-01-01-21',
  message: 'Forbidden: API and Email key not found',
};

function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 400);
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export async function startSandbox(partial: Partial<SandboxOptions> = {}): Promise<RunningSandbox> {
  const options = resolveSandboxOptions(partial);
  const baseDataset = buildDataset(options.seed, { firms: options.firms, individuals: options.individuals, funds: options.funds });
  const timeline = timelineFor(baseDataset);
  let currentDay = options.startDay;
  let dataset = timeline.at(currentDay);
  const moveTo = (day: number) => {
    dataset = timeline.at(day);
    currentDay = day;
  };
  const dayInfo = (): SandboxDayInfo => ({
    day: currentDay,
    date: timeline.date(currentDay),
    systemTimestamp: ukTimestamp(new Date(Date.now() + currentDay * DAY_MS)),
    changes: timeline.changes(currentDay).length,
    maxDay: MAX_REGISTER_DAY,
    daySeconds: options.daySeconds,
  });
  const advanceBy = (days: number) => moveTo(Math.min(MAX_REGISTER_DAY, currentDay + days));
  const accountsByEmail = new Map(options.accounts.map((a) => [a.email.toLowerCase(), a]));
  const limiter = new RateLimiter(
    options.rateLimit,
    options.blockSeconds,
    options.accounts.map((a) => a.email),
  );
  const faults = new FaultInjector(options);
  const timers = new Set<NodeJS.Timeout>();
  const started = Date.now();
  let origin = '';

  const later = (ms: number, fn: () => void) => {
    if (ms <= 0) {
      fn();
      return;
    }
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const send = (res: ServerResponse, raw: RawAnswer, extra: Record<string, string> = {}) => {
    if (res.destroyed || res.writableEnded) return;
    const body = Buffer.from(raw.body, 'utf8');
    res.writeHead(raw.status, { 'Content-Type': raw.contentType, 'Content-Length': String(body.length), ...COMMON_HEADERS, ...extra });
    res.end(body);
  };

  const serialise = (answer: ApiAnswer): RawAnswer => ({
    status: answer.httpStatus,
    contentType: CONTENT_TYPE[answer.layout],
    body: answer.layout === 'pretty' ? prettyJson(answer.body) : compactJson(answer.body),
  });

  const noteHeader = (note?: string): Record<string, string> => (note ? { 'X-Sandbox-Note': headerSafe(note) } : {});

  const tooManyRequests = (retryAfterSeconds: number): [RawAnswer, Record<string, string>] => {
    const limit = options.rateLimit === 'off' ? 'the rate limit' : `the limit of ${options.rateLimit.requests} requests in ${options.rateLimit.seconds} seconds`;
    const body = envelope(null, null, `Too Many Requests: this API user exceeded ${limit} and is blocked for ${options.blockSeconds} seconds`, null);
    const headers: Record<string, string> = { ...noteHeader('sandbox assumption: the live 429 body is unknown') };
    if (options.retryAfterHeader) headers['Retry-After'] = String(Math.max(1, retryAfterSeconds));
    return [{ status: 429, contentType: CONTENT_TYPE.compact, body: compactJson(body) }, headers];
  };

  const salesforceError = (status: number, errorCode: string, message: string): RawAnswer => ({
    status,
    contentType: CONTENT_TYPE.compact,
    body: JSON.stringify([{ errorCode, message }]),
  });

  const handleOperator = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const path = url.pathname;
    const json = (status: number, value: unknown, extra: Record<string, string> = {}) =>
      send(res, { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(value, null, 2) }, extra);
    const allow = (method: string) => json(405, { error: `${req.method} is not allowed on ${path}; use ${method}` }, { Allow: method });
    switch (path) {
      case '/__sandbox/health':
        if (req.method !== 'GET') return allow('GET');
        return json(200, {
          status: 'ok',
          baseUrl: `${origin}${API_BASE}`,
          seed: String(options.seed),
          records: { firms: dataset.firms.size, individuals: dataset.individuals.size, funds: dataset.funds.size, unauthorisedFirms: dataset.unauthorised.length },
          generatedInMs: Math.round(dataset.buildMs),
          day: currentDay,
          date: timeline.date(currentDay),
          rateLimit: options.rateLimit,
          blockSeconds: options.blockSeconds,
          latencyMs: options.latency,
          uptimeSeconds: Math.round((Date.now() - started) / 1000),
        });
      case '/__sandbox/stats':
        if (req.method !== 'GET') return allow('GET');
        return json(200, limiter.stats());
      case '/__sandbox/reset':
        if (req.method !== 'POST') return allow('POST');
        limiter.reset();
        return json(200, { reset: true });
      case '/__sandbox/day': {
        if (req.method === 'GET') return json(200, dayInfo());
        if (req.method !== 'POST') return allow('GET, POST');
        const day = dayParameter(url.searchParams, 'day', null);
        if (typeof day === 'string') return json(400, { error: day });
        moveTo(day);
        return json(200, dayInfo());
      }
      case '/__sandbox/advance': {
        if (req.method !== 'POST') return allow('POST');
        const days = dayParameter(url.searchParams, 'days', 1);
        if (typeof days === 'string') return json(400, { error: days });
        if (currentDay + days > MAX_REGISTER_DAY) return json(400, { error: `day ${currentDay} + ${days} is past the last register day, ${MAX_REGISTER_DAY}` });
        const from = currentDay;
        advanceBy(days);
        let changed = 0;
        for (let d = from + 1; d <= currentDay; d++) changed += timeline.changes(d).length;
        return json(200, { ...dayInfo(), advancedFrom: from, changesSinceThen: changed });
      }
      case '/__sandbox/changes': {
        if (req.method !== 'GET') return allow('GET');
        const day = dayParameter(url.searchParams, 'day', currentDay);
        if (typeof day === 'string') return json(400, { error: day });
        const refs = (url.searchParams.get('ref') ?? '')
          .split(',')
          .map((r) => r.trim().toUpperCase())
          .filter((r) => r !== '');
        const all = timeline.changes(day);
        const changes = refs.length === 0 ? all : all.filter((c) => refs.includes(c.ref.toUpperCase()));
        return json(200, { day, date: timeline.date(day), count: changes.length, changes });
      }
      default:
        return json(404, {
          error: `no operator endpoint ${path}`,
          endpoints: ['GET /__sandbox/health', 'GET /__sandbox/stats', 'POST /__sandbox/reset', 'GET|POST /__sandbox/day', 'POST /__sandbox/advance', 'GET /__sandbox/changes'],
        });
    }
  };

  const handleApi = (req: IncomingMessage, res: ServerResponse, url: URL, basePath: string) => {
    if (req.method !== 'GET') {
      // Apex REST's own answer for a method the resource does not have.
      return send(res, salesforceError(405, 'METHOD_NOT_ALLOWED', `HTTP Method '${req.method}' not allowed. Allowed are GET`), { Allow: 'GET' });
    }
    const delay = faults.latency();
    const reply = (raw: RawAnswer, extra: Record<string, string> = {}) => later(delay, () => send(res, raw, extra));

    const email = String(req.headers['x-auth-email'] ?? '').trim();
    const key = String(req.headers['x-auth-key'] ?? '').trim();
    if (email === '' || key === '') {
      const body = envelope(AUTH_MISSING.status, null, AUTH_MISSING.message, null);
      return reply({ status: options.authFailureStatus, contentType: CONTENT_TYPE.compact, body: compactJson(body) }, noteHeader('send X-AUTH-EMAIL and X-AUTH-KEY'));
    }
    const account = accountsByEmail.get(email.toLowerCase());
    if (!account || account.key !== key) {
      const body = envelope(AUTH_UNKNOWN.status, null, AUTH_UNKNOWN.message, null);
      return reply({ status: options.authFailureStatus, contentType: CONTENT_TYPE.compact, body: compactJson(body) }, noteHeader('no account with that e-mail and key'));
    }

    const admission = limiter.admit(account.email, options.clock());
    if (!admission.allowed) {
      const [raw, headers] = tooManyRequests(admission.retryAfterSeconds);
      return reply(raw, headers);
    }

    const fault = faults.draw();
    if (fault === '429') {
      limiter.countForced429(account.email);
      const [raw, headers] = tooManyRequests(1);
      return reply(raw, headers);
    }
    if (fault === '5xx') return reply(faults.serverError(), noteHeader('injected server error'));
    if (fault === 'timeout') {
      // 0: never answer (the client's timeout must fire); otherwise a gateway timeout page, late.
      if (options.faultTimeoutMs > 0) later(options.faultTimeoutMs, () => send(res, { status: 524, contentType: 'text/html; charset=UTF-8', body: TIMEOUT_524 }));
      return;
    }

    let answer: ApiAnswer | null;
    const rest = url.pathname.slice(basePath.length);
    if (rest.length > 1 && rest.endsWith('/')) {
      answer = allNull('trailing slash: sandbox assumption, answered with an all-null envelope');
    } else {
      let segments: string[];
      try {
        segments = rest
          .split('/')
          .filter((s) => s !== '')
          .map((s) => decodeURIComponent(s));
      } catch {
        segments = [];
      }
      const ctx: ApiContext = {
        dataset,
        base: `${origin}${API_BASE}`,
        apexBase: `${origin}${APEX_BASE}`,
        query: url.searchParams,
        // The register's clock moves with its day: System Timestamp is today's UK time, N days on.
        now: new Date(Date.now() + currentDay * DAY_MS),
      };
      answer = segments.length === 0 ? null : route(ctx, segments);
    }
    if (answer === null) {
      return reply(salesforceError(404, 'NOT_FOUND', 'Could not find a match for URL'), noteHeader(`no endpoint ${url.pathname}`));
    }
    const raw = serialise(answer);
    if (fault === 'malformed') return reply(faults.malformed(raw), noteHeader('injected malformed body'));
    return reply(raw, noteHeader(answer.note));
  };

  const server = createServer((req, res) => {
    try {
      const url = new URL(req.url ?? '/', origin || 'http://sandbox.invalid');
      const path = url.pathname;
      if (path.startsWith('/__sandbox/')) return handleOperator(req, res, url);
      for (const basePath of [API_BASE, APEX_BASE]) {
        if (path === basePath || path.startsWith(`${basePath}/`)) return handleApi(req, res, url, basePath);
      }
      send(res, {
        status: 404,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ error: `nothing at ${path}`, api: `${origin}${API_BASE}`, operator: `${origin}/__sandbox/health` }),
      });
    } catch (error) {
      console.error('sandbox: unexpected error', error);
      send(res, { status: 500, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ error: 'sandbox internal error' }) });
    }
  });
  server.keepAliveTimeout = 5000;

  // SANDBOX_DAY_SECONDS: the register moves on by itself, a day at a time, up to the last day.
  const dayTimer =
    options.daySeconds > 0
      ? setInterval(() => {
          if (currentDay < MAX_REGISTER_DAY) advanceBy(1);
        }, options.daySeconds * 1000)
      : null;
  dayTimer?.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  origin = `http://${hostForUrl(options.host)}:${address.port}`;

  let closing: Promise<void> | null = null;
  return {
    origin,
    baseUrl: `${origin}${API_BASE}`,
    accounts: options.accounts.map((a) => ({ ...a })),
    options,
    stats: () => limiter.stats(),
    reset: () => limiter.reset(),
    day: dayInfo,
    setDay: (day: number) => {
      const checked = dayParameter(new URLSearchParams({ day: String(day) }), 'day', null);
      if (typeof checked === 'string') throw new RangeError(checked);
      moveTo(checked);
      return dayInfo();
    },
    advance: (days = 1) => {
      const checked = dayParameter(new URLSearchParams({ days: String(days) }), 'days', 1);
      if (typeof checked === 'string') throw new RangeError(checked);
      if (currentDay + checked > MAX_REGISTER_DAY) throw new RangeError(`day ${currentDay} + ${checked} is past the last register day, ${MAX_REGISTER_DAY}`);
      advanceBy(checked);
      return dayInfo();
    },
    changes: (day = currentDay) => {
      const checked = dayParameter(new URLSearchParams({ day: String(day) }), 'day', null);
      if (typeof checked === 'string') throw new RangeError(checked);
      return timeline.changes(checked);
    },
    close: () => {
      if (!closing) {
        closing = new Promise<void>((resolve) => {
          if (dayTimer) clearInterval(dayTimer);
          for (const t of timers) clearTimeout(t);
          timers.clear();
          server.close(() => resolve());
          // Held (timed-out) and keep-alive connections would otherwise keep close() waiting.
          server.closeAllConnections();
        });
      }
      return closing;
    },
  };
}

/** A day or a number of days from the query: a whole number 0..MAX_REGISTER_DAY, or the message saying why not. */
function dayParameter(query: URLSearchParams, name: string, fallback: number | null): number | string {
  const raw = query.get(name);
  if (raw === null || raw.trim() === '') {
    return fallback ?? `${name} is required: a whole number from 0 to ${MAX_REGISTER_DAY}`;
  }
  if (!/^\d+$/.test(raw.trim())) return `${name} must be a whole number from 0 to ${MAX_REGISTER_DAY}, got "${raw}"`;
  const n = Number(raw.trim());
  if (n > MAX_REGISTER_DAY) return `${name} must be a whole number from 0 to ${MAX_REGISTER_DAY}, got ${n}`;
  return n;
}
