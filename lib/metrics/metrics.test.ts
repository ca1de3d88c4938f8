import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminActor } from '@/lib/auth/user-admin';
import { appendAudit } from '@/lib/db/queries/audit';
import { enqueueJobs } from '@/lib/jobs/job-queue';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { testConfig } from '@/lib/register/test-support/test-config';
import { issueToken } from '@/lib/tokens/token-admin';
import { TokenCeilings } from '@/lib/tokens/token-ceiling';
import { DEFAULT_ACCOUNT } from '@/sandbox/config';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import type { RunningSandbox } from '@/sandbox/server';
import { startTestSandbox } from '@/sandbox/test-helpers';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { handleMetricsRequest, type MetricsDeps } from './metrics-endpoint';
import { installPortalCollectors } from './portal-collectors';
import { createPortalRegistry } from './registry';

// /metrics against a real register client on the sandbox and the portal's own tables, on both
// database engines: the text format, what each figure says (the same as the client's health
// report), and who may read it.

const pgStatus = await postgresStatus();
const admin: AdminActor = { id: null, email: 'cli:tester', via: 'cli' };
let sb: RunningSandbox;
let client: RegisterClient;

beforeAll(async () => {
  sb = await startTestSandbox();
  client = createRegisterClient({ config: testConfig(sb.baseUrl, { FSR_API_EMAIL: DEFAULT_ACCOUNT.email, FSR_API_KEY: DEFAULT_ACCOUNT.key }) });
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

/** One sample's value from the exposition text (labels in prom-client's order). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

forEachDialect('GET /metrics', pgStatus, (db) => {
  const deps = (env: Record<string, string> = {}): MetricsDeps => {
    const target = createPortalRegistry(env);
    installPortalCollectors(target, { health: () => client.health(), db: async () => db() });
    return {
      db: async () => db(),
      ceilings: new TokenCeilings(),
      audit: (input) => appendAudit(db(), { action: input.action, outcome: input.outcome ?? 'success', actor: input.user, reference: input.reference, detail: input.detail }),
      registry: () => target.registry,
      env,
    };
  };

  it("shows the register client's own figures by priority and outcome, its waits, cache and 0 × 429, and the job queue by kind and state", async () => {
    await db().deleteFrom('jobs').execute();
    await client.firm(SHOWCASE.bankFrn);
    await client.firm(SHOWCASE.bankFrn); // from the cache
    await client.firm('999999', { priority: 'background' }); // not found
    await enqueueJobs(db(), [
      { kind: 'watch-check', payload: {} },
      { kind: 'watch-check', payload: {} },
      { kind: 'bulk-row', payload: {} },
    ]);
    const { token, secret } = await issueToken(db(), admin, { name: `scraper ${Date.now()}`, scopes: ['metrics'] });
    const res = await handleMetricsRequest(new Request('http://portal.test/metrics', { headers: { Authorization: `Bearer ${token.id}.${secret}` } }), deps());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    const health = await client.health();
    expect(sample(text, 'fsr_register_sent_total')).toBe(health.calls.sent);
    expect(sample(text, 'fsr_register_requests_total{priority="interactive",outcome="ok"}')).toBe(health.calls.byPriority.interactive.ok);
    expect(health.calls.byPriority.background['not-found']).toBeGreaterThan(0);
    expect(sample(text, 'fsr_register_requests_total{priority="background",outcome="not-found"}')).toBe(health.calls.byPriority.background['not-found']);
    expect(sample(text, 'fsr_register_429_received_total')).toBe(0);
    expect(sample(text, 'fsr_register_cache_hits_total')).toBe(health.cache.hits);
    expect(sample(text, 'fsr_register_cache_misses_total')).toBe(health.cache.misses);
    expect(sample(text, 'fsr_register_queue_depth{priority="interactive"}')).toBe(0);
    expect(sample(text, 'fsr_register_wait_seconds_count{priority="interactive"}')).toBe(health.waits.interactive.count);
    expect(sample(text, 'fsr_register_wait_seconds_bucket{priority="interactive",le="+Inf"}')).toBe(health.waits.interactive.count);
    expect(text).toMatch(/^# TYPE fsr_register_wait_seconds histogram$/m);
    expect(sample(text, 'fsr_background_jobs{kind="watch-check",state="queued"}')).toBe(2);
    expect(sample(text, 'fsr_background_jobs{kind="bulk-row",state="queued"}')).toBe(1);
    expect(sample(text, 'fsr_watch_cycles_running')).toBeTypeOf('number');
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
  });

  it('labels every series with the instance when Redis shares the budget', async () => {
    const res = await handleMetricsRequest(
      new Request('http://portal.test/metrics', { headers: { 'x-forwarded-for': '127.0.0.1' } }),
      deps({ METRICS_ALLOW_LOOPBACK: 'true', REDIS_URL: 'redis://127.0.0.1:6379', FSR_INSTANCE_ID: 'portal-a' }),
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^fsr_register_429_received_total\{portal_instance="portal-a"\} 0$/m);
  });

  it('refuses without a token (401, in words), a token of another scope, and anonymous scrapers off loopback', async () => {
    const bare = await handleMetricsRequest(new Request('http://portal.test/metrics'), deps());
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toContain('Bearer');
    expect((await bare.json()).message).toMatch(/API token with the metrics scope/);
    const other = await issueToken(db(), admin, { name: `refine ${Date.now()}`, scopes: ['reconcile'] });
    const wrongScope = await handleMetricsRequest(new Request('http://portal.test/metrics', { headers: { 'X-API-Token': `${other.token.id}.${other.secret}` } }), deps());
    expect(wrongScope.status).toBe(403);
    expect((await wrongScope.json()).error).toBe('token-scope');
    const loopbackOff = await handleMetricsRequest(new Request('http://portal.test/metrics', { headers: { 'x-forwarded-for': '127.0.0.1' } }), deps());
    expect(loopbackOff.status).toBe(401);
    const farAway = await handleMetricsRequest(
      new Request('http://portal.test/metrics', { headers: { 'x-forwarded-for': '198.51.100.7' } }),
      deps({ METRICS_ALLOW_LOOPBACK: 'true' }),
    );
    expect(farAway.status).toBe(401);
    const local = await handleMetricsRequest(new Request('http://portal.test/metrics', { headers: { 'x-forwarded-for': '127.0.0.2' } }), deps({ METRICS_ALLOW_LOOPBACK: 'true' }));
    expect(local.status).toBe(200);
  });
});
