// Where to send someone after sign-in. Only a path on this site is honoured: anything that a
// browser could resolve to another origin (`//evil`, `/\evil`, `https://…`, control characters
// that browsers strip, such as `/\t/evil`) falls back to the home page. Pure: used by the proxy,
// the login page, next-auth's redirect callback and the client form.

import { LOGIN_PATH, withQuery, type LoginPath } from '@/lib/routes/portal-paths';

const PROBE_ORIGIN = 'http://portal.invalid';

export function safeCallbackPath(raw: unknown, fallback = '/'): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//')) return fallback;
  // Backslashes are treated as slashes by browsers; control characters and spaces are stripped or
  // mangled before resolution. None of them belongs in a path we produce.
  if (/[\\\u0000-\u0020\u007f]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  // Dot segments can normalise into a protocol-relative path ("/.//evil.com" → "//evil.com"),
  // which a browser would resolve to another site.
  if (url.pathname.startsWith('//')) return fallback;
  // Never bounce back into the sign-in machinery (that would loop).
  if (url.pathname === '/login' || url.pathname.startsWith('/api/auth')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * For next-auth's redirect callback: accepts a same-origin absolute URL or a path and returns an
 * absolute URL on `baseUrl`.
 */
export function safeRedirectUrl(url: string, baseUrl: string): string {
  let candidate = url;
  try {
    const parsed = new URL(url);
    if (parsed.origin !== new URL(baseUrl).origin) return `${baseUrl}/`;
    candidate = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    // Not absolute: a path (or garbage), checked below.
  }
  return `${baseUrl}${safeCallbackPath(candidate)}`;
}

export function loginPath(callbackPath?: string, error?: string): LoginPath {
  const target = safeCallbackPath(callbackPath ?? '/');
  return withQuery(LOGIN_PATH, { callbackUrl: target !== '/' ? target : undefined, error });
}
