import fc from 'fast-check';
import { encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeCallbackPath } from '@/lib/auth/callback-url';
import { apiPathRedirect } from '@/lib/routes/api-path-redirect';
import { portalBadRequest } from '@/lib/routes/bad-request';
import { proxy } from '@/proxy';
import { path, query } from './arbitraries';

// Property-based: whatever address someone types or pastes, the proxy answers (never throws, so
// never a 500), with one of the statuses it means to give, with the security headers, and never
// sends the browser to another site. Its parts are held to the same: a redirect target is a
// portal path that is not redirected again, and a refusal comes with a message.

const SECRET = 'property-test-secret-'.padEnd(48, 'x');
const ORIGIN = 'http://127.0.0.1:3000';
const saved = { secret: process.env.NEXTAUTH_SECRET, url: process.env.NEXTAUTH_URL };
let cookie = '';

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET = SECRET;
  delete process.env.NEXTAUTH_URL;
  const token = { sub: 'u1', uid: 'u1', sv: 1, role: 'viewer', provider: 'credentials', authAt: Math.floor(Date.now() / 1000) };
  cookie = `next-auth.session-token=${await encode({ token, secret: SECRET })}`;
});

afterAll(() => {
  process.env.NEXTAUTH_SECRET = saved.secret;
  if (saved.url) process.env.NEXTAUTH_URL = saved.url;
});

/** The URL a browser would request for what was typed, or undefined when a browser could not form one. */
function requestUrl(typed: string): URL | undefined {
  try {
    const url = new URL(typed, ORIGIN);
    return url.origin === ORIGIN ? url : undefined;
  } catch {
    return undefined;
  }
}

describe('proxy: any typed address', () => {
  it('is answered with an expected status, the security headers, and no redirect off the site', async () => {
    await fc.assert(
      fc.asyncProperty(path, query, fc.boolean(), fc.constantFrom('GET', 'POST', 'HEAD'), async (p, q, signedIn, method) => {
        const url = requestUrl(`${p}${q}`);
        fc.pre(url !== undefined);
        const res = await proxy(new NextRequest(url!, { method, headers: signedIn ? { cookie } : {} }));
        expect([200, 307, 308, 400, 401]).toContain(res.status);
        expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]+=*' 'strict-dynamic'/);
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        const location = res.headers.get('location');
        if (res.status === 307 || res.status === 308) {
          // (NextURL spells the loopback host "localhost" when it rebuilds a URL outside a server.)
          expect([ORIGIN, 'http://localhost:3000']).toContain(new URL(location!, ORIGIN).origin);
        } else {
          expect(location).toBeNull();
        }
        if (res.status === 401) expect(await res.json()).toMatchObject({ error: 'unauthenticated', message: expect.any(String) });
      }),
      { numRuns: 400 },
    );
  });
});

describe('API-shaped paths', () => {
  it('redirect to a portal path that is not redirected again (no loops, no other site)', () => {
    fc.assert(
      fc.property(path, query, (p, q) => {
        const url = requestUrl(`${p}${q}`);
        fc.pre(url !== undefined);
        const target = apiPathRedirect(url!.pathname, url!.search);
        if (target === undefined) return;
        expect(target.startsWith('/')).toBe(true);
        expect(target.startsWith('//')).toBe(false);
        const next = new URL(target, ORIGIN);
        expect(next.origin).toBe(ORIGIN);
        expect(apiPathRedirect(next.pathname, next.search)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });
});

describe('impossible references', () => {
  it('are refused with a field and a readable message, or passed on; never an exception', () => {
    fc.assert(
      fc.property(path, query, (p, q) => {
        const url = requestUrl(`${p}${q}`);
        fc.pre(url !== undefined);
        const problem = portalBadRequest(url!.pathname, url!.searchParams);
        if (problem === undefined) return;
        expect(problem.field).toMatch(/^[a-zA-Z]+$/);
        expect(problem.message.length).toBeGreaterThan(10);
        expect(problem.message.length).toBeLessThan(300);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the sign-in callback', () => {
  it('is always a path on this site, whatever it was given', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          path.chain((p) => query.map((q) => `${p}${q}`)),
          fc.string(),
          fc.webUrl(),
        ),
        (raw) => {
          const target = safeCallbackPath(raw);
          expect(target.startsWith('/')).toBe(true);
          expect(target.startsWith('//')).toBe(false);
          expect(target).not.toMatch(/[\\\u0000-\u0020\u007f]/);
          expect(new URL(target, ORIGIN).origin).toBe(ORIGIN);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('refuses the dot-segment trick found by this property ("/.//evil.example" normalises to "//evil.example")', () => {
    expect(safeCallbackPath('/.//evil.example')).toBe('/');
    expect(safeCallbackPath('/x/..//evil.example/path')).toBe('/');
  });
});
