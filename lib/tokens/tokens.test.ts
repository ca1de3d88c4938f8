import { describe, expect, it } from 'vitest';
import type { AdminActor } from '@/lib/auth/user-admin';
import { listTokens, tokenUsageSince } from '@/lib/db/queries/api-tokens';
import { appendAudit, listAudit } from '@/lib/db/queries/audit';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { checkToken } from './authenticate';
import { admitMachineRequest, type MachineGateDeps } from './machine-gate';
import { issueToken, parseCeiling, parseScopes, revokeToken, rotateToken, TokenInputError } from './token-admin';
import { TokenCeilings } from './token-ceiling';
import { presentedToken } from './token-headers';
import { hashTokenSecret } from './token-secret';

const admin: AdminActor = { id: 'admin-1', email: 'admin@example.com', via: 'admin-page' };
const pg = await postgresStatus();

describe('token input', () => {
  it('reads scopes, ceilings and refuses nonsense with a specific message', () => {
    expect(parseScopes('both')).toEqual(['reconcile', 'register-api']);
    expect(parseScopes('register-api, reconcile')).toEqual(['reconcile', 'register-api']);
    expect(parseScopes('watch,metrics')).toEqual(['watch', 'metrics']);
    expect(parseScopes('metrics, both')).toEqual(['reconcile', 'register-api', 'metrics']);
    expect(() => parseScopes('everything')).toThrow(/reconcile, register-api, watch, metrics \(both = reconcile and register-api\), not "everything"/);
    expect(() => parseScopes('watch, admin')).toThrow(/not "admin"/);
    expect(parseCeiling('30/10')).toEqual({ requests: 30, seconds: 10 });
    expect(() => parseCeiling('30 per minute')).toThrow(TokenInputError);
    expect(() => parseCeiling('0/10')).toThrow(/from 1 to/);
    // At most 10 a second on average: 10,000 a second could once be set.
    expect(parseCeiling('600/60')).toEqual({ requests: 600, seconds: 60 });
    expect(() => parseCeiling('10000/1')).toThrow('A ceiling of 10000 per 1 s is more than 10 requests a second: choose at most 10/1');
    expect(() => parseCeiling('601/60')).toThrow(/choose at most 600\/60/);
  });

  it('reads the register headers, X-API-Token and a bearer token', () => {
    expect(presentedToken(new Headers({ 'X-AUTH-EMAIL': 'tok_a', 'X-AUTH-KEY': 's' }))).toEqual({ id: 'tok_a', secret: 's' });
    expect(presentedToken(new Headers({ 'X-API-Token': 'tok_a.s.t' }))).toEqual({ id: 'tok_a', secret: 's.t' });
    expect(presentedToken(new Headers({ Authorization: 'Bearer tok_b.x' }))).toEqual({ id: 'tok_b', secret: 'x' });
    expect(presentedToken(new Headers({ cookie: 'next-auth.session-token=abc' }))).toBeUndefined();
  });
});

