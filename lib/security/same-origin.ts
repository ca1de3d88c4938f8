/**
 * Changing requests come from the portal's own pages. A browser sends the session cookie with a
 * request another page starts when that page is same-site (another port of the host, a sibling
 * subdomain): SameSite=Lax does not stop it. So every state-changing `/api/*` request that carries
 * the session cookie must say it comes from the portal's public address (lib/runtime/public-url.ts):
 * its `Origin`, or, when a browser sends no Origin, `Sec-Fetch-Site: same-origin`, or else its
 * `Referer`. A request that carries none of the three did not come from a browser page (browsers
 * send Origin with every POST, PUT, PATCH and DELETE), so it is let through to the handler's own
 * checks. Requests without the cookie (programs with an API token) are not concerned. next-auth's
 * own endpoints (`/api/auth/*`) keep their CSRF token, and an identity provider may post back to
 * them from its own site. Server actions are checked by Next itself. Called once, by proxy.ts, so
 * a new handler is covered without doing anything.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** next-auth's session cookie, plain or `__Secure-` prefixed, whole or in chunks (`.0`, `.1`, …). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?next-auth\.session-token(?:\.\d+)?=/;

export interface CrossOriginRefusal {
  status: 403;
  body: { error: 'cross-origin-request'; message: string };
}

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

function refusal(from: string, portal: string): CrossOriginRefusal {
  return {
    status: 403,
    body: {
      error: 'cross-origin-request',
      message: `Refused: this change was requested by a page of ${from}, not by the portal (${portal}). Changes can be made only from the portal's own pages; open the portal at ${portal} and try again there.`,
    },
  };
}

/** The refusal for a cookie-carrying changing `/api/*` request that does not come from `portalOrigin`; undefined when it may pass. */
export function crossOriginRefusal(request: { method: string; pathname: string; headers: Headers }, portalOrigin: string): CrossOriginRefusal | undefined {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined;
  const path = request.pathname;
  if (!(path === '/api' || path.startsWith('/api/')) || path.startsWith('/api/auth/')) return undefined;
  if (!SESSION_COOKIE.test(request.headers.get('cookie') ?? '')) return undefined;

  const origin = request.headers.get('origin');
  if (origin !== null) {
    // "null" is what a sandboxed frame, a data: page or a cross-origin redirect sends.
    if (origin === 'null') return refusal('an opaque origin (a sandboxed frame, a file or a redirect)', portalOrigin);
    return originOf(origin) === portalOrigin ? undefined : refusal(originOf(origin) ?? 'another site', portalOrigin);
  }
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin' ? undefined : refusal(`a ${site} page`, portalOrigin);
  const referer = request.headers.get('referer');
  if (referer !== null) return originOf(referer) === portalOrigin ? undefined : refusal(originOf(referer) ?? 'another site', portalOrigin);
  return undefined;
}
