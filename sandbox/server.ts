/**
 * The offline register: a node:http server answering the FCA Register API V0.1 under
 * `/services/V0.1`, with the live service's authentication, rate limit and block, plus latency and
 * fault injection, and operator endpoints under `/__sandbox/` for tests and benchmarks.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveSandboxOptions, type SandboxAccount, type SandboxOptions } from './config';
import { buildDataset } from './dataset/generate';
import { FaultInjector, TIMEOUT_524, type RawAnswer } from './faults';
import { RateLimiter, type UserStats } from './rate-limit';
import { CONTENT_TYPE, allNull, envelope, type ApiAnswer } from './api/envelope';
import { compactJson, prettyJson } from './api/json-format';
import { route } from './api/router';
import type { ApiContext } from './api/context';

export type { SandboxOptions } from './config';
export type SandboxStats = Record<string, UserStats>;

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
  const dataset = buildDataset(options.seed, { firms: options.firms, individuals: options.individuals, funds: options.funds });
  const accountsByEmail = new Map(options.accounts.map((a) => [a.email.toLowerCase(), a]));
  const limiter = new RateLimiter(options.rateLimit, options.blockSeconds, options.accounts.map((a) => a.email));
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

  const handleOperator = (req: IncomingMessage, res: ServerResponse, path: string) => {
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
      default:
        return json(404, { error: `no operator endpoint ${path}`, endpoints: ['GET /__sandbox/health', 'GET /__sandbox/stats', 'POST /__sandbox/reset'] });
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
        segments = rest.split('/').filter((s) => s !== '').map((s) => decodeURIComponent(s));
      } catch {
        segments = [];
      }
      const ctx: ApiContext = {
        dataset,
        base: `${origin}${API_BASE}`,
        apexBase: `${origin}${APEX_BASE}`,
        query: url.searchParams,
        now: new Date(),
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
      if (path.startsWith('/__sandbox/')) return handleOperator(req, res, path);
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
    close: () => {
      if (!closing) {
        closing = new Promise<void>((resolve) => {
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

