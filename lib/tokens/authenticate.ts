import { type ApiToken, findToken } from '@/lib/db/queries/api-tokens';
import type { Db, TokenScope } from '@/lib/db/schema';
import type { PresentedToken } from './token-headers';
import { looksLikeTokenId, looksLikeTokenSecret, secretMatches } from './token-secret';

/**
 * Whether the token a machine request presents (token-headers.ts) may be used, and for what.
 * Nothing of a person's session counts: cookies are never read here.
 */

export type TokenRefusal = 'missing' | 'unknown' | 'revoked' | 'expired' | 'scope';

/**
 * `token` is set on a refusal when the presented id names a real token: revoked, expired, out of
 * scope, or (`wrongSecret`) presented with the wrong secret, which the gate counts and audits as
 * a possible guess at that token (the answer to the caller stays the same as for an unknown id).
 */
export type TokenCheck = { ok: true; token: ApiToken } | { ok: false; refusal: TokenRefusal; token?: ApiToken; wrongSecret?: boolean; message: string };

const MESSAGES: Record<TokenRefusal, string> = {
  missing: 'No API token: send X-AUTH-EMAIL (token id) and X-AUTH-KEY (secret), or X-API-Token / Authorization: Bearer <id>.<secret>.',
  unknown: 'The API token was not recognised (wrong id or secret).',
  revoked: 'The API token has been revoked.',
  expired: 'The API token has expired.',
  scope: 'The API token may not be used here.',
};

/** Where each scope lets a token in, as a refusal names it. */
const SCOPE_PLACES: Record<TokenScope, string> = {
  reconcile: 'the reconciliation service',
  'register-api': 'the register API',
  watch: 'the watch API',
  metrics: 'the metrics endpoint',
};

export async function checkToken(db: Db, presented: PresentedToken | undefined, scope: TokenScope, now: number = Date.now()): Promise<TokenCheck> {
  if (!presented || (!presented.id && !presented.secret)) return { ok: false, refusal: 'missing', message: MESSAGES.missing };
  // Shape checks first: nothing malformed reaches the database.
  if (!looksLikeTokenId(presented.id) || !looksLikeTokenSecret(presented.secret)) return { ok: false, refusal: 'unknown', message: MESSAGES.unknown };
  const token = await findToken(db, presented.id);
  if (!token) return { ok: false, refusal: 'unknown', message: MESSAGES.unknown };
  if (!secretMatches(presented.secret, token.secretHash)) return { ok: false, refusal: 'unknown', token, wrongSecret: true, message: MESSAGES.unknown };
  if (token.revokedAt) return { ok: false, refusal: 'revoked', token, message: MESSAGES.revoked };
  if (Date.parse(token.expiresAt) <= now) return { ok: false, refusal: 'expired', token, message: `${MESSAGES.expired} (${token.expiresAt})` };
  if (!token.scopes.includes(scope)) {
    return { ok: false, refusal: 'scope', token, message: `The API token "${token.name}" is not issued for ${SCOPE_PLACES[scope]}.` };
  }
  return { ok: true, token };
}
