/**
 * The register API gateway against the sandbox over real HTTP: every request of the sandbox's
 * contract tests replayed through it and compared with the sandbox's own answer byte for byte
 * (so key for key, in key order) once the links are mapped back; paging through its Next links;
 * token refusals in the register's words; a token's ceiling under a flood while a person's page
 * still loads; and one register request for N identical gateway requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActor } from '@/lib/auth/user-admin';
import { appendAudit, listAudit } from '@/lib/db/queries/audit';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { testConfig } from '@/lib/register/test-support/test-config';
import { issueToken, revokeToken } from '@/lib/tokens/token-admin';
import { TokenCeilings } from '@/lib/tokens/token-ceiling';
import { DEFAULT_ACCOUNT } from '@/sandbox/config';
import { loadFixtures, placeholderValues, resolveRequest } from '@/sandbox/contract/analogous';
import { compareShape, formatDifferences } from '@/sandbox/contract/shape';
import { buildDataset } from '@/sandbox/dataset/generate';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import type { RunningSandbox } from '@/sandbox/server';
import { apiGet, startTestSandbox } from '@/sandbox/test-helpers';
import { createSqliteTestDb, type TestDb } from '@/test/db-harness';
import { handleGatewayRequest, type GatewayDeps } from './register-gateway';

const PORTAL = 'http://portal.test';
const GATEWAY = `${PORTAL}/register-api/services`;
const admin: AdminActor = { id: null, email: 'cli:tester', via: 'cli' };

let sb: RunningSandbox;
let t: TestDb;
let values: Record<string, string>;
const clients: RegisterClient[] = [];

beforeAll(async () => {
  // No rate limit here: the test's own direct requests to the sandbox are not paced. The last
  // test proves on a rate-limited sandbox that programs cannot draw a register 429.
  sb = await startTestSandbox();
  t = await createSqliteTestDb();
  const o = sb.options;
  values = placeholderValues(buildDataset(o.seed, { firms: o.firms, individuals: o.individuals, funds: o.funds }));
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sb.close();
  await t.cleanup();
});

/** The programs' share (FSR_RATE_PROGRAM_SHARE) is the whole budget here unless a test is about it: the last test is. */
function deps(upstream: RunningSandbox = sb, env: Record<string, string> = {}): GatewayDeps & { client: RegisterClient } {
  const client = createRegisterClient({
    config: testConfig(upstream.baseUrl, { FSR_API_EMAIL: DEFAULT_ACCOUNT.email, FSR_API_KEY: DEFAULT_ACCOUNT.key, FSR_RATE_PROGRAM_SHARE: '100', ...env }),
  });
  clients.push(client);
  return {
    client,
    db: async () => t.handle.db,
    ceilings: new TokenCeilings(),
    audit: (input) => appendAudit(t.handle.db, { action: input.action, outcome: input.outcome ?? 'success', actor: input.user, reference: input.reference, detail: input.detail }),
    register: () => client,
    publicOrigin: () => PORTAL,
  };
}

async function token(name: string, ceiling = { requests: 600, seconds: 60 }) {
  const { token: tk, secret } = await issueToken(t.handle.db, admin, { name, scopes: ['register-api'], ceiling });
  return { id: tk.id, secret, headers: { 'X-AUTH-EMAIL': tk.id, 'X-AUTH-KEY': secret } };
}

