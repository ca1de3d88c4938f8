import type { RecordAuditInput } from '@/lib/audit/record';
import { type ApiToken, countTokenUse, countWrongSecret, usageMinute, wrongSecretsSince } from '@/lib/db/queries/api-tokens';
import type { Db, TokenScope } from '@/lib/db/schema';
import { checkToken, type TokenRefusal } from './authenticate';
import { presentedToken } from './token-headers';
import type { TokenCeilings } from './token-ceiling';

/**
 * The door for programs (the reconciliation service and the register API gateway): the token,
 * its scope and expiry, its ceiling, and the audit trail. Route handlers call admitMachineRequest
 * first and answer a refusal in their own protocol's words.
 *
 * Audit: per token per minute, not per request. Every request is counted in api_token_usage (an
 * atomic upsert, awaited before the answer); the first request of each minute (the upsert returns
 * 1, on whichever instance) also writes one audit entry `token.use` naming the token, awaited
 * before its answer too. A program at 60 requests a minute thus adds 1,440 audit entries a day,
 * not 86,400; the exact counts are in api_token_usage and on /admin/tokens.
 *
 * A request naming a real token with the wrong secret is someone guessing it, or a program with an
 * old secret after a rotation: it is answered like an unknown token, counted in
 * api_token_usage.wrong_secrets, and the first of each minute writes one audit entry
 * `token.wrong-secret` (denied) with the count of the last hour, so 2,000 guesses leave a trace of
 * at most one entry a minute rather than none (or 2,000).
 */

export interface MachineGateDeps {
  db(): Promise<Db>;
  ceilings: TokenCeilings;
  /** lib/audit's recordAudit in the portal; tests pass their own. */
  audit(input: RecordAuditInput): Promise<unknown>;
  now?(): number;
}

export type MachineAdmission =
  | { ok: true; token: ApiToken }
  | { ok: false; kind: 'refused'; refusal: TokenRefusal; message: string }
  | { ok: false; kind: 'ceiling'; token: ApiToken; retryAfterSeconds: number; message: string };

function actor(token: ApiToken) {
  return { id: `token:${token.id}`, email: `token:${token.name}` };
}

async function countWrong(deps: MachineGateDeps, token: ApiToken, scope: TokenScope, path: string): Promise<void> {
  const db = await deps.db();
  const now = deps.now?.() ?? Date.now();
  const nth = await countWrongSecret(db, token.id, now);
  if (nth !== 1) return;
  await deps.audit({
    action: 'token.wrong-secret',
    outcome: 'denied',
    user: actor(token),
    reference: token.id,
    detail: {
      minute: usageMinute(now),
      scope,
      first: path.slice(0, 200),
      wrongSecretsLastHour: await wrongSecretsSince(db, token.id, new Date(now - 3_600_000).toISOString()),
      perMinute: 'later wrong secrets of this minute are counted in api_token_usage.wrong_secrets',
    },
  });
}

async function count(deps: MachineGateDeps, token: ApiToken, scope: TokenScope, path: string, outcome: 'success' | 'denied', reason?: string): Promise<void> {
  const db = await deps.db();
  const now = deps.now?.() ?? Date.now();
  const nth = await countTokenUse(db, token.id, outcome !== 'success', now);
  if (nth === 1) {
    await deps.audit({
      action: 'token.use',
      outcome,
      user: actor(token),
      reference: token.id,
      detail: {
        minute: usageMinute(now),
        scope,
        first: path.slice(0, 200),
        ...(reason ? { reason } : {}),
        perMinute: 'later requests of this minute are counted in api_token_usage',
      },
    });
  }
}

/** `cost`: slots of the token's ceiling the request takes (a reconciliation batch: one per query). */
export async function admitMachineRequest(request: Request, scope: TokenScope, deps: MachineGateDeps, cost = 1): Promise<MachineAdmission> {
  const path = new URL(request.url).pathname;
  const db = await deps.db();
  const check = await checkToken(db, presentedToken(request.headers), scope, deps.now?.() ?? Date.now());
  if (!check.ok) {
    // A known token used after revocation or expiry, or outside its scope, is on its record; so is
    // a wrong secret for a real token id, apart from its uses.
    if (check.token && check.wrongSecret) await countWrong(deps, check.token, scope, path);
    else if (check.token) await count(deps, check.token, scope, path, 'denied', check.refusal);
    return { ok: false, kind: 'refused', refusal: check.refusal, message: check.message };
  }
  const slot = await deps.ceilings.take(check.token.id, check.token.ceiling, cost);
  if (!slot.granted) {
    await count(deps, check.token, scope, path, 'denied', 'ceiling');
    const { requests, seconds } = check.token.ceiling;
    const what = cost > requests ? `asked for ${cost} at once, more than its limit of ${requests}` : `exceeded its limit of ${requests}`;
    return {
      ok: false,
      kind: 'ceiling',
      token: check.token,
      retryAfterSeconds: slot.retryAfterSeconds,
      message: `Too Many Requests: this API token ${what} requests in ${seconds} seconds; retry in ${slot.retryAfterSeconds} seconds`,
    };
  }
  await count(deps, check.token, scope, path, 'success');
  return { ok: true, token: check.token };
}
