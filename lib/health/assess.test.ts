import { describe, expect, it } from 'vitest';
import type { SharedStoresStatus } from '@/lib/register/metrics';
import type { RegisterResult } from '@/lib/register/result';
import { assessDatabase, assessRedis, assessUpstream, overall, type ComponentReport } from './assess';

const shared = (mode: SharedStoresStatus['mode']): SharedStoresStatus => ({
  mode,
  since: '2026-02-27T11:25:00.000Z',
  instanceId: 'host:3000',
  fallbackShare: { limit: 15, instances: 3 },
  redis: { state: mode === 'fallback' ? 'down' : 'ready', lastError: 'connect ECONNREFUSED 10.0.0.5:6379', outages: 1 },
  cache: { sharedHits: 0, sharedErrors: 0 },
});
const noBlock = { active: false, remainingSeconds: 0, count: 0 };
const ok: ComponentReport = { status: 'ok', message: '' };

describe('readiness assessment', () => {
  it('database: ok with its answer time, down without details', () => {
    expect(assessDatabase({ ok: true, ms: 2.4 }, 'PostgreSQL')).toEqual({ status: 'ok', message: 'PostgreSQL took a write in 2 ms.' });
    expect(assessDatabase({ ok: false, reason: 'attempt to write a readonly database', unwritable: true }, 'SQLite')).toEqual({
      status: 'down',
      message: 'SQLite does not take writes (read-only, full or failing storage, or unreachable): pages answer 503 until it does.',
    });
    expect(assessDatabase({ ok: false, reason: 'connect ECONNREFUSED 10.0.0.9:5432' }, 'PostgreSQL')).toEqual({ status: 'down', message: 'PostgreSQL does not answer.' });
  });

  it('Redis: ok when not configured or shared; down with the fallback share when unreachable; degraded while handing back', () => {
    expect(assessRedis(null, false).status).toBe('ok');
    expect(assessRedis(shared('shared'), true).status).toBe('ok');
    const down = assessRedis(shared('fallback'), true);
    expect(down).toEqual({
      status: 'down',
      message: 'Unreachable since 11:25:00 UTC: this instance uses its own cache and at most 15 requests per window (1/3 of the budget); it reconnects by itself.',
    });
    expect(down.message).not.toContain('10.0.0.5');
    expect(assessRedis(shared('recovering'), true).status).toBe('degraded');
  });

  it('upstream: the last answer decides without a request; a refused key is down; a block or failure degraded', () => {
    expect(assessUpstream({ block: noBlock, lastAnswer: { at: '2026-02-27T11:20:00.000Z', kind: 'ok' } })).toEqual({
      status: 'ok',
      message: 'The register last answered at 11:20:00 UTC.',
    });
    expect(assessUpstream({ block: noBlock, lastAnswer: { at: '2026-02-27T11:20:00.000Z', kind: 'unauthorised' } }).status).toBe('down');
    expect(assessUpstream({ block: { active: true, until: '2026-02-27T11:26:00.000Z', remainingSeconds: 60, count: 1 }, lastAnswer: { at: 'x', kind: 'rate-limited' } })).toEqual({
      status: 'degraded',
      message: 'Rate-limited by the register until 11:26:00 UTC; cached pages are served.',
    });
    expect(assessUpstream({ block: noBlock, lastAnswer: { at: '2026-02-27T11:20:00.000Z', kind: 'upstream-error' } }).status).toBe('degraded');
  });

  it('upstream on a fresh instance: the cheap probe (usually a cache hit) decides', () => {
    const cached = { kind: 'ok', provenance: { retrievedAt: '2026-02-27T09:00:00.000Z' } } as RegisterResult<unknown>;
    expect(assessUpstream({ block: noBlock }, cached)).toEqual({ status: 'ok', message: 'The register accepted the key (answer retrieved at 09:00:00 UTC).' });
    expect(assessUpstream({ block: noBlock }, { kind: 'unauthorised', message: 'm', provenance: null } as RegisterResult<unknown>).status).toBe('down');
    expect(assessUpstream({ block: noBlock }, { kind: 'rate-limited' } as RegisterResult<unknown>)).toEqual({
      status: 'degraded',
      message: 'Not checked: the request budget is busy.',
    });
    expect(assessUpstream({ block: noBlock }).status).toBe('degraded');
  });

  it('overall: not ready when shutting down, the database is down or the key refused; degraded otherwise if anything is not ok', () => {
    const now = new Date('2026-02-27T11:25:00Z');
    const down: ComponentReport = { status: 'down', message: '' };
    const degraded: ComponentReport = { status: 'degraded', message: '' };
    expect(overall({ database: ok, redis: ok, upstream: ok }, false, now).status).toBe('ready');
    expect(overall({ database: ok, redis: ok, upstream: ok }, true, now).status).toBe('not-ready');
    expect(overall({ database: down, redis: ok, upstream: ok }, false, now).status).toBe('not-ready');
    expect(overall({ database: ok, redis: ok, upstream: down }, false, now).status).toBe('not-ready');
    // Redis out of reach: the instance still serves safely on its share.
    expect(overall({ database: ok, redis: down, upstream: ok }, false, now).status).toBe('degraded');
    expect(overall({ database: ok, redis: ok, upstream: degraded }, false, now).status).toBe('degraded');
  });
});
