import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '@/sandbox/dataset/generate';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { loadRegisterConfig } from './load-config';
import { createRegisterClient, type RegisterClientOptions } from './register-client';
import type { RegisterClient } from './register-client-types';
import type { RegisterResult } from './result';
import { missingLeaves } from './test-support/leaf-check';

/**
 * The client against the offline register over real HTTP, with latency on: pacing proved by the
 * sandbox's own counts, single-flight, priorities, the 429 block, and every shape the sandbox
 * serves normalised without losing a value.
 */

const SEED = 'fsr-sandbox';
const SIZES = { firms: 400, individuals: 800, funds: 60 };
const LATENCY = { min: 50, max: 200 };
const ACCOUNT = { email: 'sandbox@example.com', key: 'sandbox-key' };
const dataset = buildDataset(SEED, SIZES);
const showcase = new Set<string>(Object.values(SHOWCASE).flat());
const generatedFrns = [...dataset.firms.keys()].filter((frn) => !showcase.has(frn));

interface Send {
  path: string;
  at: number;
}

/** A client on `sandbox` that records when each request leaves (and each raw body, by path). */
function recordingClient(sandbox: RunningSandbox, env: Record<string, string>, extra: Partial<RegisterClientOptions> = {}) {
  const sends: Send[] = [];
  const bodies = new Map<string, string>();
  const config = loadRegisterConfig({
    FSR_API_BASE_URL: sandbox.baseUrl,
    FSR_API_EMAIL: ACCOUNT.email,
    FSR_API_KEY: ACCOUNT.key,
    FSR_API_TIMEOUT_MS: '10000',
    ...env,
  });
  const client = createRegisterClient({
    config,
    fetch: async (input, init) => {
      const url = new URL(String(input));
      const path = url.pathname.replace(/^\/services\/V0\.1/, '') + url.search;
      sends.push({ path, at: Date.now() });
      const response = await fetch(input, init);
      bodies.set(path, await response.clone().text());
      return response;
    },
    ...extra,
  });
  return { client, sends, bodies };
}

function userStats(sandbox: RunningSandbox) {
  return sandbox.stats()[ACCOUNT.email];
}

const failures = (results: Array<RegisterResult<unknown>>) => results.filter((r) => r.kind !== 'ok');

