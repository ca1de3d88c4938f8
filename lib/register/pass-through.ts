import { parseApiPath } from './api-path';
import { ENDPOINTS, type Freshness } from './endpoints';
import { buildPath } from './transport';

/**
 * The register's own API served again (app/register-api): which upstream request a gateway
 * request stands for, and the register's links rewritten to point back at the gateway. The body
 * itself is passed through as the register sent it (register-client passThrough caches it raw).
 */

export type GatewayTarget = { ok: true; path: string; freshness: Freshness } | { ok: false; reason: 'no-endpoint' | 'too-long' };

/** Longest upstream path forwarded; the register's longest real requests are far shorter. */
const MAX_PATH = 600;

/**
 * `segments` are the decoded path segments after `/services/` ("V0.1", "Firm", "200200", …; or
 * "apexrest", "V0.1", …). Only the register's endpoints are forwarded, with only the query
 * parameters each one reads, in a fixed order, so equal requests share one cache entry. The
 * values are forwarded as given: the register, not the portal, judges a malformed FRN or page.
 */
export function gatewayTarget(segments: string[], query: URLSearchParams): GatewayTarget {
  let rest: string[];
  if (segments[0] === 'V0.1') rest = segments.slice(1);
  else if (segments[0]?.toLowerCase() === 'apexrest' && segments[1] === 'V0.1') rest = segments.slice(2);
  else return { ok: false, reason: 'no-endpoint' };
  if (rest.length === 0 || rest.some((s) => s.length === 0)) return { ok: false, reason: 'no-endpoint' };
  const probe = `/${rest.map((s) => encodeURIComponent(s)).join('/')}${query.size > 0 ? `?${query.toString()}` : ''}`;
  const parsed = parseApiPath(probe);
  if (!parsed) return { ok: false, reason: 'no-endpoint' };
  const head = rest[0].toLowerCase();
  const params: Record<string, string | undefined> = {};
  if (head === 'search') {
    params.q = query.get('q') ?? undefined;
    params.type = query.get('type') ?? undefined;
  } else if (head === 'commonsearch') {
    params.q = query.get('q') ?? undefined;
  }
  params.pgnp = query.get('pgnp') ?? undefined;
  const path = buildPath(rest, params);
  if (path.length > MAX_PATH) return { ok: false, reason: 'too-long' };
  return { ok: true, path, freshness: ENDPOINTS[parsed.endpoint].freshness };
}

// A register API URL on any host ("https://register.fca.org.uk/services/V0.1", the sandbox's own,
// the Salesforce host links once came back on), apexrest included, with or without JSON's
// optional "\/" escaping.
const REGISTER_BASE = /https?:(\\?\/)\1[^"\\/\s]+\\?\/services\\?\/(apexrest\\?\/)?V0\.1/g;

/** The body with every register API URL pointing at the gateway (`gatewayServices` ends in "/services"). */
export function rewriteRegisterLinks(text: string, gatewayServices: string): string {
  return text.replace(REGISTER_BASE, (match, slash: string, apex: string | undefined) => {
    const target = `${gatewayServices}/${apex ? 'apexrest/' : ''}V0.1`;
    return slash === '\\/' ? target.replace(/\//g, '\\/') : target;
  });
}
