import path from 'node:path';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { findUserByEmail, revokeUserSessions } from '@/lib/db/queries/users';
import { type AppRoute, isMachinePattern, listAppRoutes, PUBLIC_PATTERNS } from '@/test/app-routes';
import { expect, test } from './support/auth-fixtures';

// Every page.tsx and route.ts in app/, found by walking the folder now, so new routes are covered
// without touching this file. Each must refuse (1) an anonymous request, stopped by the proxy,
// and (2) a request carrying a well-formed session whose account was signed out everywhere,
// which the proxy lets through and only the route's own check can refuse.

const routes = listAppRoutes(path.resolve(__dirname, '..'));
// Routes for programs need an API token, never a session (e2e/machine-access.spec.ts).
const guarded = routes.filter((r) => !PUBLIC_PATTERNS.has(r.pattern) && !isMachinePattern(r.pattern));
const pages = guarded.filter((r) => r.kind === 'page');
const handlers = guarded.filter((r) => r.kind === 'handler');

function isApi(route: AppRoute) {
  return route.pattern === '/api' || route.pattern.startsWith('/api/');
}

/** Asserts a sign-in redirect: an HTTP redirect, or (for a page that had started streaming) Next's meta refresh. */
async function expectSignInRedirect(res: APIResponse, route: AppRoute, error?: string) {
  let location: string | undefined;
  if ([302, 303, 307, 308].includes(res.status())) {
    location = res.headers().location;
  } else {
    expect(res.status(), `${route.file}: expected a redirect to /login, got ${res.status()}`).toBe(200);
    const body = await res.text();
    location = /http-equiv="refresh" content="\d+;url=([^"]+)"/.exec(body)?.[1]?.replace(/&amp;/g, '&');
  }
  expect(location, `${route.file} did not redirect to sign-in`).toBeTruthy();
  const target = new URL(location!, 'http://portal.invalid');
  expect(target.pathname, route.file).toBe('/login');
  const callback = route.samplePath === '/' ? null : route.samplePath;
  expect(target.searchParams.get('callbackUrl'), route.file).toBe(callback);
  if (error) expect(target.searchParams.get('error'), route.file).toBe(error);
}

async function expect401(res: APIResponse, route: AppRoute, method: string) {
  expect(res.status(), `${method} ${route.file}`).toBe(401);
  expect(await res.json(), `${method} ${route.file}`).toMatchObject({ error: 'unauthenticated' });
}

test('the route inventory found the app (sanity check of the walk)', () => {
  expect(pages.map((p) => p.pattern)).toContain('/admin/users');
  expect(routes.map((r) => r.pattern)).toEqual(expect.arrayContaining(['/login', '/api/auth/[...nextauth]']));
});

test.describe('anonymous requests are refused by every route', () => {
  for (const route of pages) {
    test(`page ${route.pattern} redirects to sign-in`, async ({ request }) => {
      await expectSignInRedirect(await request.get(route.samplePath, { maxRedirects: 0 }), route);
    });
  }
  for (const route of handlers) {
    for (const method of route.methods) {
      test(`${method} ${route.pattern} ${isApi(route) ? 'answers 401' : 'redirects to sign-in'}`, async ({ request }) => {
        const res = await request.fetch(route.samplePath, { method, maxRedirects: 0 });
        if (isApi(route)) await expect401(res, route, method);
        else await expectSignInRedirect(res, route);
      });
    }
  }
});

test.describe('a revoked session is refused by each route itself', () => {
  let revoked: APIRequestContext;

  test.beforeAll(async ({ playwright, portal }) => {
    const user = await portal.createUser('revoked@auth-e2e.test', 'admin');
    revoked = await playwright.request.newContext({ baseURL: portal.baseURL });
    const { csrfToken } = await (await revoked.get('/api/auth/csrf')).json();
    const signedIn = await revoked.post('/api/auth/callback/credentials', {
      form: { email: user.email, password: user.password, csrfToken, json: 'true', callbackUrl: '/' },
    });
    expect(signedIn.ok()).toBe(true);
    const cookies = (await revoked.storageState()).cookies.map((c) => c.name);
    expect(cookies).toContain('next-auth.session-token');
    // The cookie stays well-formed and unexpired, so the proxy lets it through; the account's
    // sessions are revoked, so only the route's own check can refuse it.
    await portal.withDb(async (db) => revokeUserSessions(db, (await findUserByEmail(db, user.email))!.id));
  });

  test.afterAll(async () => {
    await revoked?.dispose();
  });

  for (const route of pages) {
    test(`page ${route.pattern} checks the session itself`, async () => {
      await expectSignInRedirect(await revoked.get(route.samplePath, { maxRedirects: 0 }), route, 'session-ended');
    });
  }
  for (const route of handlers) {
    for (const method of route.methods) {
      test(`${method} ${route.pattern} checks the session itself`, async () => {
        const res = await revoked.fetch(route.samplePath, { method, maxRedirects: 0 });
        if (isApi(route)) await expect401(res, route, method);
        else await expectSignInRedirect(res, route, 'session-ended');
      });
    }
  }
});

test.describe('public routes answer without a session', () => {
  for (const route of routes.filter((r) => PUBLIC_PATTERNS.has(r.pattern) && r.pattern !== '/api/auth/[...nextauth]')) {
    test(`${route.pattern} is reachable anonymously`, async ({ request }) => {
      const res = await request.get(route.samplePath, { maxRedirects: 0 });
      expect(res.status(), route.file).not.toBe(401);
      expect([301, 302, 303, 307, 308], route.file).not.toContain(res.status());
    });
  }
  test('next-auth endpoints are reachable anonymously', async ({ request }) => {
    const res = await request.get('/api/auth/providers');
    expect(res.status()).toBe(200);
    expect(Object.keys(await res.json())).toContain('credentials');
  });
});
