import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, SandboxConfigError, parseAccounts, parseLatency, parseRateLimit, resolveSandboxOptions, sandboxOptionsFromEnv } from './config';

describe('sandboxOptionsFromEnv', () => {
  it('gives the documented defaults with an empty environment', () => {
    const o = sandboxOptionsFromEnv({});
    expect(o.port).toBe(4010);
    expect(o.host).toBe('127.0.0.1');
    expect(o.accounts).toEqual([{ email: 'sandbox@example.com', key: 'sandbox-key' }]);
    expect(o.rateLimit).toEqual({ requests: 50, seconds: 10 });
    expect(o.blockSeconds).toBe(60);
    expect(o.authFailureStatus).toBe(401);
    expect(o.latency.min).toBeGreaterThanOrEqual(100);
    expect(o.latency.max).toBeLessThanOrEqual(600);
    expect(o.retryAfterHeader).toBe(false);
    expect([o.firms, o.individuals, o.funds]).toEqual([5000, 15000, 1000]);
    expect([o.startDay, o.daySeconds]).toEqual([0, 0]);
  });

  it('reads the register-day variables and refuses bad ones by name', () => {
    const o = sandboxOptionsFromEnv({ SANDBOX_START_DAY: '30', SANDBOX_DAY_SECONDS: '2.5' });
    expect([o.startDay, o.daySeconds]).toEqual([30, 2.5]);
    expect(() => sandboxOptionsFromEnv({ SANDBOX_START_DAY: '-1' })).toThrow('SANDBOX_START_DAY must be a whole number, got "-1"');
    expect(() => sandboxOptionsFromEnv({ SANDBOX_START_DAY: '3651' })).toThrow('SANDBOX_START_DAY must be a whole number from 0 to 3650, got 3651');
    expect(() => sandboxOptionsFromEnv({ SANDBOX_DAY_SECONDS: 'fast' })).toThrow('SANDBOX_DAY_SECONDS must be a number, got "fast"');
    expect(() => sandboxOptionsFromEnv({ SANDBOX_DAY_SECONDS: '0.01' })).toThrow('SANDBOX_DAY_SECONDS must be 0 (off) or at least 0.05 seconds, got 0.01');
    expect(() => resolveSandboxOptions({ startDay: 1.5 })).toThrow(SandboxConfigError);
  });

  it('reads every variable', () => {
    const o = sandboxOptionsFromEnv({
      SANDBOX_PORT: '4999',
      SANDBOX_HOST: '0.0.0.0',
      SANDBOX_EMAIL: 'ops@firm.example',
      SANDBOX_KEY: 'k1',
      SANDBOX_ACCOUNTS: 'a@x.example:key1, b@y.example:key:2',
      SANDBOX_SEED: 'other',
      SANDBOX_LATENCY_MS: '10-20',
      SANDBOX_RATE_LIMIT: '5/2',
      SANDBOX_BLOCK_SECONDS: '1.5',
      SANDBOX_AUTH_STATUS: '403',
      SANDBOX_FAULT_5XX: '0.1',
      SANDBOX_FAULT_TIMEOUT: '0.05',
      SANDBOX_FAULT_MALFORMED: '0.02',
      SANDBOX_FAULT_429: '0.01',
      SANDBOX_FAULT_TIMEOUT_MS: '2000',
      SANDBOX_RETRY_AFTER: 'on',
      SANDBOX_FIRMS: '100',
      SANDBOX_INDIVIDUALS: '200',
      SANDBOX_FUNDS: '30',
    });
    expect(o).toMatchObject({
      port: 4999,
      host: '0.0.0.0',
      seed: 'other',
      latency: { min: 10, max: 20 },
      rateLimit: { requests: 5, seconds: 2 },
      blockSeconds: 1.5,
      authFailureStatus: 403,
      fault5xx: 0.1,
      faultTimeout: 0.05,
      faultMalformed: 0.02,
      fault429: 0.01,
      faultTimeoutMs: 2000,
      retryAfterHeader: true,
      firms: 100,
      individuals: 200,
      funds: 30,
    });
    expect(o.accounts).toEqual([
      { email: 'ops@firm.example', key: 'k1' },
      { email: 'a@x.example', key: 'key1' },
      { email: 'b@y.example', key: 'key:2' },
    ]);
    expect(sandboxOptionsFromEnv({ SANDBOX_RATE_LIMIT: 'off', SANDBOX_LATENCY_MS: '0' })).toMatchObject({ rateLimit: 'off', latency: { min: 0, max: 0 } });
  });

  it.each([
    [{ SANDBOX_PORT: 'abc' }, /SANDBOX_PORT/],
    [{ SANDBOX_PORT: '70000' }, /SANDBOX_PORT/],
    [{ SANDBOX_LATENCY_MS: 'slow' }, /SANDBOX_LATENCY_MS must be N or MIN-MAX/],
    [{ SANDBOX_LATENCY_MS: '300-100' }, /SANDBOX_LATENCY_MS/],
    [{ SANDBOX_RATE_LIMIT: '50 per 10' }, /SANDBOX_RATE_LIMIT must be REQUESTS\/SECONDS/],
    [{ SANDBOX_RATE_LIMIT: '0/10' }, /SANDBOX_RATE_LIMIT/],
    [{ SANDBOX_BLOCK_SECONDS: '-1' }, /SANDBOX_BLOCK_SECONDS/],
    [{ SANDBOX_AUTH_STATUS: '99' }, /SANDBOX_AUTH_STATUS/],
    [{ SANDBOX_FAULT_5XX: '1.5' }, /SANDBOX_FAULT_5XX/],
    [{ SANDBOX_FAULT_5XX: '0.6', SANDBOX_FAULT_429: '0.6' }, /sum must not exceed 1/],
    [{ SANDBOX_EMAIL: 'not-an-email' }, /SANDBOX_EMAIL/],
    [{ SANDBOX_ACCOUNTS: 'a@x.example' }, /SANDBOX_ACCOUNTS entries must look like email:key/],
    [{ SANDBOX_ACCOUNTS: 'sandbox@example.com:other' }, /listed twice/],
    [{ SANDBOX_FIRMS: '3' }, /SANDBOX_FIRMS/],
    [{ SANDBOX_RETRY_AFTER: 'maybe' }, /SANDBOX_RETRY_AFTER/],
  ])('rejects %j naming the variable', (env, message) => {
    expect(() => sandboxOptionsFromEnv(env)).toThrow(SandboxConfigError);
    expect(() => sandboxOptionsFromEnv(env)).toThrow(message);
  });
});

describe('resolveSandboxOptions', () => {
  it('fills defaults and names bad options', () => {
    expect(resolveSandboxOptions({ port: 0 }).rateLimit).toEqual(DEFAULT_OPTIONS.rateLimit);
    expect(() => resolveSandboxOptions({ latency: { min: 5, max: 1 } })).toThrow(/option latency/);
    expect(() => resolveSandboxOptions({ rateLimit: { requests: 0, seconds: 10 } })).toThrow(/option rateLimit requests/);
    expect(() => resolveSandboxOptions({ accounts: [] })).toThrow(/option accounts/);
    expect(() => resolveSandboxOptions({ fault429: -0.1 })).toThrow(/option fault429/);
  });

  it('parses the small formats', () => {
    expect(parseLatency('150-450')).toEqual({ min: 150, max: 450 });
    expect(parseRateLimit('OFF')).toBe('off');
    expect(parseRateLimit('45 / 10')).toEqual({ requests: 45, seconds: 10 });
    expect(parseAccounts('a@b.example:k')).toEqual([{ email: 'a@b.example', key: 'k' }]);
  });
});
