/**
 * Forwarded headers (X-Forwarded-For, -Host, -Proto, -Port, Forwarded, X-Real-IP) are believed
 * only when a trusted reverse proxy is configured: TRUST_PROXY=n, the number of proxies in front
 * of the portal that append the peer they saw to X-Forwarded-For (1 for one nginx). Without it
 * the portal's own HTTP server (lib/server/http-server.ts) replaces X-Forwarded-For with the
 * connection's real peer address and drops the others before Next sees the request, so a client
 * talking to the portal directly cannot forge its address (sign-in throttling) or its host.
 * AUTH_TRUSTED_PROXIES is the setting's older name, still read; both set to different numbers is
 * a start-up error. The public address is never taken from these headers (lib/runtime/public-url.ts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type Env, settingValue, wholeNumberIn } from './settings-values';

const NAMES = ['TRUST_PROXY', 'AUTH_TRUSTED_PROXIES'] as const;
const MAX_HOPS = 10;

export interface TrustProxyReading {
  /** Reverse proxies in front of the portal whose forwarded headers are believed; 0: none. */
  hops: number;
  problems: string[];
}

export function readTrustProxy(env: Env = process.env): TrustProxyReading {
  const problems: string[] = [];
  const values: Array<{ name: string; hops: number }> = [];
  for (const name of NAMES) {
    const raw = settingValue(env, name);
    if (!raw) continue;
    const hops = /^(true|yes|on)$/i.test(raw) ? 1 : /^(false|no|off)$/i.test(raw) ? 0 : wholeNumberIn(raw, 0, MAX_HOPS);
    if (hops === undefined) problems.push(`${name} must be the number of reverse proxies in front of the portal, from 0 to ${MAX_HOPS} (e.g. 1 for one nginx)`);
    else values.push({ name, hops });
  }
  if (values.length === 2 && values[0].hops !== values[1].hops) {
    problems.push('TRUST_PROXY and AUTH_TRUSTED_PROXIES (its older name) are set to different numbers: set TRUST_PROXY alone');
  }
  return { hops: values[0]?.hops ?? 0, problems };
}

/** The number of trusted proxies (0 when unset or unreadable: the start-up check reports the latter). */
export function trustedProxyHops(env: Env = process.env): number {
  return readTrustProxy(env).hops;
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
export function plainAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

const UNTRUSTED = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-prefix', 'forwarded', 'x-real-ip'];

/**
 * Puts the forwarded headers a request may carry into the state the portal believes, in place,
 * before Next reads them. `peer` is the connection's remote address. Without trusted proxies,
 * X-Forwarded-For becomes the peer alone and the other forwarded headers go (Next then fills
 * X-Forwarded-Host/-Proto/-Port from the Host header and the connection). With trusted proxies
 * they are kept as the proxy wrote them; a request without X-Forwarded-For gets the peer.
 */
export function normaliseForwardedHeaders(headers: IncomingHttpHeaders, peer: string | undefined, hops: number): void {
  const address = peer ? plainAddress(peer) : undefined;
  if (hops > 0) {
    if (!headers['x-forwarded-for'] && address) headers['x-forwarded-for'] = address;
    return;
  }
  for (const name of UNTRUSTED) delete headers[name];
  if (address) headers['x-forwarded-for'] = address;
  else delete headers['x-forwarded-for'];
}
