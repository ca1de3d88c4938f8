import type { Selectable } from 'kysely';
import { isoNow } from '../clock';
import type { ApiTokensTable, Db, TokenPriority, TokenScope } from '../schema';

/**
 * API tokens for programs (the reconciliation service and the register API gateway). Rows hold
 * the SHA-256 of the secret, never the secret. Use is counted per token per UTC minute in
 * api_token_usage (one upsert per request), which is what keeps the audit log to one entry per
 * token per minute (lib/tokens/token-use.ts).
 */

/** Every scope, in the order they are stored and listed. `both` (in forms and the CLI) means the first two. */
export const TOKEN_SCOPES: readonly TokenScope[] = ['reconcile', 'register-api', 'watch', 'metrics'];

export interface ApiToken {
  id: string;
  name: string;
  secretHash: string;
  scopes: TokenScope[];
  priority: TokenPriority;
  ceiling: { requests: number; seconds: number };
  expiresAt: string;
  createdAt: string;
  createdBy: string;
  rotatedAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** The stored form of a scope set: fixed order, space-separated (the table's check constraint lists every such subset). */
export function scopesColumn(scopes: readonly TokenScope[]): string {
  return TOKEN_SCOPES.filter((s) => scopes.includes(s)).join(' ');
}

function toToken(row: Selectable<ApiTokensTable>): ApiToken {
  return {
    id: row.id,
    name: row.name,
    secretHash: row.secret_hash,
    scopes: row.scopes.split(' ').filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s)),
    priority: row.priority,
    ceiling: { requests: Number(row.ceiling_requests), seconds: Number(row.ceiling_seconds) },
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    createdBy: row.created_by,
    rotatedAt: row.rotated_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  };
}

export interface NewTokenRow {
  id: string;
  name: string;
  secretHash: string;
  scopes: TokenScope[];
  priority: TokenPriority;
  ceiling: { requests: number; seconds: number };
  expiresAt: string;
  createdBy: string;
  now?: number;
}

export async function insertToken(db: Db, row: NewTokenRow): Promise<ApiToken> {
  const inserted = await db
    .insertInto('api_tokens')
    .values({
      id: row.id,
      name: row.name,
      secret_hash: row.secretHash,
      scopes: scopesColumn(row.scopes),
      priority: row.priority,
      ceiling_requests: row.ceiling.requests,
      ceiling_seconds: row.ceiling.seconds,
      expires_at: row.expiresAt,
      created_at: isoNow(row.now),
      created_by: row.createdBy,
      rotated_at: null,
      revoked_at: null,
      last_used_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toToken(inserted);
}

export async function findToken(db: Db, id: string): Promise<ApiToken | undefined> {
  const row = await db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toToken(row) : undefined;
}

/** Newest first. */
export async function listTokens(db: Db): Promise<ApiToken[]> {
  const rows = await db.selectFrom('api_tokens').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(toToken);
}

/** Marks the token revoked; false when it does not exist or was already revoked. */
export async function markTokenRevoked(db: Db, id: string, now?: number): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: isoNow(now) })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces the secret's hash of a token that is not revoked; false otherwise. */
export async function replaceTokenSecret(db: Db, id: string, secretHash: string, now?: number): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ secret_hash: secretHash, rotated_at: isoNow(now) })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** 'YYYY-MM-DDTHH:MM' in UTC: the usage bucket of a moment. */
export function usageMinute(now: number): string {
  return isoNow(now).slice(0, 16);
}

/**
 * Counts one request of a token in its minute and returns the minute's count so far (1 for the
 * first request of the minute, on whichever instance it arrives: the upsert is atomic).
 */
export async function countTokenUse(db: Db, id: string, refused: boolean, now: number = Date.now()): Promise<number> {
  const minute = usageMinute(now);
  const refusedValue = refused ? 1 : 0;
  const row = await db
    .insertInto('api_token_usage')
    .values({ token_id: id, minute, requests: 1, refused: refusedValue })
    .onConflict((oc) =>
      oc.columns(['token_id', 'minute']).doUpdateSet((eb) => ({
        requests: eb('api_token_usage.requests', '+', 1),
        refused: eb('api_token_usage.refused', '+', refusedValue),
      })),
    )
    .returning('requests')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: isoNow(now) })
    .where('id', '=', id)
    .execute();
  return Number(row.requests);
}

/**
 * Counts one request naming the token with the wrong secret, in its minute, and returns the
 * minute's count so far (1 for the first, on whichever instance: the upsert is atomic). It is not a
 * use of the token, so `requests` and `last_used_at` are left alone.
 */
export async function countWrongSecret(db: Db, id: string, now: number = Date.now()): Promise<number> {
  const row = await db
    .insertInto('api_token_usage')
    .values({ token_id: id, minute: usageMinute(now), requests: 0, refused: 0, wrong_secrets: 1 })
    .onConflict((oc) => oc.columns(['token_id', 'minute']).doUpdateSet((eb) => ({ wrong_secrets: eb('api_token_usage.wrong_secrets', '+', 1) })))
    .returning('wrong_secrets')
    .executeTakeFirstOrThrow();
  return Number(row.wrong_secrets);
}

/** Wrong secrets for one token from the minute of `since` (ISO) on. */
export async function wrongSecretsSince(db: Db, id: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('api_token_usage')
    .select((eb) => eb.fn.sum<number>('wrong_secrets').as('n'))
    .where('token_id', '=', id)
    .where('minute', '>=', since.slice(0, 16))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface TokenUsageTotals {
  requests: number;
  refused: number;
  /** Requests that named the token with the wrong secret. */
  wrongSecrets: number;
}

/** Requests per token since `since` (ISO), for the admin page. */
export async function tokenUsageSince(db: Db, since: string): Promise<Map<string, TokenUsageTotals>> {
  const rows = await db
    .selectFrom('api_token_usage')
    .select((eb) => ['token_id', eb.fn.sum<number>('requests').as('requests'), eb.fn.sum<number>('refused').as('refused'), eb.fn.sum<number>('wrong_secrets').as('wrong_secrets')])
    .where('minute', '>=', since.slice(0, 16))
    .groupBy('token_id')
    .execute();
  return new Map(rows.map((r) => [r.token_id, { requests: Number(r.requests), refused: Number(r.refused), wrongSecrets: Number(r.wrong_secrets) }]));
}
