import { splitJoinedToken } from './token-secret';

/**
 * How a program presents its token: either as the register's own pair of headers (X-AUTH-EMAIL =
 * token id, X-AUTH-KEY = secret), so register clients need no change, or as one string
 * `<id>.<secret>` in X-API-Token or `Authorization: Bearer` (OpenRefine sends one value). No
 * database here: the proxy uses carriesToken on every request.
 */

export interface PresentedToken {
  id: string;
  secret: string;
}

/** The token a request carries, if it carries any token-shaped credentials at all. */
export function presentedToken(headers: Headers): PresentedToken | undefined {
  const email = headers.get('x-auth-email')?.trim();
  const key = headers.get('x-auth-key')?.trim();
  if (email || key) return { id: email ?? '', secret: key ?? '' };
  const single = headers.get('x-api-token')?.trim() || /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
  if (!single) return undefined;
  return splitJoinedToken(single) ?? { id: single, secret: '' };
}

/** True when a request carries token credentials (the rest of the portal refuses them). */
export function carriesToken(headers: Headers): boolean {
  return headers.has('x-auth-email') || headers.has('x-auth-key') || headers.has('x-api-token') || /^Bearer\s/i.test(headers.get('authorization') ?? '');
}
