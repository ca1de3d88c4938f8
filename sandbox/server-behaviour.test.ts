/** Authentication, rate limit and block, operator endpoints, methods, latency and faults, over real HTTP. */
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from './server';
import { apiGet, startTestSandbox } from './test-helpers';
import { SHOWCASE } from './dataset/showcase';

const running: RunningSandbox[] = [];
async function sandbox(...args: Parameters<typeof startTestSandbox>): Promise<RunningSandbox> {
  const sb = await startTestSandbox(...args);
  running.push(sb);
  return sb;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((sb) => sb.close()));
});

const FIRM = `/Firm/${SHOWCASE.bankFrn}`;

describe('authentication', () => {
  it('refuses a missing pair with FSR-API-01-01-11 and an unknown pair with -21, HTTP 401 by default', async () => {
    const sb = await sandbox();
    const missing = await apiGet(sb, FIRM, { 'X-AUTH-EMAIL': '', 'X-AUTH-KEY': '' });
    expect(missing.status).toBe(401);
    expect(missing.text).toBe('{"Status":"FSR-API-01-01-11","ResultInfo":null,"Message":"Unauthorised: Please include a valid API key and Email address","Data":null}');
    const wrong = await apiGet(sb, FIRM, { 'X-AUTH-KEY': 'not-the-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ Status: 'FSR-API-01-01-21', ResultInfo: null, Message: 'Forbidden: API and Email key not found', Data: null });
    expect(wrong.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    // Refused requests belong to no user and are not counted.
    expect(sb.stats()['sandbox@example.com'].requests).toBe(0);
  });

  it('takes the failure status from the settings and accepts every configured account', async () => {
    const sb = await sandbox({
      authFailureStatus: 200,
      accounts: [
        { email: 'one@x.example', key: 'k1' },
        { email: 'two@x.example', key: 'k2' },
      ],
    });
    expect((await apiGet(sb, FIRM)).status).toBe(200);
    expect((await apiGet(sb, FIRM)).json.Status).toBe('FSR-API-01-01-21');
    const ok = await apiGet(sb, FIRM, { 'X-AUTH-EMAIL': 'TWO@x.example', 'X-AUTH-KEY': 'k2' });
    expect(ok.json.Status).toBe('FSR-API-02-01-00');
    expect(Object.keys(sb.stats())).toEqual(['one@x.example', 'two@x.example']);
    expect(sb.stats()['two@x.example'].requests).toBe(1);
  });
});

describe('rate limit', () => {
  it('answers the 51st request inside 10 s with 429 and keeps the user blocked for the configured 60 s', async () => {
    let now = 1_000_000;
    const sb = await sandbox({ rateLimit: { requests: 50, seconds: 10 }, blockSeconds: 60, clock: () => now });
    for (let i = 0; i < 50; i++) {
      const r = await apiGet(sb, '/CommonSearch?q=RM');
      expect(r.status).toBe(200);
      now += 100; // 50 requests over 5 s
    }
    const breach = await apiGet(sb, '/CommonSearch?q=RM');
    expect(breach.status).toBe(429);
    expect(breach.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    expect(breach.headers.get('retry-after')).toBeNull();
    expect(breach.json).toMatchObject({ Status: null, ResultInfo: null, Data: null });
    expect(breach.json.Message).toMatch(/Too Many Requests/);
    const breachAt = now;
    // Long after the window has emptied, the block still holds…
    now = breachAt + 30_000;
    expect((await apiGet(sb, '/CommonSearch?q=RM')).status).toBe(429);
    now = breachAt + 59_999;
    expect((await apiGet(sb, '/CommonSearch?q=RM')).status).toBe(429);
    // …and ends exactly after 60 s.
    now = breachAt + 60_000;
    expect((await apiGet(sb, '/CommonSearch?q=RM')).status).toBe(200);
    const stats = await (await fetch(`${sb.origin}/__sandbox/stats`)).json();
    expect(stats['sandbox@example.com']).toEqual({ requests: 54, maxInWindow: 51, rateLimited: 3, blocks: 1, windowSeconds: 10 });
    expect(sb.stats()).toEqual(stats);
  });

  it('works on the real clock with small numbers, per user, and resets', async () => {
    const sb = await sandbox({
      rateLimit: { requests: 5, seconds: 1 },
      blockSeconds: 0.4,
      retryAfterHeader: true,
      accounts: [
        { email: 'sandbox@example.com', key: 'sandbox-key' },
        { email: 'other@x.example', key: 'k' },
      ],
    });
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await apiGet(sb, '/CommonSearch?q=RM')).status);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const blocked = await apiGet(sb, '/CommonSearch?q=RM');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await apiGet(sb, '/CommonSearch?q=RM', { 'X-AUTH-EMAIL': 'other@x.example', 'X-AUTH-KEY': 'k' })).status).toBe(200);
    const reset = await fetch(`${sb.origin}/__sandbox/reset`, { method: 'POST' });
    expect(await reset.json()).toEqual({ reset: true });
    expect(sb.stats()['sandbox@example.com']).toMatchObject({ requests: 0, blocks: 0 });
    expect((await apiGet(sb, '/CommonSearch?q=RM')).status).toBe(200);
  });

  it('sends no rate-limit headers on ordinary answers', async () => {
    const sb = await sandbox({ rateLimit: { requests: 50, seconds: 10 } });
    const r = await apiGet(sb, FIRM);
    const names = [...r.headers.keys()];
    expect(names.filter((n) => /rate|retry/i.test(n))).toEqual([]);
  });
});

