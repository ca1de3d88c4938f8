import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRegisterClient } from './register-client';
import type { RegisterClient } from './register-client-types';
import { envelope, startFixtureServer, type FixtureServer, type Reply } from './test-support/fixture-server';
import { loadFixtures } from './test-support/exchanges';
import { ManualClock } from './test-support/manual-clock';
import { testConfig } from './test-support/test-config';

const KEY = 'test-key-0123456789';
const fixtures = new Map(loadFixtures().map((f) => [f.path, f]));
let server: FixtureServer;
let handler: (path: string) => Reply;
const clients: RegisterClient[] = [];
const messages: string[] = [];

/** Answers from the project fixtures by path; 404-like miss otherwise. */
function fromFixtures(path: string): Reply {
  const f = fixtures.get(path);
  if (!f) return { body: envelope('FSR-API-02-01-11', 'Firm not found', null) };
  return { status: f.httpStatus, body: f.text };
}

beforeAll(async () => {
  server = await startFixtureServer((path) => handler(path));
});
afterAll(() => server.close());
afterEach(() => {
  while (clients.length) clients.pop()!.close();
});

function client(env: Record<string, string> = {}, extra: Partial<Parameters<typeof createRegisterClient>[0]> = {}) {
  const c = createRegisterClient({ config: testConfig(server.baseUrl, env), backoffMs: 20, ...extra });
  clients.push(c);
  return c;
}

function requestsTo(path: string): number {
  return server.requests.filter((r) => r.path === path).length;
}

function note<T extends { kind: string }>(r: T): T {
  if ('message' in r && typeof r.message === 'string') messages.push(r.message);
  if ('notice' in r && typeof r.notice === 'string') messages.push(r.notice);
  return r;
}