describe('pacing against the sandbox (latency 50-200 ms)', () => {
  let sandbox: RunningSandbox;
  let client: RegisterClient | undefined;
  beforeAll(async () => {
    // A 2-second window at the live ratio (45 of 50) keeps 300 requests to about 13 s.
    sandbox = await startSandbox({ port: 0, seed: SEED, ...SIZES, latency: LATENCY, rateLimit: { requests: 50, seconds: 2 }, blockSeconds: 60 });
  });
  afterAll(async () => {
    client?.close();
    await sandbox.close();
  });

  it('sends 300 concurrent distinct requests within the budget: all succeed, zero 429s', async () => {
    sandbox.reset();
    const r = recordingClient(sandbox, { FSR_RATE_BUDGET: '45/2', FSR_RATE_MARGIN_MS: '250' });
    client = r.client;
    const started = Date.now();
    const results = await Promise.all(generatedFrns.slice(0, 300).map((frn) => r.client.firm(frn)));
    const elapsed = Date.now() - started;
    expect(failures(results)).toEqual([]);
    const stats = userStats(sandbox);
    expect(stats).toMatchObject({ requests: 300, rateLimited: 0, blocks: 0, windowSeconds: 2 });
    expect(stats.maxInWindow).toBeLessThanOrEqual(45);
    const health = await r.client.health();
    expect(health.calls).toMatchObject({ sent: 300, rateLimited429: 0 });
    console.info(
      `[register figures] 300 distinct requests at 45/2 s against 50/2 s: sent ${stats.requests}, max in any 2 s window ${stats.maxInWindow}, ` +
        `429s ${stats.rateLimited}, took ${(elapsed / 1000).toFixed(1)} s, interactive wait mean ${health.waits.interactive.meanMs} ms / p95 ${health.waits.interactive.p95Ms} ms / max ${health.waits.interactive.maxMs} ms`,
    );
  }, 60_000);

  it('makes 50 concurrent requests for the same firm cost one upstream request', async () => {
    sandbox.reset();
    const r = recordingClient(sandbox, { FSR_RATE_BUDGET: '45/2' });
    client = r.client;
    const results = await Promise.all(Array.from({ length: 50 }, () => r.client.firm(SHOWCASE.bankFrn)));
    expect(failures(results)).toEqual([]);
    expect(new Set(results.map((x) => x.kind === 'ok' && x.provenance.retrievedAt)).size).toBe(1);
    expect(userStats(sandbox).requests).toBe(1);
    expect(r.sends.filter((s) => s.path === `/Firm/${SHOWCASE.bankFrn}`)).toHaveLength(1);
    expect((await r.client.health()).cache.sharedInFlight).toBe(49);
  });

  it('sends an interactive request before every background request still queued (200 queued)', async () => {
    sandbox.reset();
    const r = recordingClient(sandbox, { FSR_RATE_BUDGET: '10/1', FSR_RATE_MARGIN_MS: '0' });
    client = r.client;
    const background = generatedFrns.slice(0, 200).map((frn) => r.client.firmNames(frn, { priority: 'background' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sentBefore = new Set(r.sends.map((s) => s.path));
    const queuedAt = Date.now();
    const interactivePath = `/Firm/${SHOWCASE.exceptionalInfoFrn}`;
    const interactive = await r.client.firm(SHOWCASE.exceptionalInfoFrn);
    expect(interactive.kind).toBe('ok');
    const index = r.sends.findIndex((s) => s.path === interactivePath);
    const waitedMs = r.sends[index].at - queuedAt;
    // Every background request not yet sent when the interactive one arrived went after it.
    const stillQueued = generatedFrns
      .slice(0, 200)
      .map((frn) => `/Firm/${frn}/Names`)
      .filter((p) => !sentBefore.has(p));
    expect(stillQueued.length).toBeGreaterThan(150);
    const sentBeforeInteractive = r.sends.slice(0, index).map((s) => s.path);
    expect(stillQueued.filter((p) => sentBeforeInteractive.includes(p))).toEqual([]);
    // It waited at most for the next free slot: a slot frees one 1-second window after its answer
    // came back, so at most the window plus the sandbox's latency (and a little scheduling).
    expect(waitedMs).toBeLessThanOrEqual(1_000 + LATENCY.max + 100);
    console.info(`[register figures] interactive behind ${stillQueued.length} queued background requests: sent after ${waitedMs} ms, ahead of all of them`);
    r.client.close();
    await Promise.allSettled(background);
  });
});

describe('the 429 block against the sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    // The sandbox allows 5 per 2 s; the client believes 45 per 10 s, so its sixth request breaches.
    sandbox = await startSandbox({ port: 0, seed: SEED, ...SIZES, latency: LATENCY, rateLimit: { requests: 5, seconds: 2 }, blockSeconds: 3 });
  });
  afterAll(() => sandbox.close());

  it('sends nothing until the block ends, serves cached data meanwhile, and tells uncached calls when to retry', async () => {
    const r = recordingClient(sandbox, { FSR_RATE_BUDGET: '45/10', FSR_RATE_BLOCK_SECONDS: '3' });
    const frns = generatedFrns.slice(0, 8);
    for (const frn of frns.slice(0, 5)) expect((await r.client.firm(frn)).kind).toBe('ok');

    const breach = await r.client.firm(frns[5]);
    const blockedAt = Date.now();
    expect(breach).toMatchObject({ kind: 'rate-limited', fromUpstream: true, retryAfterSeconds: 3 });
    const requestsAtBreach = userStats(sandbox).requests;
    const sendsAtBreach = r.sends.length;
    expect(requestsAtBreach).toBe(6);

    // Cached data is served; an uncached interactive call is told when to retry; a background one waits.
    expect(await r.client.firm(frns[0])).toMatchObject({ kind: 'ok', provenance: { source: 'cache' } });
    const held = await r.client.firm(frns[6]);
    expect(held).toMatchObject({ kind: 'rate-limited', fromUpstream: false, provenance: null });
    if (held.kind === 'rate-limited') {
      expect(held.retryAfterSeconds).toBeGreaterThanOrEqual(2);
      expect(Date.parse(held.retryAt)).toBeGreaterThanOrEqual(blockedAt + 2_000);
      expect(held.message).toMatch(/sends nothing to it until/);
    }
    const waiting = r.client.firm(frns[7], { priority: 'background' });
    expect(await r.client.expectedWait('interactive')).toBeGreaterThan(2_000);

    await new Promise((resolve) => setTimeout(resolve, 2_700));
    expect(userStats(sandbox).requests).toBe(requestsAtBreach);
    expect(r.sends.length).toBe(sendsAtBreach);

    expect(await waiting).toMatchObject({ kind: 'ok', provenance: { source: 'live' } });
    const resumed = r.sends[sendsAtBreach];
    expect(resumed.path).toBe(`/Firm/${frns[7]}`);
    expect(resumed.at - blockedAt).toBeGreaterThanOrEqual(2_990);
    expect(await r.client.firm(frns[6])).toMatchObject({ kind: 'ok' });
    expect(userStats(sandbox)).toMatchObject({ rateLimited: 1, blocks: 1 });
    const health = await r.client.health();
    expect(health.calls.rateLimited429).toBe(1);
    console.info(
      `[register figures] 429 block of 3 s: first request after it left ${resumed.at - blockedAt} ms after the 429; sandbox saw ${userStats(sandbox).requests} requests, 1 429`,
    );
    r.client.close();
  }, 20_000);
});