forEachDialect('API tokens', pg, (db) => {
  it('stores only the hash of a 32-byte secret, and checks id, secret, scope, revocation and expiry', async () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    const { token, secret } = await issueToken(db(), admin, { name: 'CRM onboarding', scopes: ['register-api'], expiresInDays: 30, now });
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(token.secretHash).toBe(hashTokenSecret(secret));
    expect(JSON.stringify(await listTokens(db()))).not.toContain(secret);
    expect(token).toMatchObject({ priority: 'report', ceiling: { requests: 60, seconds: 60 }, expiresAt: '2026-12-24T10:00:00.000Z', createdBy: 'admin@example.com' });

    expect(await checkToken(db(), { id: token.id, secret }, 'register-api', now)).toMatchObject({ ok: true });
    expect(await checkToken(db(), { id: token.id, secret: secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A') }, 'register-api', now)).toMatchObject({
      ok: false,
      refusal: 'unknown',
    });
    expect(await checkToken(db(), { id: 'tok_00000000000000000000', secret }, 'register-api', now)).toMatchObject({ ok: false, refusal: 'unknown' });
    expect(await checkToken(db(), undefined, 'register-api', now)).toMatchObject({ ok: false, refusal: 'missing' });
    expect(await checkToken(db(), { id: token.id, secret }, 'reconcile', now)).toMatchObject({ ok: false, refusal: 'scope', message: expect.stringContaining('CRM onboarding') });
    expect(await checkToken(db(), { id: token.id, secret }, 'register-api', now + 31 * 86_400_000)).toMatchObject({ ok: false, refusal: 'expired' });

    const rotated = await rotateToken(db(), admin, token.id, now);
    expect(await checkToken(db(), { id: token.id, secret }, 'register-api', now)).toMatchObject({ ok: false, refusal: 'unknown' });
    expect(await checkToken(db(), { id: token.id, secret: rotated.secret }, 'register-api', now)).toMatchObject({ ok: true });

    await revokeToken(db(), admin, token.id, now);
    expect(await checkToken(db(), { id: token.id, secret: rotated.secret }, 'register-api', now)).toMatchObject({ ok: false, refusal: 'revoked' });
    await expect(revokeToken(db(), admin, token.id, now)).rejects.toThrow(/already revoked/);
    await expect(rotateToken(db(), admin, token.id, now)).rejects.toThrow(/revoked; issue a new one/);

    const actions = (await listAudit(db(), { reference: token.id })).map((e) => e.action);
    expect(actions).toEqual(['admin.token.revoke', 'admin.token.rotate', 'admin.token.create']);
  });

  it('holds the ceiling and audits use once per token per minute, counting every request', async () => {
    let now = Date.parse('2026-11-24T11:00:05Z');
    const { token, secret } = await issueToken(db(), admin, { name: 'KYC tool', scopes: ['reconcile'], ceiling: { requests: 3, seconds: 60 }, now });
    const deps: MachineGateDeps = {
      db: async () => db(),
      ceilings: new TokenCeilings({ now: () => now, setTimer: () => ({ cancel() {} }) }),
      audit: (input) =>
        appendAudit(db(), {
          action: input.action,
          outcome: input.outcome ?? 'success',
          actor: input.user,
          reference: input.reference,
          detail: input.detail,
          at: new Date(now).toISOString(),
        }),
      now: () => now,
    };
    const req = () => new Request('http://portal.test/reconcile', { headers: { 'X-API-Token': `${token.id}.${secret}` } });
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await admitMachineRequest(req(), 'reconcile', deps));
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.kind))).toEqual(['ok', 'ok', 'ok', 'ceiling', 'ceiling']);
    expect(outcomes[3]).toMatchObject({ retryAfterSeconds: 60, message: expect.stringContaining('limit of 3 requests in 60 seconds') });
    now += 60_000;
    expect((await admitMachineRequest(req(), 'reconcile', deps)).ok).toBe(true);

    const uses = await listAudit(db(), { action: 'token.use', reference: token.id });
    expect(uses).toHaveLength(2);
    expect(uses.map((u) => u.userEmail)).toEqual(['token:KYC tool', 'token:KYC tool']);
    expect(uses.map((u) => u.detail?.minute)).toEqual(['2026-11-24T11:01', '2026-11-24T11:00']);
    const usage = await tokenUsageSince(db(), '2026-11-24T11:00:00Z');
    expect(usage.get(token.id)).toEqual({ requests: 6, refused: 2, wrongSecrets: 0 });
  });

  it('counts wrong secrets for a real token id and audits them once per token per minute, with a count', async () => {
    let now = Date.parse('2026-11-24T12:00:01Z');
    const { token, secret } = await issueToken(db(), admin, { name: 'Guessed', scopes: ['register-api'], now });
    const deps: MachineGateDeps = {
      db: async () => db(),
      ceilings: new TokenCeilings({ now: () => now, setTimer: () => ({ cancel() {} }) }),
      audit: (input) =>
        appendAudit(db(), {
          action: input.action,
          outcome: input.outcome ?? 'success',
          actor: input.user,
          reference: input.reference,
          detail: input.detail,
          at: new Date(now).toISOString(),
        }),
      now: () => now,
    };
    const wrong = secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');
    const guess = () => new Request('http://portal.test/register-api/services/V0.1/Firm/1', { headers: { 'X-AUTH-EMAIL': token.id, 'X-AUTH-KEY': wrong } });
    for (let i = 0; i < 250; i++) {
      const outcome = await admitMachineRequest(guess(), 'register-api', deps);
      // Answered exactly as an unknown token: nothing tells the guesser the id is real.
      expect(outcome).toMatchObject({ ok: false, kind: 'refused', refusal: 'unknown', message: 'The API token was not recognised (wrong id or secret).' });
      now += 400; // 250 guesses over 100 s: two minutes
    }
    const entries = await listAudit(db(), { action: 'token.wrong-secret', reference: token.id });
    expect(entries.map((e) => [e.outcome, e.detail?.minute])).toEqual([
      ['denied', '2026-11-24T12:01'],
      ['denied', '2026-11-24T12:00'],
    ]);
    // The count of the last hour, as of each entry: the second minute's entry knows of the first minute's 148.
    expect(entries.map((e) => e.detail?.wrongSecretsLastHour)).toEqual([149, 1]);
    expect((await tokenUsageSince(db(), '2026-11-24T12:00:00Z')).get(token.id)).toEqual({ requests: 0, refused: 0, wrongSecrets: 250 });
    // Not a use of the token, and the right secret still works.
    expect((await listTokens(db())).find((t) => t.id === token.id)?.lastUsedAt).toBeNull();
    expect((await admitMachineRequest(new Request('http://portal.test/x', { headers: { 'X-AUTH-EMAIL': token.id, 'X-AUTH-KEY': secret } }), 'register-api', deps)).ok).toBe(true);
  });
});
