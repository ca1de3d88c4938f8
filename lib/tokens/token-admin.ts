import type { AdminActor } from '@/lib/auth/user-admin';
import { type ApiToken, findToken, insertToken, markTokenRevoked, replaceTokenSecret, TOKEN_SCOPES } from '@/lib/db/queries/api-tokens';
import { appendAudit } from '@/lib/db/queries/audit';
import type { Db, TokenPriority, TokenScope } from '@/lib/db/schema';
import { hashTokenSecret, newTokenId, newTokenSecret } from './token-secret';

// Token administration shared by /admin/tokens and `npm run tokens`. As with users, each change
// and its audit entry are written in one transaction. Callers check that the actor is an admin.

export class TokenInputError extends Error {
  override name = 'TokenInputError';
}

export const TOKEN_PRIORITIES: readonly TokenPriority[] = ['report', 'background'];
/** Defaults: a quarter of the register's 50/10 at most, and a year. */
export const DEFAULT_CEILING = { requests: 60, seconds: 60 };
export const DEFAULT_EXPIRY_DAYS = 365;
const MAX_EXPIRY_DAYS = 3 * 365;
const MAX_CEILING_REQUESTS = 10_000;
const MAX_CEILING_SECONDS = 86_400;
/**
 * A ceiling may average at most this many requests a second (600 a minute). The register's whole
 * budget is 5 a second, and every program together gets a share of it (FSR_RATE_PROGRAM_SHARE);
 * above that, a ceiling only lets one program keep the portal busy with cached answers, its
 * database (every request is counted) and its queue. Tokens issued earlier keep their ceilings.
 */
export const MAX_CEILING_PER_SECOND = 10;

export interface NewTokenInput {
  name: string;
  scopes: TokenScope[];
  priority?: TokenPriority;
  ceiling?: { requests: number; seconds: number };
  expiresInDays?: number;
  now?: number;
}

