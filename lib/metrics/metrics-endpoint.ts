import { clientAddress } from '@/lib/auth/client-address';
import { trustedProxyHops } from '@/lib/runtime/forwarded';
import { type Env, settingValue } from '@/lib/runtime/settings-values';
import { admitMachineRequest, type MachineGateDeps } from '@/lib/tokens/machine-gate';
import { carriesToken } from '@/lib/tokens/token-headers';
import type { Registry } from 'prom-client';

/**
 * GET /metrics: the Prometheus text format, for an API token with the `metrics` scope (as a
 * bearer token: `Authorization: Bearer <id>.<secret>`, which Prometheus sends with
 * `authorization: { credentials: … }`; or the portal's other token headers), or anonymously from
 * loopback when METRICS_ALLOW_LOOPBACK=true (a Prometheus or agent on the same machine; behind a
 * trusted proxy, the client the proxy saw must be on loopback, not the proxy itself). Anything
 * else is 401, in words. The token passes the same gate as every program (lib/tokens/machine-gate.ts):
 * scope, expiry, ceiling, per-minute use and audit.
 */

export interface MetricsDeps extends MachineGateDeps {
  registry(): Registry;
  env?: Env;
}

const PLAIN = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/** Whether METRICS_ALLOW_LOOPBACK lets a loopback scraper in without a token; problems name the variable. */
export function readMetricsSettings(env: Env): { allowLoopback: boolean; problems: string[] } {
  const raw = settingValue(env, 'METRICS_ALLOW_LOOPBACK');
  if (!raw) return { allowLoopback: false, problems: [] };
  if (/^(true|1|yes|on)$/i.test(raw)) return { allowLoopback: true, problems: [] };
  if (/^(false|0|no|off)$/i.test(raw)) return { allowLoopback: false, problems: [] };
  return { allowLoopback: false, problems: ['METRICS_ALLOW_LOOPBACK must be true or false'] };
}

export function isLoopback(address: string): boolean {
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === '::1';
}

function refusal(status: number, error: string, message: string, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error, message }), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...PLAIN, ...extra } });
}

async function exposition(registry: Registry): Promise<Response> {
  return new Response(await registry.metrics(), { headers: { 'Content-Type': registry.contentType, ...PLAIN } });
}

export async function handleMetricsRequest(request: Request, deps: MetricsDeps): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return refusal(405, 'method-not-allowed', `Use GET, not ${request.method}.`, { Allow: 'GET, HEAD' });
  }
  const env = deps.env ?? process.env;
  if (carriesToken(request.headers)) {
    const admission = await admitMachineRequest(request, 'metrics', deps);
    if (admission.ok) return exposition(deps.registry());
    if (admission.kind === 'ceiling') return refusal(429, 'too-many-requests', admission.message, { 'Retry-After': String(admission.retryAfterSeconds) });
    // A token of the portal without the metrics scope is known but not allowed here: 403, naming why.
    if (admission.refusal === 'scope') return refusal(403, 'token-scope', admission.message);
    return refusal(401, `token-${admission.refusal}`, admission.message, { 'WWW-Authenticate': 'Bearer realm="fsr-portal metrics"' });
  }
  if (readMetricsSettings(env).allowLoopback && isLoopback(clientAddress(request.headers, trustedProxyHops(env)))) return exposition(deps.registry());
  return refusal(
    401,
    'token-missing',
    "Metrics need an API token with the metrics scope, sent as Authorization: Bearer <id>.<secret> (an administrator issues one at /admin/tokens or with npm run tokens). A scraper on the portal's own machine may be let in without one by METRICS_ALLOW_LOOPBACK=true.",
    { 'WWW-Authenticate': 'Bearer realm="fsr-portal metrics"' },
  );
}