describe('operator endpoints and methods', () => {
  it('serves health without a key and refuses other methods clearly', async () => {
    const sb = await sandbox();
    const health = await (await fetch(`${sb.origin}/__sandbox/health`)).json();
    expect(health).toMatchObject({ status: 'ok', baseUrl: sb.baseUrl });
    expect(health.records.firms).toBeGreaterThan(5000);
    const post = await fetch(`${sb.baseUrl}${FIRM}`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect(await post.json()).toEqual([{ errorCode: 'METHOD_NOT_ALLOWED', message: "HTTP Method 'POST' not allowed. Allowed are GET" }]);
    const getReset = await fetch(`${sb.origin}/__sandbox/reset`);
    expect(getReset.status).toBe(405);
    expect(getReset.headers.get('allow')).toBe('POST');
    const unknown = await apiGet(sb, '/Firms/1');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual([{ errorCode: 'NOT_FOUND', message: 'Could not find a match for URL' }]);
    expect((await fetch(`${sb.origin}/elsewhere`)).status).toBe(404);
  });
});

describe('latency and faults', () => {
  it('delays each answer by the configured latency', async () => {
    const sb = await sandbox({ latency: { min: 80, max: 120 } });
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await apiGet(sb, '/CommonSearch?q=RM');
      expect(performance.now() - started).toBeGreaterThanOrEqual(75);
    }
  });

  it('injects server errors, malformed bodies and 429s at the configured rates, reproducibly', async () => {
    const five = await sandbox({ fault5xx: 1 });
    const r = await apiGet(five, FIRM);
    expect(r.status).toBeGreaterThanOrEqual(500);
    expect(r.status).toBeLessThan(600);

    const malformed = await sandbox({ faultMalformed: 1 });
    for (let i = 0; i < 4; i++) {
      const m = await apiGet(malformed, FIRM);
      expect(m.status).toBe(200);
      expect(m.json).toBeUndefined();
    }

    const forced = await sandbox({ fault429: 1 });
    expect((await apiGet(forced, FIRM)).status).toBe(429);
    expect(forced.stats()['sandbox@example.com']).toMatchObject({ requests: 1, rateLimited: 1, blocks: 0 });

    const runs: number[][] = [];
    for (let k = 0; k < 2; k++) {
      const sb = await sandbox({ seed: 'faults-seed', fault5xx: 0.3, faultMalformed: 0.2, fault429: 0.1 });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await apiGet(sb, '/CommonSearch?q=RM')).status);
      runs.push(statuses);
    }
    expect(runs[1]).toEqual(runs[0]);
    expect(new Set(runs[0]).size).toBeGreaterThan(1);
  });

  it('times out by never answering, or by a late 524 when a delay is set, and still closes promptly', async () => {
    const hang = await sandbox({ faultTimeout: 1 });
    await expect(
      fetch(`${hang.baseUrl}${FIRM}`, { headers: { 'X-AUTH-EMAIL': 'sandbox@example.com', 'X-AUTH-KEY': 'sandbox-key' }, signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    const late = await sandbox({ faultTimeout: 1, faultTimeoutMs: 150 });
    const started = performance.now();
    const r = await apiGet(late, FIRM);
    expect(r.status).toBe(524);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    const held = fetch(`${hang.baseUrl}${FIRM}`, { headers: { 'X-AUTH-EMAIL': 'sandbox@example.com', 'X-AUTH-KEY': 'sandbox-key' } }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = performance.now();
    await hang.close();
    expect(performance.now() - closing).toBeLessThan(1000);
    expect(await held).toBeInstanceOf(Error);
  });
});