export function parseScopes(value: string): TokenScope[] {
  const parts = value
    .split(/[\s,]+/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const expanded = parts.flatMap((p) => (p === 'both' ? ['reconcile', 'register-api'] : [p]));
  const unknown = expanded.filter((p) => !(TOKEN_SCOPES as readonly string[]).includes(p));
  if (expanded.length === 0 || unknown.length > 0) {
    throw new TokenInputError(
      `Scopes are a comma-separated list of ${TOKEN_SCOPES.join(', ')} (both = reconcile and register-api)${unknown.length ? `, not "${unknown.join(', ')}"` : ''}.`,
    );
  }
  return TOKEN_SCOPES.filter((s) => expanded.includes(s));
}

/** "60/60" = 60 requests per 60 seconds. */
export function parseCeiling(value: string): { requests: number; seconds: number } {
  const m = /^\s*(\d{1,5})\s*\/\s*(\d{1,5})\s*$/.exec(value);
  if (!m) throw new TokenInputError(`The ceiling is REQUESTS/SECONDS, for example 60/60 (not "${value}").`);
  return checkCeiling({ requests: Number(m[1]), seconds: Number(m[2]) });
}

function checkCeiling(c: { requests: number; seconds: number }): { requests: number; seconds: number } {
  if (!Number.isInteger(c.requests) || c.requests < 1 || c.requests > MAX_CEILING_REQUESTS) {
    throw new TokenInputError(`The ceiling's requests must be a whole number from 1 to ${MAX_CEILING_REQUESTS}.`);
  }
  if (!Number.isInteger(c.seconds) || c.seconds < 1 || c.seconds > MAX_CEILING_SECONDS) {
    throw new TokenInputError(`The ceiling's window must be a whole number of seconds from 1 to ${MAX_CEILING_SECONDS}.`);
  }
  if (c.requests > MAX_CEILING_PER_SECOND * c.seconds) {
    throw new TokenInputError(
      `A ceiling of ${c.requests} per ${c.seconds} s is more than ${MAX_CEILING_PER_SECOND} requests a second: choose at most ${MAX_CEILING_PER_SECOND * c.seconds}/${c.seconds} (every program together shares part of the register's 50 requests per 10 s anyway).`,
    );
  }
  return c;
}

export function parsePriority(value: string): TokenPriority {
  const p = value.trim().toLowerCase();
  if (!(TOKEN_PRIORITIES as readonly string[]).includes(p)) {
    throw new TokenInputError(`Priority must be report or background (people's pages always go first), not "${value}".`);
  }
  return p as TokenPriority;
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new TokenInputError('Name the program the token is for.');
  if (trimmed.length > 100) throw new TokenInputError('The program name is too long (100 characters at most).');
  return trimmed;
}

function checkExpiry(days: number): number {
  if (!Number.isInteger(days) || days < 1 || days > MAX_EXPIRY_DAYS) {
    throw new TokenInputError(`A token expires after 1 to ${MAX_EXPIRY_DAYS} whole days.`);
  }
  return days;
}

async function audit(trx: Db, actor: AdminActor, action: string, token: ApiToken, detail: Record<string, unknown> = {}) {
  await appendAudit(trx, {
    action,
    outcome: 'success',
    actor: { id: actor.id, email: actor.email },
    reference: token.id,
    detail: { name: token.name, ...detail, via: actor.via },
  });
}

/** Issues a token; the secret is returned once and only its hash is stored. */
export async function issueToken(db: Db, actor: AdminActor, input: NewTokenInput): Promise<{ token: ApiToken; secret: string }> {
  const name = checkName(input.name);
  if (input.scopes.length === 0) throw new TokenInputError(`Choose what the token may use: ${TOKEN_SCOPES.join(', ')}.`);
  const ceiling = checkCeiling(input.ceiling ?? DEFAULT_CEILING);
  const days = checkExpiry(input.expiresInDays ?? DEFAULT_EXPIRY_DAYS);
  const now = input.now ?? Date.now();
  const secret = newTokenSecret();
  const token = await db.transaction().execute(async (trx) => {
    const created = await insertToken(trx, {
      id: newTokenId(),
      name,
      secretHash: hashTokenSecret(secret),
      scopes: input.scopes,
      priority: input.priority ?? 'report',
      ceiling,
      expiresAt: new Date(now + days * 86_400_000).toISOString(),
      createdBy: actor.email,
      now,
    });
    await audit(trx, actor, 'admin.token.create', created, {
      scopes: created.scopes,
      priority: created.priority,
      ceiling: `${ceiling.requests}/${ceiling.seconds}`,
      expiresAt: created.expiresAt,
    });
    return created;
  });
  return { token, secret };
}

async function existing(db: Db, id: string): Promise<ApiToken> {
  const token = await findToken(db, id.trim());
  if (!token) throw new TokenInputError(`No token has the id ${id.trim()}. \`npm run tokens -- list\` shows the tokens.`);
  return token;
}

export async function revokeToken(db: Db, actor: AdminActor, id: string, now?: number): Promise<ApiToken> {
  const token = await existing(db, id);
  if (token.revokedAt) throw new TokenInputError(`The token ${token.id} (${token.name}) was already revoked.`);
  return db.transaction().execute(async (trx) => {
    if (!(await markTokenRevoked(trx, token.id, now))) throw new TokenInputError(`The token ${token.id} was already revoked.`);
    await audit(trx, actor, 'admin.token.revoke', token);
    return (await findToken(trx, token.id))!;
  });
}

/** A new secret for the same token id (the old secret stops working at once); shown once. */
export async function rotateToken(db: Db, actor: AdminActor, id: string, now?: number): Promise<{ token: ApiToken; secret: string }> {
  const token = await existing(db, id);
  if (token.revokedAt) throw new TokenInputError(`The token ${token.id} (${token.name}) is revoked; issue a new one instead.`);
  const secret = newTokenSecret();
  return db.transaction().execute(async (trx) => {
    if (!(await replaceTokenSecret(trx, token.id, hashTokenSecret(secret), now))) throw new TokenInputError(`The token ${token.id} is revoked.`);
    await audit(trx, actor, 'admin.token.rotate', token);
    return { token: (await findToken(trx, token.id))!, secret };
  });
}
