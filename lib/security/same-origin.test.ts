import { describe, expect, it } from 'vitest';
import { crossOriginRefusal } from './same-origin';

const PORTAL = 'https://portal.example.org';
const COOKIE = 'theme=dark; __Secure-next-auth.session-token.0=abc';

function check(method: string, pathname: string, headers: Record<string, string>) {
  return crossOriginRefusal({ method, pathname, headers: new Headers(headers) }, PORTAL);
}

describe('crossOriginRefusal', () => {
  it('refuses a changing /api request with the session cookie from any other origin', () => {
    for (const origin of ['https://evil.example.org', 'https://portal.example.org:8443', 'http://portal.example.org', 'null']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const refused = check(method, '/api/bulk', { cookie: COOKIE, origin });
        expect(refused?.status, `${method} from ${origin}`).toBe(403);
        expect(refused?.body.message).toContain(`not by the portal (${PORTAL})`);
      }
    }
  });

  it('judges by Sec-Fetch-Site, then Referer, when no Origin came', () => {
    expect(check('POST', '/api/watchlists', { cookie: COOKIE, 'sec-fetch-site': 'same-site' })?.status).toBe(403);
    expect(check('POST', '/api/watchlists', { cookie: COOKIE, 'sec-fetch-site': 'cross-site' })?.status).toBe(403);
    expect(check('POST', '/api/watchlists', { cookie: COOKIE, 'sec-fetch-site': 'same-origin' })).toBeUndefined();
    expect(check('POST', '/api/watchlists', { cookie: COOKIE, referer: 'https://evil.example.org/page' })?.status).toBe(403);
    expect(check('POST', '/api/watchlists', { cookie: COOKIE, referer: `${PORTAL}/bulk` })).toBeUndefined();
  });

  it("lets through the portal's own pages, reads, programs without the cookie, next-auth and non-browser clients", () => {
    expect(check('POST', '/api/bulk', { cookie: COOKIE, origin: PORTAL })).toBeUndefined();
    expect(check('GET', '/api/bulk/1', { cookie: COOKIE, origin: 'https://evil.example.org' })).toBeUndefined();
    expect(check('POST', '/api/changes', { origin: 'https://evil.example.org', authorization: 'Bearer tok_x.y' })).toBeUndefined();
    expect(check('POST', '/api/changes', { cookie: 'theme=dark', origin: 'https://evil.example.org' })).toBeUndefined();
    expect(check('POST', '/api/auth/callback/azure-ad', { cookie: COOKIE, origin: 'https://login.microsoftonline.com' })).toBeUndefined();
    expect(check('POST', '/api/bulk', { cookie: COOKIE })).toBeUndefined();
  });
});
