import { encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { staticSecurityHeaders } from '@/next.config.mjs';
import { proxy } from '@/proxy';
import { contentSecurityPolicy, createNonce, HSTS_VALUE, nonceFromPolicy, securityHeaders, servedOverHttps, STATIC_SECURITY_HEADERS } from './headers';

const SECRET = 'security-headers-test-secret-'.padEnd(48, 'x');
const saved = { secret: process.env.NEXTAUTH_SECRET, url: process.env.NEXTAUTH_URL };

beforeAll(() => {
  process.env.NEXTAUTH_SECRET = SECRET;
});
afterEach(() => {
  if (saved.url === undefined) delete process.env.NEXTAUTH_URL;
  else process.env.NEXTAUTH_URL = saved.url;
});

function directives(csp: string): Map<string, string> {
  return new Map(
    csp.split(';').map(
      (d) =>
        d
          .trim()
          .split(/\s+(.*)/s)
          .slice(0, 2) as [string, string],
    ),
  );
}

describe('the Content-Security-Policy', () => {
  it('lets scripts run only with the nonce, allows no inline style, and forbids framing and other origins', () => {
    const d = directives(contentSecurityPolicy({ nonce: 'abc123==', https: false }));
    expect(d.get('script-src')).toBe("'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(d.get('style-src')).toBe("'self' 'nonce-abc123=='");
    expect(d.get('default-src')).toBe("'self'");
    expect(d.get('frame-ancestors')).toBe("'none'");
    expect(d.get('object-src')).toBe("'none'");
    expect(d.get('base-uri')).toBe("'none'");
    expect(d.get('form-action')).toBe("'self'");
    expect(d.has('upgrade-insecure-requests')).toBe(false);
    expect(contentSecurityPolicy({ nonce: 'n', https: false })).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it("upgrades sub-resources over HTTPS, and allows eval only for next dev's React", () => {
    expect(directives(contentSecurityPolicy({ nonce: 'n', https: true })).has('upgrade-insecure-requests')).toBe(true);
    expect(directives(contentSecurityPolicy({ nonce: 'n', https: false, development: true })).get('script-src')).toContain("'unsafe-eval'");
  });

  it('gets a fresh 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 200 }, createNonce));
    expect(nonces.size).toBe(200);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it('gives back the nonce of a policy it made, and null for a policy without one', () => {
    const nonce = createNonce();
    expect(nonceFromPolicy(contentSecurityPolicy({ nonce, https: false }))).toBe(nonce);
    expect(nonceFromPolicy("default-src 'none'")).toBeNull();
    expect(nonceFromPolicy(null)).toBeNull();
  });
});

describe('the other headers', () => {
  it('sends HSTS only when NEXTAUTH_URL is https', () => {
    expect(servedOverHttps({ NEXTAUTH_URL: 'https://portal.example.com' })).toBe(true);
    expect(servedOverHttps({ NEXTAUTH_URL: 'http://127.0.0.1:3000' })).toBe(false);
    expect(servedOverHttps({})).toBe(false);
    expect(securityHeaders({ https: true })['strict-transport-security']).toBe(HSTS_VALUE);
    expect(securityHeaders({ https: false })).not.toHaveProperty('strict-transport-security');
  });

  it('next.config.mjs gives the static files the same request-independent headers', () => {
    expect(staticSecurityHeaders).toEqual(STATIC_SECURITY_HEADERS);
  });
});

describe('proxy.ts sets them on every kind of answer', () => {
  async function signedInCookie(): Promise<string> {
    const token = { sub: 'u1', uid: 'u1', sv: 1, role: 'viewer', provider: 'credentials', authAt: Math.floor(Date.now() / 1000) };
    return `next-auth.session-token=${await encode({ token, secret: SECRET })}`;
  }
  const request = (path: string, headers: Record<string, string> = {}) => new NextRequest(new URL(path, 'http://127.0.0.1:3000'), { headers });

  it('pages, the sign-in redirect, API refusals and API-path redirects, each with its own nonce passed on to Next', async () => {
    delete process.env.NEXTAUTH_URL;
    const cookie = await signedInCookie();
    const answers = [
      await proxy(request('/firm/122702', { cookie })),
      await proxy(request('/login')),
      await proxy(request('/firm/122702')),
      await proxy(request('/api/search/typeahead?q=bank')),
      await proxy(request('/Firm/122702/AR')),
      await proxy(request('/individual/ABC', { cookie })),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 307, 401, 308, 400]);
    const nonces = new Set<string>();
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy')!;
      nonces.add(/'nonce-([^']+)'/.exec(csp)![1]);
      for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) expect(res.headers.get(name)).toBe(value);
      expect(res.headers.get('strict-transport-security')).toBeNull();
      // The same policy goes to Next on the request, where it finds the nonce for its scripts.
      if (res.status === 200 || res.status === 400) expect(res.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    }
    expect(nonces.size).toBe(answers.length);
  });

  it('adds HSTS when the portal is served over https', async () => {
    process.env.NEXTAUTH_URL = 'https://portal.example.com';
    const res = await proxy(request('/login'));
    expect(res.headers.get('strict-transport-security')).toBe(HSTS_VALUE);
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});
