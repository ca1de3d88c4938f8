import { encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxy } from '@/proxy';

// The two routing duties this folder gives the proxy: API-shaped paths redirect (before sign-in),
// and impossible register references are answered 400 (after sign-in, documents only).

const SECRET = 'proxy-routes-test-secret-'.padEnd(48, 'x');
const saved = { secret: process.env.NEXTAUTH_SECRET, url: process.env.NEXTAUTH_URL };
beforeAll(() => {
  process.env.NEXTAUTH_SECRET = SECRET;
  delete process.env.NEXTAUTH_URL;
});
afterAll(() => {
  process.env.NEXTAUTH_SECRET = saved.secret;
  if (saved.url) process.env.NEXTAUTH_URL = saved.url;
});

async function signedIn(): Promise<string> {
  const token = { sub: 'u1', uid: 'u1', sv: 1, role: 'viewer', provider: 'credentials', authAt: Math.floor(Date.now() / 1000) };
  return `next-auth.session-token=${await encode({ token, secret: SECRET })}`;
}

function request(path: string, init: { cookie?: string; method?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  return new NextRequest(new URL(path, 'http://127.0.0.1:3000'), { method: init.method ?? 'GET', headers });
}

describe('proxy: API-shaped paths', () => {
  it('redirects permanently, before asking anyone to sign in', async () => {
    const res = await proxy(request('/Firm/122702/AR?pgnp=2'));
    expect(res.status).toBe(308);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.pathname}${location.search}`).toBe('/firm/122702/appointed-representatives?page=2');
  });

  it('redirects the full service form for a signed-in user too', async () => {
    const res = await proxy(request('/services/V0.1/Individuals/MXC29012/CF', { cookie: await signedIn() }));
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get('location')!).pathname).toBe('/individual/MXC29012/controlled-functions');
  });
});

describe('proxy: impossible references answer 400', () => {
  it('marks a document request for an impossible IRN, PRN or search as 400 and lets the page explain', async () => {
    const cookie = await signedIn();
    for (const path of ['/individual/ABC', '/fund/12345678/subfunds', '/search?q=bank*', '/markets?page=0']) {
      const res = await proxy(request(path, { cookie }));
      expect(res.status, path).toBe(400);
      expect(res.headers.get('x-middleware-next'), path).toBe('1');
      expect(res.headers.get('x-middleware-request-x-fsr-request-path'), path).toBe(path);
    }
  });

  it('leaves good requests, client-side navigations and server actions at 200', async () => {
    const cookie = await signedIn();
    expect((await proxy(request('/individual/PXR00042', { cookie }))).status).toBe(200);
    expect((await proxy(request('/search?q=acme', { cookie }))).status).toBe(200);
    expect((await proxy(request('/individual/ABC', { cookie, headers: { rsc: '1' } }))).status).toBe(200);
    expect((await proxy(request('/individual/ABC', { cookie, method: 'POST' }))).status).toBe(200);
  });

  it('says nothing to a signed-out visitor but "sign in"', async () => {
    const res = await proxy(request('/individual/ABC'));
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get('location')!).pathname).toBe('/login');
  });
});
