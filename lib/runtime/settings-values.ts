/**
 * Reading one setting's value, the same way for every reader of the environment (the register
 * client's, scale-out's, the report limits', audit retention's, sign-in's) and for the start-up
 * check that runs them all (lib/server/check-settings.ts): a value is trimmed and an empty one is
 * unset; whole numbers, ports and URLs are recognised by one rule each; a URL is printed without
 * its password. Each reader keeps its own words for what the setting must be.
 */

/** Environment variables as the portal reads them (a plain record, so tests can pass their own). */
export type Env = Record<string, string | undefined>;

/** The variable's value, trimmed; undefined when unset or blank. */
export function settingValue(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** The whole number `raw` spells (digits only), when it lies in [min, max]; else undefined. */
export function wholeNumberIn(raw: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
}

/** A problem with a port-number setting (1 to 65535), or undefined when it is unset or fine. */
export function portProblem(name: string, raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  return wholeNumberIn(value, 1, 65535) === undefined ? `${name} must be a port number from 1 to 65535` : undefined;
}

const HOST_NAME = /^[A-Za-z0-9._~%[\]:-]+$/;

/** A problem with a URL setting (parses, one of `schemes`, names a host), or undefined. */
export function urlProblem(name: string, raw: string, schemes: string[], example: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${name} is not a valid URL (expected e.g. ${example})`;
  }
  if (!schemes.includes(url.protocol)) return `${name} must be a ${schemes.map((s) => `${s}//`).join(' or ')} URL (e.g. ${example})`;
  if (!url.hostname || !HOST_NAME.test(url.hostname)) return `${name} must name a host (e.g. ${example})`;
  return undefined;
}

/** A URL (a database's, Redis's) with its password replaced, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
    return `${scheme ? `${scheme}://` : ''}(unparseable URL)`;
  }
}