describe('register client over HTTP', () => {
  it('returns the model with provenance, then serves the cached copy', async () => {
    handler = fromFixtures;
    const c = client();
    const before = requestsTo('/Firm/100001');
    const live = await c.firm('100001');
    expect(live.kind).toBe('ok');
    if (live.kind !== 'ok') return;
    expect(live.data.name).toBe('Harbourline Insurance Company Limited');
    expect(live.upstreamStatus).toBe('FSR-API-02-01-00');
    expect(live.provenance).toMatchObject({ path: '/Firm/100001', upstream: 'sandbox', source: 'live', ageSeconds: 0, stale: false });
    expect(Date.parse(live.provenance.retrievedAt)).toBeGreaterThan(Date.now() - 5_000);
    const cached = await c.firm('100001');
    expect(cached).toMatchObject({ kind: 'ok', provenance: { source: 'cache', stale: false, retrievedAt: live.provenance.retrievedAt } });
    expect(requestsTo('/Firm/100001') - before).toBe(1);
  });

  it('answers cachedOnly from what the cache holds and sends nothing (the watch estimate reads list sizes so)', async () => {
    handler = fromFixtures;
    const c = client();
    const before = requestsTo('/Firm/100001/Permissions');
    const miss = await c.firmPermissions('100001', { cachedOnly: true });
    expect(miss).toMatchObject({
      kind: 'upstream-error',
      message: "GET /Firm/100001/Permissions is not in the portal's cache; nothing was sent to the register.",
      provenance: null,
    });
    expect(requestsTo('/Firm/100001/Permissions')).toBe(before);
    const live = await c.firmPermissions('100001');
    expect(live.kind).toBe('ok');
    const known = await c.firmPermissions('100001', { cachedOnly: true });
    expect(known).toMatchObject({ kind: 'ok', provenance: { source: 'cache' } });
    expect(known.kind === 'ok' && live.kind === 'ok' && known.page.totalCount === live.page.totalCount).toBe(true);
    expect(requestsTo('/Firm/100001/Permissions')).toBe(before + 1);
  });

  it('rejects impossible input with a clear message and sends nothing', async () => {
    handler = fromFixtures;
    const c = client();
    const sent = server.requests.length;
    const cases = [
      [await c.firm('12A'), 'frn', /1 to 7 digits/],
      [await c.firm('12345678'), 'frn', /1 to 7 digits/],
      [await c.individual('MXC2901'), 'irn', /3 letters and 5 digits/],
      [await c.fund('CIS-1'), 'prn', /1 to 7 digits/],
      [await c.firmPassportPermissions('100001', '<script>'), 'country', /not a country name/],
      [await c.firmRequirementInvestmentTypes('100001', 'OR_0262545'), 'requirementRef', /OR-0262545/],
      [await c.search('bank*', 'firm'), 'q', /cannot contain "\*"/],
      [await c.search('   ', 'firm'), 'q', /Enter something to search for/],
      [await c.search('bank', 'company' as 'firm'), 'type', /firm, individual or fund/],
      [await c.firmIndividuals('100001', { page: 0 }), 'page', /whole number from 1/],
      [await c.firm('100001', { page: 2 }), 'page', /single page/],
    ] as const;
    for (const [result, field, message] of cases) {
      expect(result).toMatchObject({ kind: 'bad-input', field, provenance: null });
      expect((result as { message: string }).message).toMatch(message);
    }
    expect(server.requests.length).toBe(sent);
    expect((await c.health()).calls.rejectedInput).toBe(cases.length);
  });

  it('normalises input before building the URL (IRN case, country spaces, search encoding)', async () => {
    handler = fromFixtures;
    const c = client();
    expect(await c.individual(' axe01234 ')).toMatchObject({ kind: 'ok', data: { irn: 'AXE01234' } });
    await c.firmPassportPermissions('100001', 'isle of man');
    expect(server.requests.at(-1)!.path).toBe('/Firm/100001/Passports/ISLE%20OF%20MAN/Permission');
    await c.search('alex  example', 'individual');
    expect(server.requests.at(-1)!.path).toBe('/Search?q=alex%20example&type=individual');
  });

  it('maps the register verdicts: not-found (cached briefly), bad-input from the register, all-null Subfund, AR empty', async () => {
    handler = fromFixtures;
    const c = client();
    expect(await c.firm('9999999')).toMatchObject({ kind: 'not-found', message: 'Firm not found', upstreamStatus: 'FSR-API-02-01-11', provenance: { source: 'live' } });
    expect(await c.firm('9999999')).toMatchObject({ kind: 'not-found', provenance: { source: 'cache' } });
    expect(requestsTo('/Firm/9999999')).toBe(1);
    expect(await c.firmRequirementInvestmentTypes('100001', 'OR-1234567890')).toMatchObject({ kind: 'bad-input', upstreamStatus: 'FSR-API-02-13-21' });
    expect(await c.fundSubfunds('800101')).toMatchObject({ kind: 'not-found' });
    expect(await c.firmAppointedRepresentatives('9999999')).toMatchObject({ kind: 'ok', data: { current: [], previous: [] } });
    expect(await c.search('no such firm', 'firm')).toMatchObject({ kind: 'not-found', message: 'No search result found' });
  });

  it('reports a refused key as unauthorised, never caches it, and never shows the key', async () => {
    handler = () => ({ status: 401, body: envelope('FSR-API-01-01-11', 'Unauthorised: Please include a valid API key and Email address', null) });
    const c = client();
    const first = note(await c.firmNames('100001'));
    expect(first).toMatchObject({ kind: 'unauthorised', httpStatus: 401, upstreamStatus: 'FSR-API-01-01-11', provenance: { source: 'live' } });
    expect((first as { message: string }).message).toMatch(/FSR_API_KEY/);
    note(await c.firmNames('100001'));
    expect(requestsTo('/Firm/100001/Names')).toBe(2);
    handler = () => ({ status: 404, body: 'Not Found' });
    expect(note(await c.firmWaivers('100003'))).toMatchObject({ kind: 'unauthorised', httpStatus: 404 });
  });

  it('retries a 5xx with backoff, each retry paid for in the budget', async () => {
    let calls = 0;
    handler = (path) => (path === '/Firm/100001/Regulators' && ++calls <= 2 ? { status: 503, body: 'busy' } : fromFixtures(path));
    const c = client({ FSR_API_RETRIES: '2' });
    expect(await c.firmRegulators('100001')).toMatchObject({ kind: 'ok' });
    const health = await c.health();
    expect(health.calls).toMatchObject({ sent: 3, retries: 2 });
    expect(health.budget.inUse).toBe(3);
  });

  it('gives up after the retries with an upstream-error, and does not retry non-5xx failures', async () => {
    handler = (path) => (path.startsWith('/Firm/100001/Exclusions') ? { status: 500, body: 'boom' } : { body: '<html>oops</html>' });
    const c = client({ FSR_API_RETRIES: '1' });
    expect(note(await c.firmExclusions('100001'))).toMatchObject({ kind: 'upstream-error', httpStatus: 500 });
    expect(requestsTo('/Firm/100001/Exclusions')).toBe(2);
    expect(note(await c.firmExclusions('100002'))).toMatchObject({ kind: 'upstream-error', httpStatus: 200 });
    expect(requestsTo('/Firm/100002/Exclusions')).toBe(1);
  });

  it('turns a malformed body into an upstream-error naming the path, and does not cache it', async () => {
    handler = () => ({ body: envelope('FSR-API-02-05-00', 'Ok. Firm Individuals found', { not: 'a list' }) });
    const c = client();
    const result = note(await c.firmIndividuals('100001'));
    expect(result).toMatchObject({ kind: 'upstream-error' });
    expect((result as { message: string }).message).toBe("The register's answer for GET /Firm/100001/Individuals could not be read: Data should be a list but is an object.");
    await c.firmIndividuals('100001');
    expect(requestsTo('/Firm/100001/Individuals')).toBe(2);
  });

  it('after a 429 sends nothing until the block ends: cached data is served, uncached calls say when to retry', async () => {
    handler = fromFixtures;
    const c = client({ FSR_RATE_BLOCK_SECONDS: '2' });
    expect(await c.firm('100001')).toMatchObject({ kind: 'ok' });
    handler = () => ({ status: 429, body: '' });
    const limited = note(await c.firmNames('100001'));
    expect(limited).toMatchObject({ kind: 'rate-limited', fromUpstream: true, retryAfterSeconds: 2 });
    handler = fromFixtures;
    const sent = server.requests.length;
    expect(await c.firm('100001')).toMatchObject({ kind: 'ok', provenance: { source: 'cache' } });
    const held = note(await c.firmAddresses('100001'));
    expect(held).toMatchObject({ kind: 'rate-limited', fromUpstream: false, provenance: null });
    expect((held as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(Date.parse((held as { retryAt: string }).retryAt)).toBeGreaterThan(Date.now());
    // A background call waits out the block instead of failing.
    const waited = c.firmRegulators('100001', { priority: 'background' });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(server.requests.length).toBe(sent);
    expect(await waited).toMatchObject({ kind: 'ok' });
    expect(server.requests.at(-1)!.at - (server.requests[sent - 1]?.at ?? 0)).toBeGreaterThanOrEqual(1_900);
    const health = await c.health();
    expect(health.calls.rateLimited429).toBe(1);
    expect(health.calls.heldBack).toBeGreaterThanOrEqual(1);
  });

  it('serves stale data with a notice when the register fails (stale-if-error)', async () => {
    handler = fromFixtures;
    const clock = new ManualClock(Date.now());
    const c = client({ FSR_API_RETRIES: '0' }, { clock });
    expect(await c.firmRequirements('100001')).toMatchObject({ kind: 'ok', provenance: { source: 'live' } });
    await clock.advance(3_600_000);
    handler = () => ({ status: 502, body: 'bad gateway' });
    const stale = note(await c.firmRequirements('100001', { refresh: true }));
    expect(stale).toMatchObject({ kind: 'ok', provenance: { source: 'cache', stale: true, ageSeconds: 3600 } });
    expect((stale as { notice: string }).notice).toMatch(/Showing data retrieved 1 h ago because the register could not answer: The register failed with HTTP 502/);
  });

  it('serves stale data at once and refreshes it in the background (stale-while-revalidate)', async () => {
    handler = fromFixtures;
    const clock = new ManualClock(Date.now());
    const c = client({}, { clock });
    await c.firmPassports('100001');
    await clock.advance(901_000);
    const stale = await c.firmPassports('100001');
    expect(stale).toMatchObject({ kind: 'ok', provenance: { source: 'cache', stale: true } });
    await new Promise((r) => setTimeout(r, 100));
    expect(requestsTo('/Firm/100001/Passports')).toBeGreaterThanOrEqual(2);
    expect(await c.firmPassports('100001')).toMatchObject({ kind: 'ok', provenance: { source: 'cache', stale: false, ageSeconds: 0 } });
  });

  it('never puts the key in a message, the health snapshot or the serialised config', async () => {
    const c = client();
    const health = await c.health();
    expect(JSON.stringify(health)).not.toContain(KEY);
    expect(JSON.stringify(testConfig(server.baseUrl))).not.toContain(KEY);
    expect(messages.length).toBeGreaterThan(5);
    for (const m of messages) expect(m).not.toContain(KEY);
  });
});

describe('pacing over HTTP', () => {
  it('keeps every rolling window within the budget and reports the expected wait', async () => {
    handler = () => ({ body: envelope('FSR-API-02-01-00', 'Ok. Firm Found', [{ FRN: '1', 'Organisation Name': 'x' }]) });
    const c = client({ FSR_RATE_BUDGET: '5/1' });
    const start = server.requests.length;
    const calls = Array.from({ length: 15 }, (_, i) => c.firm(String(500_000 + i)));
    await new Promise((r) => setTimeout(r, 50));
    expect(await c.expectedWait('interactive')).toBeGreaterThan(1_000);
    expect((await c.health()).queue.total).toBe(10);
    const results = await Promise.all(calls);
    expect(results.every((r) => r.kind === 'ok')).toBe(true);
    const times = server.requests
      .slice(start)
      .map((r) => r.at)
      .sort((a, b) => a - b);
    for (let i = 5; i < times.length; i += 1) expect(times[i] - times[i - 5]).toBeGreaterThanOrEqual(990);
    const health = await c.health();
    expect(health.waits.interactive.count).toBe(15);
    expect(health.waits.interactive.maxMs).toBeGreaterThanOrEqual(1_900);
  });
});

describe("programs' share of the budget", () => {
  const ok = () => ({ body: envelope('FSR-API-02-01-00', 'Ok. Firm Found', [{ FRN: '1', 'Organisation Name': 'x' }]) });
  /** Most requests in any rolling `width` ms. */
  const most = (times: number[], width: number) => Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + width).length));

  it('holds every API token together to its share of each window, leaves people’s pages their place, and spends nothing on cached answers', async () => {
    handler = ok;
    // 10 per 1 s, 30 % for programs: 3 per window.
    const c = client({ FSR_RATE_BUDGET: '10/1', FSR_RATE_PROGRAM_SHARE: '30', FSR_RATE_INTERACTIVE_RESERVE: '0' });
    const start = server.requests.length;
    const programs = Array.from({ length: 12 }, (_, i) => c.passThrough(`/Firm/${600_100 + i}`, { priority: 'report', freshness: 'entity', lane: 'programs' }));
    await new Promise((r) => setTimeout(r, 50));
    const asked = Date.now();
    const people = await Promise.all(Array.from({ length: 4 }, (_, i) => c.firm(String(700_100 + i))));
    // People's pages were not queued behind the programs' backlog.
    expect(people.every((r) => r.kind === 'ok')).toBe(true);
    expect(Date.now() - asked).toBeLessThan(500);
    expect((await Promise.all(programs)).every((r) => r.kind === 'answer')).toBe(true);
    const sent = server.requests.slice(start);
    const programTimes = sent.filter((r) => r.path.startsWith('/Firm/6001')).map((r) => r.at);
    expect(programTimes).toHaveLength(12);
    // Counted, not timed: never more than the share in any rolling window.
    expect(most(programTimes, 990)).toBeLessThanOrEqual(3);
    const health = await c.health();
    expect(health.budget.programs).toMatchObject({ limit: 3 });
    expect(health.calls.programSlots).toBe(12);
    // The same paths again: answered from the cache, no request and no slot of the share.
    await Promise.all(Array.from({ length: 12 }, (_, i) => c.passThrough(`/Firm/${600_100 + i}`, { priority: 'report', freshness: 'entity', lane: 'programs' })));
    expect(server.requests.length - start).toBe(16);
    expect((await c.health()).calls.programSlots).toBe(12);
  });

  it('lifts the share for a request a person’s page joins', async () => {
    handler = ok;
    const c = client({ FSR_RATE_BUDGET: '10/2', FSR_RATE_PROGRAM_SHARE: '10', FSR_RATE_INTERACTIVE_RESERVE: '0' });
    // The one program slot of the window is taken; the next program call waits for it…
    await c.firm('600200', { priority: 'report', lane: 'programs' });
    const waiting = c.firm('600201', { priority: 'report', lane: 'programs' });
    await new Promise((r) => setTimeout(r, 50));
    // …until a person opens the same record: the request is now theirs and goes at once.
    const asked = Date.now();
    expect(await c.firm('600201')).toMatchObject({ kind: 'ok' });
    expect(Date.now() - asked).toBeLessThan(700);
    expect(await waiting).toMatchObject({ kind: 'ok' });
    expect(requestsTo('/Firm/600201')).toBe(1);
  });
});
