// Which requests may be served without a session. Everything else needs one: the proxy turns an
// anonymous page request into a sign-in redirect and an anonymous /api request into 401 JSON,
// and every page and handler checks again itself (requireUser / authorizeRequest).

/** Exact public pages and handlers. */
/** (The favicon, app/icon.svg, is shown on the sign-in page too.) */
const PUBLIC_EXACT = new Set(['/login', '/api/health', '/api/ready', '/favicon.ico', '/icon.svg']);
/** Public prefixes (a path equal to the prefix without its trailing slash is included). */
const PUBLIC_PREFIXES = ['/api/auth/', '/_next/static/', '/_next/image'];

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PUBLIC_EXACT.has(path)) return true;
  return PUBLIC_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p);
}

/**
 * Machine access (docs/machine-access.md): the register API gateway, the reconciliation service
 * and the Prometheus metrics (docs/deployment.md). No session works there; their handlers admit an
 * API token (or, for /metrics, a loopback scraper when allowed), and a token works nowhere else
 * (the proxy refuses token headers on every other path that needs a session).
 */
export function isMachinePath(pathname: string): boolean {
  return pathname.startsWith('/register-api/') || pathname === '/reconcile' || pathname.startsWith('/reconcile/') || pathname === METRICS_PATH;
}

/** Prometheus scrapes the portal here (app/metrics/route.ts). */
export const METRICS_PATH = '/metrics';

/**
 * The watch API (docs/machine-access.md): watchlists, changes, principals (docs/principals.md) and a check's progress, for people
 * and programs alike. Its handlers admit either a session or an API token with the `watch` scope,
 * so the proxy lets a request carrying a token through here (without the cookie).
 */
export function isWatchApiPath(pathname: string): boolean {
  return /^\/api\/(watchlists|changes|principals)(\/|$)/.test(pathname) || pathname.startsWith('/api/watch/');
}

/** Programmatic endpoints answer 401/403 JSON; anything else is for a browser and redirects to sign-in. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** Set by proxy.ts on every request it lets through: the path and query the browser asked for. */
export const REQUEST_PATH_HEADER = 'x-fsr-request-path';