describe('every sandbox shape normalises without losing a value', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    // Pacing is proved above; here a generous limit and short latency keep the long walks quick.
    sandbox = await startSandbox({ port: 0, seed: SEED, ...SIZES, latency: { min: 5, max: 20 }, rateLimit: { requests: 500, seconds: 10 } });
  });
  afterAll(() => sandbox.close());

  it('for each endpoint on the showcase records, and walks the long lists completely', async () => {
    const r = recordingClient(sandbox, { FSR_RATE_BUDGET: '450/10' });
    const c = r.client;
    const s = SHOWCASE;
    const calls: Array<[string, Promise<RegisterResult<unknown>>]> = [
      ['firm', c.firm(s.bankFrn)],
      ['firm exceptional info', c.firm(s.exceptionalInfoFrn)],
      ['firm AR', c.firm(s.appointedRepresentativeFrn)],
      ['firm no longer authorised', c.firm(s.noLongerAuthorisedFrns[0])],
      ['address', c.firmAddresses(s.bankFrn)],
      ['AR', c.firmAppointedRepresentatives(s.networkPrincipalFrn)],
      ['CF', c.firmControlledFunctions(s.bankFrn)],
      ['DH', c.firmDisciplinaryHistory(s.disciplinaryFrn)],
      ['exclusions', c.firmExclusions(s.paymentInstitutionFrn)],
      ['individuals', c.firmIndividuals(s.bankFrn)],
      ['names', c.firmNames(s.nonAsciiFrn)],
      ['passports', c.firmPassports(s.bankFrn)],
      ['passport permissions', c.firmPassportPermissions(s.bankFrn, s.bankPassportCountry)],
      ['permissions', c.firmPermissions(s.bankFrn)],
      ['regulators', c.firmRegulators(s.bankFrn)],
      ['requirements', c.firmRequirements(s.bankFrn)],
      ['investment types', c.firmRequirementInvestmentTypes(s.bankFrn, s.bankRequirementRef)],
      ['waivers', c.firmWaivers(s.bankFrn)],
      ['individual', c.individual(s.prohibitedIrn)],
      ['individual non-ASCII', c.individual(s.nonAsciiIrn)],
      ['individual CF', c.individualControlledFunctions(s.bankIndividualIrn)],
      ['individual DH', c.individualDisciplinaryHistory(s.prohibitedIrn)],
      ['fund', c.fund(s.umbrellaFundPrn)],
      ['sub-fund record', c.fund(s.subFundPrn)],
      ['fund names', c.fundNames(s.umbrellaFundPrn)],
      ['sub-funds', c.fundSubfunds(s.umbrellaFundPrn)],
      ['search firm', c.search(s.unauthorisedSearch, 'firm')],
      ['regulated markets', c.regulatedMarkets()],
    ];
    for (const [label, pending] of calls) {
      const result = await pending;
      expect(result.kind, label).toBe('ok');
      if (result.kind !== 'ok') continue;
      const raw = r.bodies.get(result.provenance.path);
      expect(raw, label).toBeDefined();
      const lost = missingLeaves(JSON.parse(raw!), { data: result.data, page: result.page, status: result.upstreamStatus, message: result.upstreamMessage });
      expect(lost, label).toEqual([]);
    }

    // Unauthorised and clone firms are somewhere in the search's pages, with no link and no FRN.
    const search = await c.allPages(c.search, [s.unauthorisedSearch, 'firm']);
    expect(search.kind).toBe('ok');
    if (search.kind === 'ok') {
      expect(search.data.length).toBe(search.page.totalCount);
      expect(search.data.filter((x) => x.unauthorised).every((x) => !x.linkable && x.referenceNumber === undefined)).toBe(true);
      expect(search.data.some((x) => x.unauthorised)).toBe(true);
    }

    // The long lists, walked to the end with each endpoint's paging rule and no extra request.
    const before = r.sends.length;
    const ar = await c.allPages(c.firmAppointedRepresentatives, [s.networkPrincipalFrn], { maxPages: 500 });
    expect(ar.kind).toBe('ok');
    if (ar.kind === 'ok') {
      const total = ar.data.current.length + ar.data.previous.length;
      expect(total).toBe(ar.page.totalCount);
      expect(total).toBeGreaterThanOrEqual(1500);
      expect(ar.pagesFetched).toBe(Math.ceil(Math.max(ar.data.current.length, ar.data.previous.length) / 10));
      expect(r.sends.slice(before).filter((x) => x.path.startsWith(`/Firm/${s.networkPrincipalFrn}/AR`))).toHaveLength(ar.pagesFetched - 1);
    }
    const subfunds = await c.allPages(c.fundSubfunds, [s.umbrellaFundPrn]);
    expect(subfunds.kind === 'ok' && subfunds.data.length).toBeGreaterThanOrEqual(30);
    if (subfunds.kind === 'ok') expect(subfunds.data.length).toBe(subfunds.page.totalCount);
    const permissions = await c.allPages(c.firmPermissions, [s.bankFrn]);
    expect(permissions.kind === 'ok' && permissions.data.length).toBe(dataset.firmDetails(s.bankFrn).permissions.length);
    const cf = await c.allPages(c.firmControlledFunctions, [s.bankFrn]);
    if (cf.kind === 'ok') expect(cf.data.current.length + cf.data.previous.length).toBe(cf.page.totalCount);
    expect(userStats(sandbox)).toMatchObject({ rateLimited: 0 });
    c.close();
  }, 90_000);
});
