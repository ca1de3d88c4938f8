import { getToken } from 'next-auth/jwt';
import { type NextRequest, NextResponse } from 'next/server';
import { loginPath } from '@/lib/auth/callback-url';
import { readAuthConfig } from '@/lib/auth/config';
import { isApiPath, isMachinePath, isPublicPath, isWatchApiPath, REQUEST_PATH_HEADER } from '@/lib/auth/route-access';
import { resolveAuthSecret } from '@/lib/auth/secret';
import { isPortalToken, withinMaxAge } from '@/lib/auth/session-check';
import { carriesToken } from '@/lib/tokens/token-headers';
import { apiPathRedirect } from '@/lib/routes/api-path-redirect';
import { portalBadRequest } from '@/lib/routes/bad-request';
import { publicOrigin } from '@/lib/runtime/public-url';
import { crossOriginRefusal } from '@/lib/security/same-origin';
import { applyHeaders, contentSecurityPolicy, createNonce, CSP_HEADER, securityHeaders, servedOverHttps } from '@/lib/security/headers';
import { stillUnwritable } from '@/lib/db/db-writable';
import { answersWithoutDatabase, databaseUnavailableResponse } from '@/lib/health/unavailable-response';

// The first gate (Next 16 "proxy", formerly middleware; it runs on the Node.js runtime). It only
// decides "signed in or not" from the session cookie; whether the account is still enabled and
// the session not revoked is checked by every page and handler (requireUser/authorizeRequest),
// which read the user. The request path is passed on so a page can send the user back to it.
// It also gives every response the browser security headers (lib/security/headers.ts), with a
// fresh script nonce each time: the policy goes on the request too, where Next reads the nonce and
// puts it on its own scripts.

export async function proxy(request: NextRequest) {
  const https = servedOverHttps();
  const csp = contentSecurityPolicy({ nonce: createNonce(), https, development: process.env.NODE_ENV === 'development' });
  const response = await gate(request, csp);
  applyHeaders(response.headers, securityHeaders({ https, csp }));
  return response;
}

async function gate(request: NextRequest, csp: string): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  // Every page view and action writes (the audit log first): while the database cannot, answer a
  // plain 503 rather than run the page into a 500, and serve again as soon as a write works
  // (lib/health/db-writable.ts: the probe is retried here at most every 2 s).
  if (!answersWithoutDatabase(pathname) && (await stillUnwritable())) {
    const unavailable = databaseUnavailableResponse(pathname, request.headers.get('accept'));
    return new NextResponse(unavailable.body, { status: unavailable.status, headers: unavailable.headers });
  }
  // Programs' doors: their handlers require an API token. The session cookie is not passed on,
  // so nothing of a person's session can work there.
  if (isMachinePath(pathname)) {
    const headers = new Headers(request.headers);
    headers.delete('cookie');
    headers.set(CSP_HEADER, csp);
    return NextResponse.next({ request: { headers } });
  }
  // Register API paths pasted into the address bar (/Firm/122702/AR, /services/V0.1/…) move
  // permanently to the portal's routes, before sign-in so the sign-in callback is the real page.
  const moved = apiPathRedirect(pathname, search);
  if (moved) return NextResponse.redirect(new URL(moved, publicOrigin()), 308);
  // A changing /api request with the session cookie must come from the portal's own pages.
  const crossOrigin = crossOriginRefusal({ method: request.method, pathname, headers: request.headers }, publicOrigin());
  if (crossOrigin) return NextResponse.json(crossOrigin.body, { status: crossOrigin.status, headers: { 'cache-control': 'no-store' } });
  const headers = new Headers(request.headers);
  headers.set(CSP_HEADER, csp);
  if (isPublicPath(pathname)) return NextResponse.next({ request: { headers } });
  // The watch API takes a person's session or a program's token: with a token its handlers admit
  // the token, and the cookie is not passed on (a request is one or the other, never both).
  if (isWatchApiPath(pathname) && carriesToken(request.headers)) {
    headers.delete('cookie');
    return NextResponse.next({ request: { headers } });
  }
  // Anywhere else an API token is refused outright rather than ignored, so a misdirected program
  // learns why.
  if (carriesToken(request.headers)) {
    return NextResponse.json(
      {
        error: 'token-not-accepted',
        message:
          'API tokens are accepted only at /register-api/services/V0.1/…, /reconcile, /metrics and the watch API (/api/watchlists, /api/changes, /api/watch/…); sign in to use the portal.',
      },
      { status: 403, headers: { 'cache-control': 'no-store' } },
    );
  }

  const maxAgeSeconds = readAuthConfig(process.env).sessionMaxAgeSeconds;
  const token = await getToken({ req: request, secret: resolveAuthSecret().secret });
  const signedIn = isPortalToken(token) && withinMaxAge(token.authAt, maxAgeSeconds);

  if (!signedIn) {
    if (isApiPath(pathname)) {
      return NextResponse.json({ error: 'unauthenticated', message: 'Sign in to use this endpoint.' }, { status: 401, headers: { 'cache-control': 'no-store' } });
    }
    // On the public address (lib/runtime/public-url.ts), never the request's Host.
    return NextResponse.redirect(new URL(loginPath(`${pathname}${search}`), publicOrigin()));
  }

  headers.set(REQUEST_PATH_HEADER, `${pathname}${search}`);
  // An impossible IRN/PRN or a malformed search: the page explains it; only the proxy can make
  // the status 400. Documents only: a client-side (RSC) navigation with a non-200 would be
  // retried as a full page load.
  if ((request.method === 'GET' || request.method === 'HEAD') && !request.headers.has('rsc') && portalBadRequest(pathname, request.nextUrl.searchParams)) {
    return NextResponse.next({ status: 400, request: { headers } });
  }
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Static build output and the favicon never need a session (their security headers come from
  // next.config.mjs); everything else goes through the proxy, including server actions (POSTs to
  // page paths).
  matcher: ['/((?!_next/static/|_next/image|favicon\\.ico$).*)'],
};
