/**
 * The browser security headers every response carries (proxy.ts sets them on everything it sees;
 * next.config.mjs sets the ones that need no request, such as nosniff, on the static build files
 * the proxy skips). Register data is third-party text rendered into every page, so the policy is
 * strict: scripts run only with this response's nonce (Next puts it on its own scripts when it
 * finds the policy on the request), nothing may frame the portal, and nothing loads from another
 * origin. Plain module (no server-only): next.config.mjs cannot import TypeScript, so the static
 * list there is checked against this one by a test.
 */
import { publicOrigin } from '@/lib/runtime/public-url';

/** Request header Next reads the nonce from (it parses `'nonce-…'` out of the policy itself). */
export const CSP_HEADER = 'content-security-policy';

/** The nonce in a policy this module made (null when there is none), e.g. for a handler's own HTML. */
export function nonceFromPolicy(policy: string | null): string | null {
  return policy?.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1] ?? null;
}

/** 128 random bits, base64: unguessable, unique per response, valid in a nonce-source. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export interface PolicyOptions {
  nonce: string;
  /** The portal is served over HTTPS (its public address, PORTAL_URL): ask the browser to upgrade any http: sub-resource. */
  https: boolean;
  /** `next dev` only: React's development build uses eval for its debugging aids. */
  development?: boolean;
}

/**
 * The Content-Security-Policy for a document.
 * - script-src: the nonce, and 'strict-dynamic' so the chunks Next's nonce'd runtime loads may
 *   run; 'self' only for browsers too old for 'strict-dynamic' (which ignore it otherwise).
 * - style-src: the nonce-less 'self' is enough: Tailwind's one stylesheet is a same-origin file,
 *   and no page renders a style attribute (React sets styles it changes at run time through the
 *   CSSOM, which CSP does not govern). The one inline <style> is a report's print rules (its
 *   running header: components/report/report-print-style.tsx), which carries the nonce; the nonce
 *   also lets Next add a <style> of its own if a future version does.
 * - img-src data: for inline images (a QR code for two-factor enrolment is typically a data: URL).
 * - base-uri 'none' and form-action 'self': an injected <base> or <form> cannot send people or
 *   their input elsewhere; frame-ancestors 'none': no other site can frame the portal.
 */
export function contentSecurityPolicy({ nonce, https, development = false }: PolicyOptions): string {
  const directives: string[] = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/**
 * Headers that do not depend on the request. `Referrer-Policy: same-origin` keeps the full URL
 * for the portal's own requests (server actions and next-auth check the Origin header, which
 * `no-referrer` would blank) and sends nothing to other sites: a URL carries who was looked up.
 */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  // Nothing in the portal needs a device or a powerful feature; deny them all to every frame. Only
  // features Chromium knows are named: an unknown one (bluetooth) is a console warning on every page.
  'permissions-policy':
    'accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), ' +
    'geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), ' +
    'serial=(), usb=(), xr-spatial-tracking=()',
  'cross-origin-opener-policy': 'same-origin',
});

/** Two years, subdomains included: once a browser has seen the portal over HTTPS it never tries HTTP. */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

/** Whether the portal's public address (PORTAL_URL, lib/runtime/public-url.ts) is HTTPS. */
export function servedOverHttps(env: Record<string, string | undefined> = process.env): boolean {
  return publicOrigin(env).startsWith('https:');
}

/** Every security header for a response; `csp` is omitted for responses that carry no document. */
export function securityHeaders(options: { https: boolean; csp?: string }): Record<string, string> {
  const headers: Record<string, string> = { ...STATIC_SECURITY_HEADERS };
  if (options.https) headers['strict-transport-security'] = HSTS_VALUE;
  if (options.csp) headers[CSP_HEADER] = options.csp;
  return headers;
}

/** Sets `headers` on a response (or a Headers object), replacing any earlier value. */
export function applyHeaders(target: Headers, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) target.set(name, value);
}
