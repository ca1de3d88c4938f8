/**
 * The portal's one public address: the origin people and programs reach it at (behind a reverse
 * proxy, the proxy's, e.g. https://portal.example.org). Every absolute URL the portal emits is
 * built here: the register API gateway's Next/Previous links and section URLs, the
 * reconciliation manifest and its redirects, links in e-mails and webhook payloads, sign-in
 * redirects. Never from a request's Host or X-Forwarded-Host: a client (or a proxy left
 * misconfigured) cannot make the portal hand out links to an address that is not configured.
 *
 * Read from PORTAL_URL; else PORTAL_PUBLIC_URL (its older name, for e-mail links only, kept as a
 * deprecated alias); else NEXTAUTH_URL (next-auth's name for the same address, which the server
 * sets from this one when it is unset); else http://HOSTNAME:PORT, the address `npm start` serves.
 * Several set to different addresses is a start-up error (lib/server/check-settings.ts), as is
 * anything but an absolute http(s) URL of a site's root. Problems name the variable, never the value.
 */
import { type Env, settingValue } from './settings-values';

/** The variables that may name the public address, in order of precedence. */
export const PUBLIC_URL_VARIABLES = ['PORTAL_URL', 'PORTAL_PUBLIC_URL', 'NEXTAUTH_URL'] as const;
export type PublicUrlVariable = (typeof PUBLIC_URL_VARIABLES)[number];

export interface PublicUrlReading {
  /** The origin, without a trailing slash: `https://portal.example.org`. */
  origin: string;
  /** Where it came from: a variable, or HOSTNAME and PORT when none is set. */
  source: PublicUrlVariable | 'HOSTNAME and PORT';
  /** Deprecated variables in use (PORTAL_PUBLIC_URL), for a notice at start-up. */
  deprecated: PublicUrlVariable[];
  problems: string[];
}

const EXAMPLE = 'https://portal.example.org';

/** What is wrong with `raw` as the public address, or undefined when it is usable. */
export function publicUrlProblem(name: string, raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${name} must be an absolute http:// or https:// URL (e.g. ${EXAMPLE})`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${name} must be an absolute http:// or https:// URL (e.g. ${EXAMPLE})`;
  if (!url.hostname) return `${name} must name a host (e.g. ${EXAMPLE})`;
  if (url.username || url.password) return `${name} must not hold a user name or password`;
  if (url.search || url.hash) return `${name} must not have a query string or fragment`;
  // Next serves the portal at the site's root (no basePath): a path would make every link wrong.
  if (url.pathname !== '/') return `${name} must be the address of the site's root, without a path (e.g. ${EXAMPLE}): the portal is served at /`;
  return undefined;
}

/** The address `npm start` serves when no variable names one (0.0.0.0 and :: are reached as localhost). */
function servedAddress(env: Env): string {
  const host = settingValue(env, 'HOSTNAME') ?? '127.0.0.1';
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${settingValue(env, 'PORT') ?? '3000'}`;
}

export function readPublicUrl(env: Env = process.env): PublicUrlReading {
  const problems: string[] = [];
  const usable: Array<{ name: PublicUrlVariable; origin: string }> = [];
  for (const name of PUBLIC_URL_VARIABLES) {
    const raw = settingValue(env, name);
    if (!raw) continue;
    const problem = publicUrlProblem(name, raw);
    if (problem) problems.push(problem);
    else usable.push({ name, origin: new URL(raw).origin });
  }
  const differing = usable.filter((u) => u.origin !== usable[0]?.origin);
  if (differing.length > 0) {
    const names = [usable[0].name, ...differing.map((d) => d.name)];
    problems.push(`${names.join(' and ')} name different addresses: the portal has one public address; set PORTAL_URL alone (NEXTAUTH_URL follows it)`);
  }
  const deprecated = settingValue(env, 'PORTAL_PUBLIC_URL') ? (['PORTAL_PUBLIC_URL'] as PublicUrlVariable[]) : [];
  if (usable.length > 0) return { origin: usable[0].origin, source: usable[0].name, deprecated, problems };
  let origin: string;
  try {
    origin = new URL(servedAddress(env)).origin;
  } catch {
    // An unusable HOSTNAME or PORT, which the start-up check reports under its own name.
    origin = 'http://127.0.0.1:3000';
  }
  return { origin, source: 'HOSTNAME and PORT', deprecated, problems };
}

let memo: { key: string; origin: string } | undefined;

/** The public origin (`https://portal.example.org`); cheap to call per request. */
export function publicOrigin(env: Env = process.env): string {
  const key = [...PUBLIC_URL_VARIABLES, 'HOSTNAME', 'PORT'].map((n) => env[n] ?? '').join('\u0000');
  if (memo?.key !== key) memo = { key, origin: readPublicUrl(env).origin };
  return memo.origin;
}

/** An absolute URL on the public address for a path of the portal (`/firm/700100` → `https://portal.example.org/firm/700100`). */
export function publicUrl(path: string, env: Env = process.env): string {
  return `${publicOrigin(env)}${path.startsWith('/') ? path : `/${path}`}`;
}
