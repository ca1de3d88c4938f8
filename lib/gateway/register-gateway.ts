import { gatewayTarget, rewriteRegisterLinks } from '@/lib/register/pass-through';
import type { PassThroughResult, RegisterClient } from '@/lib/register/register-client-types';
import { admitMachineRequest, type MachineGateDeps } from '@/lib/tokens/machine-gate';

/**
 * The register's own V0.1 API served by the portal at /register-api/services/V0.1/… for
 * programs: same paths, status codes, headers that matter (Content-Type) and bodies as the
 * register, answered through lib/register's pacer and cache. Authenticated with a token in the
 * register's own headers (X-AUTH-EMAIL = token id, X-AUTH-KEY = secret), so a client written for
 * the register works by changing only its base URL.
 */

export const GATEWAY_PREFIX = '/register-api';
/** How long a program's request may wait in the pacer before it is answered 429. */
const MAX_WAIT_MS = 20_000;
/** The register's compact Content-Type, used for every answer the portal composes itself. */
const COMPACT = 'application/json;charset=UTF-8';

export interface GatewayDeps extends MachineGateDeps {
  register(): RegisterClient;
  /** The portal's public origin (lib/runtime/public-url.ts): every link in an answer points there, never at the request's Host. */
  publicOrigin(): string;
}

function envelope(status: string | null, message: string): string {
  return JSON.stringify({ Status: status, ResultInfo: null, Message: message, Data: null });
}

function composed(httpStatus: number, body: string, extra: Record<string, string> = {}): Response {
  return new Response(body, {
    status: httpStatus,
    headers: { 'Content-Type': COMPACT, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...extra },
  });
}

/** Decoded path segments after /register-api/services/, or undefined when a segment is not valid percent-encoding. */
function segmentsOf(pathname: string): string[] | undefined {
  const rest = pathname.slice(`${GATEWAY_PREFIX}/services/`.length);
  try {
    return rest.split('/').map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

function failureResponse(result: Exclude<PassThroughResult, { kind: 'answer' }>): Response {
  switch (result.kind) {
    case 'rate-limited':
      // The register's own semantics (HTTP 429, envelope with a null Status); the portal held the
      // request back, so the register never saw it and the shared key is not blocked by it.
      return composed(429, envelope(null, `Too Many Requests: the register's shared budget is in use; retry in ${result.retryAfterSeconds} seconds`), {
        'Retry-After': String(Math.max(1, result.retryAfterSeconds)),
      });
    case 'unauthorised':
      return composed(502, envelope(null, "Bad Gateway: the register refused the portal's own register API key; tell the portal's administrator"));
    case 'upstream-error':
      return composed(502, envelope(null, `Bad Gateway: ${result.message}`));
  }
}

export async function handleGatewayRequest(request: Request, deps: GatewayDeps): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return composed(405, envelope(null, `Method Not Allowed: the register API answers GET only, not ${request.method}`), { Allow: 'GET, HEAD' });
  }
  const admission = await admitMachineRequest(request, 'register-api', deps);
  if (!admission.ok) {
    if (admission.kind === 'ceiling') {
      return composed(429, envelope(null, admission.message), { 'Retry-After': String(admission.retryAfterSeconds) });
    }
    // The register's refusals: 01-01-11 when no credentials came, 01-01-21 when they are not a
    // usable token; HTTP 401 as the sandbox's default (the live status is undocumented).
    const missing = admission.refusal === 'missing';
    const message = missing
      ? 'Unauthorised: Please include a valid API key and Email address'
      : admission.refusal === 'unknown'
        ? 'Forbidden: API and Email key not found'
        : `Forbidden: ${admission.message}`;
    return composed(401, envelope(missing ? 'FSR-API-01-01-11' : 'FSR-API-01-01-21', message), { 'X-FSR-Token-Refusal': admission.refusal });
  }

  const url = new URL(request.url);
  const segments = segmentsOf(url.pathname);
  const target = segments ? gatewayTarget(segments, url.searchParams) : undefined;
  if (!target?.ok) {
    // Salesforce's answer for a URL with no endpoint, as the register sends it; nothing is spent on it.
    return composed(404, JSON.stringify([{ errorCode: 'NOT_FOUND', message: 'Could not find a match for URL' }]));
  }

  const result = await deps.register().passThrough(target.path, { priority: admission.token.priority, freshness: target.freshness, maxWaitMs: MAX_WAIT_MS, lane: 'programs' });
  if (result.kind !== 'answer') return failureResponse(result);

  const body = rewriteRegisterLinks(result.body.text, `${deps.publicOrigin()}${GATEWAY_PREFIX}/services`);
  const p = result.provenance;
  return new Response(request.method === 'HEAD' ? null : body, {
    status: result.body.httpStatus,
    headers: {
      'Content-Type': result.body.contentType ?? COMPACT,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-FSR-Retrieved-At': p.retrievedAt,
      'X-FSR-Source': p.source === 'cache' ? 'cached' : 'live',
      'X-FSR-Stale': String(p.stale),
      Age: String(p.ageSeconds),
    },
  });
}
