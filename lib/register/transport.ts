import type { RegisterCredentials } from './credentials';
import type { WireEnvelope } from './wire-types';

/**
 * One HTTP exchange with the register, mapped to a verdict. The register answers HTTP 200 for
 * found, not found and bad input alike, so the verdict comes from the body's Status; HTTP 429,
 * 401/403, 404, 5xx and bodies that are not JSON are handled too. No pacing, caching or retrying
 * here: upstream.ts does that around `send()`.
 */

/** The register's answer exactly as it came, for the gateway's pass-through (register-client passThrough). */
export interface RawBody {
  httpStatus: number;
  contentType: string | null;
  text: string;
}

export type TransportAnswer = (
  | {
      kind: 'ok' | 'not-found' | 'bad-input';
      httpStatus: number;
      envelope: WireEnvelope;
      upstreamStatus?: string;
      upstreamMessage?: string;
    }
  | { kind: 'unauthorised'; httpStatus: number; upstreamStatus?: string; message: string }
  | { kind: 'rate-limited'; httpStatus: number; retryAfterSeconds?: number; message: string }
  | { kind: 'upstream-error'; httpStatus?: number; upstreamStatus?: string; message: string; retryable: boolean }
) & { raw?: RawBody };

export interface TransportOptions {
  baseUrl: string;
  credentials: RegisterCredentials;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Wall-clock now, for Retry-After dates. */
  now?: () => number;
}

export interface Transport {
  /** GETs `path` (relative to the base URL, query included) and classifies the answer. */
  send(path: string): Promise<TransportAnswer>;
}

/** Same-origin redirects followed before the answer counts as an upstream error. */
const MAX_REDIRECTS = 3;

const CHECK_KEY = 'Check FSR_API_EMAIL and FSR_API_KEY (and FSR_API_BASE_URL); a new key only works once the FCA has activated it (RegisterAPISupport@fca.org.uk).';

