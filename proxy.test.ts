import { encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxy } from './proxy';

const SECRET = 'proxy-test-secret-'.padEnd(48, 'x');
const saved = { secret: process.env.NEXTAUTH_SECRET, url: process.env.NEXTAUTH_URL };
beforeAll(() => {
  process.env.NEXTAUTH_SECRET = SECRET;
  delete process.env.NEXTAUTH_URL;
});
afterAll(() => {
  process.env.NEXTAUTH_SECRET = saved.secret;
  if (saved.url) process.env.NEXTAUTH_URL = saved.url;
});

async function sessionCookie(claims: Record<string, unknown>) {
  return `next-auth.session-token=${await encode({ token: claims, secret: SECRET })}`;
}

function request(path: string, cookie?: string) {
  return new NextRequest(new URL(path, 'http://127.0.0.1:3000'), { headers: cookie ? { cookie } : {} });
}

const now = () => Math.floor(Date.now() / 1000);

describe('proxy', () => {
  it('redirects an anonymous page request to sign-in, keeping path and query', async () => {
    const res = await proxy(request('/firm/122702/permissions?page=2'));
    expect(res.status).toBe(307);
    // (NextURL spells loopback as localhost; Next's server makes a same-origin Location relative.)
    const location = new URL(res.headers.get('location')!);
    expect(location.port).toBe('3000');
    expect(`${location.pathname}${location.search}`).toBe('/login?callbackUrl=%2Ffirm%2F122702%2Fpermissions%3Fpage%3D2');
  });

  it('answers an anonymous /api request with 401 JSON', async () => {
    const res = await proxy(request('/api/export?frn=1'));
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body).toMatchObject({ error: 'unauthenticated', message: expect.stringMatching(/^You have been signed out, or you are not signed in\. Sign in again/) });
    expect(new URL(body.signIn).pathname).toBe('/login');
  });

  it.each(['/login', '/login?callbackUrl=%2Ffirm%2F1', '/api/auth/session', '/api/health', '/api/ready', '/favicon.ico'])('lets %s through without a session', async (path) => {
    const res = await proxy(request(path));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-middleware-next')).toBe('1');
  });

  it('lets a signed-in request through and passes the requested path on to the page', async () => {
    const cookie = await sessionCookie({ sub: 'u1', uid: 'u1', sv: 1, role: 'viewer', provider: 'credentials', authAt: now() });
    const res = await proxy(request('/search?q=acme', cookie));
    expect(res.headers.get('x-middleware-next')).toBe('1');
    expect(res.headers.get('x-middleware-request-x-fsr-request-path')).toBe('/search?q=acme');
  });

  it('treats a session past its absolute lifetime, a forged cookie or a foreign token as signed out', async () => {
    const old = await sessionCookie({ sub: 'u1', uid: 'u1', sv: 1, role: 'viewer', provider: 'credentials', authAt: now() - 11 * 3600 });
    expect((await proxy(request('/search', old))).status).toBe(307);
    expect((await proxy(request('/api/x', 'next-auth.session-token=forged'))).status).toBe(401);
    const foreign = `next-auth.session-token=${await encode({ token: { uid: 'u1', sv: 1, role: 'admin', authAt: now() }, secret: 'another-secret'.padEnd(40, 'y') })}`;
    expect((await proxy(request('/admin/users', foreign))).status).toBe(307);
    const notOurs = await sessionCookie({ sub: 'u1', name: 'no portal claims' });
    expect(new URL((await proxy(request('/', notOurs))).headers.get('location')!).pathname).toBe('/login');
  });

  it('passes the machine paths to their handlers without the session cookie, before any API-path redirect', async () => {
    const cookie = await sessionCookie({ sub: 'u1', uid: 'u1', sv: 1, role: 'admin', provider: 'credentials', authAt: now() });
    for (const path of ['/register-api/services/V0.1/Firm/200200', '/reconcile', '/reconcile/preview?id=200200']) {
      const res = await proxy(request(path, cookie));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-middleware-next'), path).toBe('1');
      // The request headers are overridden without the cookie: no session reaches these handlers.
      expect(res.headers.has('x-middleware-override-headers'), path).toBe(true);
      expect(res.headers.get('x-middleware-override-headers')!.split(','), path).not.toContain('cookie');
      expect(res.headers.get('x-middleware-request-cookie'), path).toBeNull();
    }
  });

  it('refuses token headers anywhere else, signed in or not', async () => {
    const cookie = await sessionCookie({ sub: 'u1', uid: 'u1', sv: 1, role: 'admin', provider: 'credentials', authAt: now() });
    const withToken = (path: string, headers: Record<string, string>) => new NextRequest(new URL(path, 'http://127.0.0.1:3000'), { headers: { cookie, ...headers } });
    const variants: Array<Record<string, string>> = [{ 'X-AUTH-EMAIL': 'tok_x', 'X-AUTH-KEY': 'y' }, { 'X-API-Token': 'tok_x.y' }, { Authorization: 'Bearer tok_x.y' }];
    for (const headers of variants) {
      const res = await proxy(withToken('/firm/200200', headers));
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'token-not-accepted' });
    }
    expect((await proxy(withToken('/api/export/markets', { 'X-AUTH-KEY': 'y' }))).status).toBe(403);
  });

  it("refuses a changing /api request with the session cookie from another origin, in words, and lets the portal's own through", async () => {
    const cookie = await sessionCookie({ sub: 'u1', uid: 'u1', sv: 1, role: 'analyst', provider: 'credentials', authAt: now() });
    const post = (path: string, headers: Record<string, string>) =>
      proxy(new NextRequest(new URL(path, 'http://127.0.0.1:3000'), { method: 'POST', headers: { cookie, ...headers } }));
    // Another port of the same host is same-site: the browser sends the cookie, the portal must refuse.
    const refused = await post('/api/bulk/estimate', { origin: 'http://127.0.0.1:3001' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'cross-origin-request', message: expect.stringContaining('http://127.0.0.1:3001') });
    expect((await post('/api/watchlists', { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    // From the portal's own page: through to the handler.
    const own = await post('/api/bulk/estimate', { origin: 'http://127.0.0.1:3000' });
    expect(own.status).toBe(200);
    expect(own.headers.get('x-middleware-next')).toBe('1');
    // Reads are not concerned, nor next-auth's own endpoints (their CSRF token guards them).
    expect((await proxy(new NextRequest(new URL('/api/bulk/1', 'http://127.0.0.1:3000'), { headers: { cookie, origin: 'http://127.0.0.1:3001' } }))).status).toBe(200);
    expect((await post('/api/auth/signout', { origin: 'http://127.0.0.1:3001' })).status).toBe(200);
  });

  it('lets a token through to the watch API without the cookie, and a request without a token through the session gate', async () => {
    const cookie = await sessionCookie({ sub: 'u1', uid: 'u1', sv: 1, role: 'admin', provider: 'credentials', authAt: now() });
    for (const path of ['/api/watchlists', '/api/watchlists/x/records', '/api/changes?since=2026-01-31T00:00:00Z', '/api/changes/x/state', '/api/watch/cycles/x']) {
      const res = await proxy(new NextRequest(new URL(path, 'http://127.0.0.1:3000'), { headers: { cookie, 'X-API-Token': 'tok_x.y' } }));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-middleware-next'), path).toBe('1');
      // The handler admits the token; the session cookie does not reach it.
      expect(res.headers.get('x-middleware-override-headers')!.split(','), path).not.toContain('cookie');
      // Without a token: signed out is 401, as on every /api path.
      expect((await proxy(request(path))).status, path).toBe(401);
    }
    // A path beside the watch API is not part of it.
    expect((await proxy(new NextRequest(new URL('/api/watchlistsx', 'http://127.0.0.1:3000'), { headers: { 'X-API-Token': 'tok_x.y' } }))).status).toBe(403);
  });
});