async function viaGateway(d: GatewayDeps, request: string, headers: Record<string, string>) {
  const res = await handleGatewayRequest(new Request(`${GATEWAY}/V0.1${request}`, { headers: { Accept: 'application/json', ...headers } }), d);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** The gateway's links mapped back to the sandbox's, so the bodies can be compared byte for byte. */
const linksBack = (text: string) => text.split(GATEWAY).join(`${sb.origin}/services`);

describe('register API gateway', () => {
  const fixtures = loadFixtures();

  it('replays every request of the contract tests and answers exactly as the sandbox does (links aside)', async () => {
    const d = deps();
    const tk = await token('contract replay');
    let compared = 0;
    for (const fx of fixtures) {
      if (fx.auth || fx.scenario) continue; // refusals and 429s are the gateway's own, tested below
      const request = resolveRequest(fx.sandboxRequest, values);
      const direct = await apiGet(sb, request);
      const gateway = await viaGateway(d, request, tk.headers);
      expect(gateway.status, request).toBe(direct.status);
      expect(gateway.headers.get('content-type'), request).toBe(direct.headers.get('content-type'));
      expect(linksBack(gateway.text), request).toBe(direct.text);
      const diffs = compareShape(
        { body: fx.body, httpStatus: fx.status, contentType: fx.contentType, request: fx.request },
        {
          body: JSON.parse(linksBack(gateway.text)),
          raw: linksBack(gateway.text),
          httpStatus: gateway.status,
          contentType: gateway.headers.get('content-type') ?? undefined,
          request,
        },
        { orderMeaningful: true },
      );
      expect(diffs, `${request}\n${formatDifferences(diffs)}`).toEqual([]);
      if (direct.text.includes('/services/')) expect(gateway.text, request).not.toContain(sb.origin);
      compared += 1;
    }
    expect(compared).toBeGreaterThanOrEqual(55);
  });

  it("refuses a missing, unknown, revoked or expired token in the register's words", async () => {
    const d = deps();
    const request = `/Firm/${SHOWCASE.bankFrn}`;
    const byName = (name: string) => fixtures.find((f) => f.file === name)!;
    for (const [headers, fixture] of [
      [{}, byName('auth-missing.json')],
      [{ 'X-AUTH-EMAIL': 'nobody@example.com', 'X-AUTH-KEY': 'nope' }, byName('auth-unknown.json')],
    ] as const) {
      const res = await viaGateway(d, request, headers);
      expect(res.status).toBe(fixture.status);
      expect(res.headers.get('content-type')).toBe(fixture.contentType);
      expect(res.text).toBe(JSON.stringify(fixture.body));
    }
    const revoked = await token('revoked program');
    await revokeToken(t.handle.db, admin, revoked.id);
    const r = await viaGateway(d, request, revoked.headers);
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ Status: 'FSR-API-01-01-21', ResultInfo: null, Message: 'Forbidden: The API token has been revoked.', Data: null });

    const { token: old, secret } = await issueToken(t.handle.db, admin, { name: 'expired program', scopes: ['register-api'], expiresInDays: 1, now: Date.now() - 2 * 86_400_000 });
    const e = await viaGateway(d, request, { 'X-AUTH-EMAIL': old.id, 'X-AUTH-KEY': secret });
    expect(e.status).toBe(401);
    expect(e.json).toMatchObject({ Status: 'FSR-API-01-01-21', Message: expect.stringContaining('expired') });

    const denied = await listAudit(t.handle.db, { action: 'token.use', reference: revoked.id });
    expect(denied).toMatchObject([{ outcome: 'denied', userEmail: 'token:revoked program', detail: { reason: 'revoked' } }]);
  });

  it('answers a path with no endpoint as Salesforce does, without spending a register request', async () => {
    const d = deps();
    const tk = await token('lost program');
    const before = sb.stats()[DEFAULT_ACCOUNT.email]?.requests ?? 0;
    const res = await viaGateway(d, '/Firm/1/Nowhere', tk.headers);
    expect(res.status).toBe(404);
    expect(res.json).toEqual([{ errorCode: 'NOT_FOUND', message: 'Could not find a match for URL' }]);
    expect(sb.stats()[DEFAULT_ACCOUNT.email]?.requests ?? 0).toBe(before);
  });

  it('points Next at the gateway, and paging through Next walks the same rows as the sandbox', async () => {
    const d = deps();
    const tk = await token('pager');
    for (const start of [`/Firm/${SHOWCASE.bankFrn}/Individuals`, `/Firm/${SHOWCASE.bankFrn}/Waivers`]) {
      const direct: unknown[] = [];
      let next: string | undefined = `${sb.baseUrl}${start}`;
      while (next) {
        const page = await apiGet(sb, next);
        direct.push(...page.json.Data);
        next = page.json.ResultInfo?.Next;
      }
      const viaLinks: unknown[] = [];
      let link: string | undefined = `${GATEWAY}/V0.1${start}`;
      let pages = 0;
      while (link) {
        expect(link.startsWith(`${GATEWAY}/V0.1/`), link).toBe(true);
        const res = await handleGatewayRequest(new Request(link, { headers: tk.headers }), d);
        const text = await res.text();
        const body = JSON.parse(text) as { ResultInfo: { Next?: string } };
        // Rows compared with the sandbox's once their own register URLs are mapped back.
        viaLinks.push(...(JSON.parse(linksBack(text)) as { Data: unknown[] }).Data);
        link = body.ResultInfo?.Next;
        pages += 1;
      }
      expect(pages).toBeGreaterThan(1);
      expect(viaLinks).toEqual(direct);
    }
  });

  it('writes links on the public address, whatever host or forwarded host the request came with', async () => {
    const d = { ...deps(), publicOrigin: () => 'https://portal.example.org' };
    const tk = await token('behind-a-proxy');
    const res = await handleGatewayRequest(
      new Request(`http://localhost:3391/register-api/services/V0.1/Firm/${SHOWCASE.bankFrn}/Individuals`, {
        headers: { ...tk.headers, 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
      }),
      d,
    );
    const text = await res.text();
    const next = (JSON.parse(text) as { ResultInfo: { Next?: string } }).ResultInfo.Next;
    expect(next?.startsWith('https://portal.example.org/register-api/services/V0.1/Firm/')).toBe(true);
    expect(text).not.toMatch(/localhost:3391|evil\.example/);
  });

  it('costs one register request for N identical requests within freshness, and says which were cached', async () => {
    const d = deps();
    const tk = await token('repeater');
    const request = `/Firm/${SHOWCASE.paymentInstitutionFrn}/Exclusions`;
    const before = sb.stats()[DEFAULT_ACCOUNT.email]?.requests ?? 0;
    const answers = await Promise.all(Array.from({ length: 8 }, () => viaGateway(d, request, tk.headers)));
    const later = await viaGateway(d, request, tk.headers);
    expect(sb.stats()[DEFAULT_ACCOUNT.email].requests - before).toBe(1);
    expect(new Set([...answers, later].map((a) => a.text)).size).toBe(1);
    expect(later.headers.get('x-fsr-source')).toBe('cached');
    expect(answers.map((a) => a.headers.get('x-fsr-source'))).toContain('live');
    expect(Date.parse(later.headers.get('x-fsr-retrieved-at')!)).toBeLessThanOrEqual(Date.now());
  });

  it("holds a token's ceiling under a flood while a person's page still loads", async () => {
    const d = deps();
    const tk = await token('flooder', { requests: 5, seconds: 60 });
    const before = sb.stats()[DEFAULT_ACCOUNT.email]?.requests ?? 0;
    const frns = [
      ...new Set(
        Object.values(SHOWCASE)
          .flat()
          .filter((v) => /^\d{6}$/.test(v)),
      ),
    ];
    const flood = Promise.all(Array.from({ length: 40 }, (_, i) => viaGateway(d, `/Firm/${frns[i % frns.length]}/Regulators?pgnp=${1 + Math.floor(i / frns.length)}`, tk.headers)));
    const person = d.client.firm(SHOWCASE.bankFrn, { priority: 'interactive' });
    const [answers, page] = await Promise.all([flood, person]);
    expect(page.kind).toBe('ok');
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(35);
    expect(refused[0].json).toMatchObject({ Status: null, ResultInfo: null, Data: null, Message: expect.stringContaining('limit of 5 requests in 60 seconds') });
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
    // Five program requests and the person's page reached the register; the refused 35 did not.
    expect(sb.stats()[DEFAULT_ACCOUNT.email].requests - before).toBeLessThanOrEqual(6);
  });

  it('never lets programs draw a register 429 even with a generous ceiling: the pacer holds them back', async () => {
    // A register with a small limit, and the portal's budget just under it: 30 distinct requests
    // from one program take several windows, and the register never answers 429.
    const small = await startTestSandbox({ rateLimit: { requests: 10, seconds: 2 } });
    try {
      const d = deps(small, { FSR_RATE_BUDGET: '9/2', FSR_RATE_MARGIN_MS: '100' });
      const tk = await token('greedy', { requests: 600, seconds: 60 });
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => viaGateway(d, `/Firm/${SHOWCASE.bankFrn}/Waivers?pgnp=${i + 1}`, tk.headers)));
      expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
      expect(small.stats()[DEFAULT_ACCOUNT.email]).toMatchObject({ requests: 30, rateLimited: 0 });
      expect(small.stats()[DEFAULT_ACCOUNT.email].maxInWindow).toBeLessThanOrEqual(10);
    } finally {
      await small.close();
    }
  });

  it("keeps every token together within the programs' share of the budget: many programs at once cannot take the team's budget", async () => {
    // The register allows 5 per 1 s; the portal's own budget is 20 per 1 s, of which programs get
    // 25 %: 5. Were the gateway's requests not held to the share, the register would see 12 at once.
    const small = await startTestSandbox({ rateLimit: { requests: 5, seconds: 1 } });
    try {
      const d = deps(small, { FSR_RATE_BUDGET: '20/1', FSR_RATE_MARGIN_MS: '100', FSR_RATE_PROGRAM_SHARE: '25' });
      const programs = await Promise.all(Array.from({ length: 4 }, (_, i) => token(`program-${i}`)));
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => viaGateway(d, `/Firm/${SHOWCASE.bankFrn}/Individuals?pgnp=${i + 1}`, programs[i % programs.length].headers)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
      expect(small.stats()[DEFAULT_ACCOUNT.email]).toMatchObject({ requests: 12, rateLimited: 0 });
      expect(small.stats()[DEFAULT_ACCOUNT.email].maxInWindow).toBeLessThanOrEqual(5);
      expect((await d.client.health()).budget.programs).toMatchObject({ limit: 5 });
    } finally {
      await small.close();
    }
  });
});