/** Builds "/Firm/1/AR?pgnp=2" with every query value percent-encoded (spaces as %20). */
export function buildPath(segments: string[], query: Record<string, string | number | undefined> = {}): string {
  const path = '/' + segments.map((s) => encodeURIComponent(s)).join('/');
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), if it has a usable value. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed));
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** JSON.parse that tolerates a byte-order mark and surrounding whitespace (pretty or compact bodies alike). */
export function parseJsonBody(text: string): { ok: true; value: unknown } | { ok: false } {
  const cleaned = text.replace(/^\uFEFF/, '').trim();
  if (cleaned === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(cleaned) };
  } catch {
    return { ok: false };
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The un-activated-key answer reported in the field: `{"Success":"false", "Value not found"}` (not valid JSON). */
function looksLikeKeyRefusal(text: string): boolean {
  return /"Success"\s*:\s*"?false"?/i.test(text);
}

function describe(path: string): string {
  return `GET ${path}`;
}

/** Classifies a parsed body by its Status code. */
export function classifyEnvelope(body: unknown, httpStatus: number, path: string): TransportAnswer {
  if (!isRecord(body) || !('Status' in body || 'Data' in body)) {
    return { kind: 'upstream-error', httpStatus, message: `The register sent a body that is not a register answer for ${describe(path)}.`, retryable: false };
  }
  const envelope: WireEnvelope = {
    Status: (body.Status ?? null) as string | null,
    ResultInfo: (body.ResultInfo ?? null) as WireEnvelope['ResultInfo'],
    Message: (body.Message ?? null) as string | null,
    Data: body.Data ?? null,
  };
  const status = body.Status;
  const message = typeof body.Message === 'string' ? body.Message : undefined;

  if (status === null || status === undefined) {
    // CIS Subfund answers a miss with all four keys null.
    if (envelope.ResultInfo === null && envelope.Message === null && envelope.Data === null) {
      return { kind: 'not-found', httpStatus, envelope, upstreamMessage: undefined, upstreamStatus: undefined };
    }
    return { kind: 'upstream-error', httpStatus, message: `The register's answer for ${describe(path)} has no Status.`, retryable: false };
  }
  if (typeof status !== 'string') {
    return { kind: 'upstream-error', httpStatus, message: `The register's answer for ${describe(path)} has a Status that is not text.`, retryable: false };
  }
  if (/^FSR-API-01-01-/i.test(status)) {
    return {
      kind: 'unauthorised',
      httpStatus,
      upstreamStatus: status,
      message: `The register refused the API credentials for ${describe(path)} (${status}${message ? `: ${message}` : ''}). ${CHECK_KEY}`,
    };
  }
  const suffix = /-(\d{2})$/.exec(status)?.[1];
  const base = { httpStatus, envelope, upstreamStatus: status, upstreamMessage: message };
  switch (suffix) {
    case '00':
      return { kind: 'ok', ...base };
    case '11':
    case '22': // "Page not found" in the docs' tables: past the last page.
      return { kind: 'not-found', ...base };
    case '21':
      return { kind: 'bad-input', ...base };
    default:
      return {
        kind: 'upstream-error',
        httpStatus,
        upstreamStatus: status,
        message: `The register answered ${describe(path)} with an unrecognised status ${status}${message ? ` (${message})` : ''}.`,
        retryable: false,
      };
  }
}

/** Maps an HTTP status and body text to a verdict. */
export function classifyResponse(httpStatus: number, text: string, retryAfter: string | null, path: string, now: number): TransportAnswer {
  if (httpStatus === 429) {
    const retryAfterSeconds = parseRetryAfter(retryAfter, now);
    return {
      kind: 'rate-limited',
      httpStatus,
      retryAfterSeconds,
      message: `The register's rate limit was exceeded (HTTP 429 for ${describe(path)}).`,
    };
  }
  const parsed = parseJsonBody(text);
  if (httpStatus === 401 || httpStatus === 403 || httpStatus === 404) {
    const status = parsed.ok && isRecord(parsed.value) && typeof parsed.value.Status === 'string' ? parsed.value.Status : undefined;
    const why =
      httpStatus === 404 ? 'HTTP 404 Not Found (the live register answers every call this way when the API key is not activated or not recognised)' : `HTTP ${httpStatus}`;
    return { kind: 'unauthorised', httpStatus, upstreamStatus: status, message: `The register refused ${describe(path)} with ${why}${status ? `, ${status}` : ''}. ${CHECK_KEY}` };
  }
  if (httpStatus >= 500) {
    return { kind: 'upstream-error', httpStatus, message: `The register failed with HTTP ${httpStatus} for ${describe(path)}.`, retryable: true };
  }
  if (!parsed.ok) {
    if (looksLikeKeyRefusal(text)) {
      return {
        kind: 'unauthorised',
        httpStatus,
        message: `The register refused ${describe(path)} with "Success: false" instead of data, as it does for an API key that is not activated. ${CHECK_KEY}`,
      };
    }
    return { kind: 'upstream-error', httpStatus, message: `The register sent a body that is not JSON for ${describe(path)} (HTTP ${httpStatus}).`, retryable: false };
  }
  if (isRecord(parsed.value) && /^false$/i.test(String(parsed.value.Success ?? '')) && !('Status' in parsed.value)) {
    return { kind: 'unauthorised', httpStatus, message: `The register refused ${describe(path)} with "Success: false" instead of data. ${CHECK_KEY}` };
  }
  const answer = classifyEnvelope(parsed.value, httpStatus, path);
  if (httpStatus >= 200 && httpStatus < 300) return answer;
  // Another 4xx: trust a register verdict in the body, otherwise it is an error we cannot interpret.
  if (answer.kind !== 'upstream-error' && answer.kind !== 'ok') return answer;
  return { kind: 'upstream-error', httpStatus, message: `The register answered HTTP ${httpStatus} for ${describe(path)}.`, retryable: false };
}

export function createTransport(options: TransportOptions): Transport {
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const origin = new URL(options.baseUrl).origin;
  const redact = (s: string) => options.credentials.redact(s);

  return {
    async send(path: string): Promise<TransportAnswer> {
      const url = options.baseUrl + path;
      let response: Response;
      let text: string;
      try {
        const signal = AbortSignal.timeout(options.timeoutMs);
        // Redirects are followed by hand and only within the register's own origin: fetch would
        // carry X-AUTH-KEY to any host a redirect names (it strips only Authorization and Cookie).
        let target = url;
        for (let hop = 0; ; hop++) {
          response = await doFetch(target, {
            method: 'GET',
            headers: { ...options.credentials.authHeaders(), Accept: 'application/json' },
            signal,
            cache: 'no-store',
            redirect: 'manual',
          });
          const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
          if (!location) break;
          await response.body?.cancel();
          const next = new URL(location, target);
          if (next.origin !== origin || hop >= MAX_REDIRECTS) {
            return {
              kind: 'upstream-error',
              httpStatus: response.status,
              message:
                next.origin !== origin
                  ? `The register redirected ${describe(path)} to another address (${next.origin}); not followed, so the API key stays with the register. Check FSR_API_BASE_URL.`
                  : `The register redirected ${describe(path)} more than ${MAX_REDIRECTS} times; not followed further. Check FSR_API_BASE_URL.`,
              retryable: false,
            };
          }
          target = next.href;
        }
        text = await response.text();
      } catch (error) {
        const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
        const timedOut = err.name === 'TimeoutError' || err.name === 'AbortError';
        const detail = timedOut ? `no answer within ${options.timeoutMs} ms` : (err.cause?.code ?? err.cause?.message ?? err.message ?? 'network error');
        return {
          kind: 'upstream-error',
          message: redact(`Could not reach the register at ${origin} for ${describe(path)}: ${detail}.`),
          retryable: true,
        };
      }
      const answer = classifyResponse(response.status, text, response.headers.get('retry-after'), path, now());
      const raw: RawBody = { httpStatus: response.status, contentType: response.headers.get('content-type'), text };
      return 'message' in answer ? { ...answer, message: redact(answer.message), raw } : { ...answer, raw };
    },
  };
}
