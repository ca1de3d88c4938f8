import { describe, expect, it } from 'vitest';
import { loadRegisterConfig, RegisterConfigError } from './load-config';

const KEY = 'live-key-abcdef123456';

function problems(env: Record<string, string>): string[] {
  try {
    loadRegisterConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(RegisterConfigError);
    return (error as RegisterConfigError).problems;
  }
  throw new Error('expected a RegisterConfigError');
}

describe('loadRegisterConfig', () => {
  it('defaults to the sandbox and its account when no key is set', () => {
    const config = loadRegisterConfig({});
    expect(config).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010/services/V0.1',
      source: 'sandbox',
      rate: { limit: 45, windowMs: 10_000, marginMs: 250, blockSeconds: 60, interactiveReserve: 5, programLimit: 13 },
      cache: { freshSeconds: 900, staleSeconds: 86_400, notFoundSeconds: 120, searchFreshSeconds: 300 },
      timeoutMs: 15_000,
      retries: 2,
    });
    expect(config.credentials.email).toBe('sandbox@example.com');
    expect(config.credentials.authHeaders()['X-AUTH-KEY']).toBe('sandbox-key');
  });

  it('follows SANDBOX_HOST, SANDBOX_PORT and the sandbox account variables', () => {
    const config = loadRegisterConfig({ SANDBOX_HOST: '::1', SANDBOX_PORT: '4999', SANDBOX_EMAIL: 'me@example.com', SANDBOX_KEY: 'k2' });
    expect(config.baseUrl).toBe('http://[::1]:4999/services/V0.1');
    expect(config.credentials.authHeaders()).toEqual({ 'X-AUTH-EMAIL': 'me@example.com', 'X-AUTH-KEY': 'k2' });
  });

  it('goes live when a key is set', () => {
    const config = loadRegisterConfig({ FSR_API_EMAIL: 'ops@example.com', FSR_API_KEY: KEY });
    expect(config).toMatchObject({ baseUrl: 'https://register.fca.org.uk/services/V0.1', source: 'live' });
  });

  it('reads budget, block, TTLs, timeout and retries', () => {
    const config = loadRegisterConfig({
      FSR_RATE_BUDGET: '10/2',
      FSR_RATE_MARGIN_MS: '0',
      FSR_RATE_BLOCK_SECONDS: '3',
      FSR_CACHE_FRESH_SECONDS: '60',
      FSR_CACHE_STALE_SECONDS: '600',
      FSR_CACHE_NOT_FOUND_SECONDS: '5',
      FSR_API_TIMEOUT_MS: '500',
      FSR_API_RETRIES: '0',
    });
    expect(config.rate).toEqual({ limit: 10, windowMs: 2_000, marginMs: 0, blockSeconds: 3, interactiveReserve: 1, programLimit: 3 });
    expect(config.cache).toMatchObject({ freshSeconds: 60, staleSeconds: 600, notFoundSeconds: 5, searchFreshSeconds: 60 });
    expect(config).toMatchObject({ timeoutMs: 500, retries: 0 });
  });

  it('reads the interactive reserve: 5 by default, an eighth of a small budget, never the whole budget', () => {
    expect(loadRegisterConfig({ FSR_RATE_INTERACTIVE_RESERVE: '8' }).rate.interactiveReserve).toBe(8);
    // Programs together: 30 % of the budget by default, at least one slot.
    expect(loadRegisterConfig({}).rate.programLimit).toBe(13);
    expect(loadRegisterConfig({ FSR_RATE_PROGRAM_SHARE: '50' }).rate.programLimit).toBe(22);
    expect(loadRegisterConfig({ FSR_RATE_BUDGET: '2/10', FSR_RATE_PROGRAM_SHARE: '10' }).rate.programLimit).toBe(1);
    expect(problems({ FSR_RATE_PROGRAM_SHARE: '0' })).toEqual(['FSR_RATE_PROGRAM_SHARE must be a percentage of the budget from 1 to 100']);
    expect(problems({ FSR_RATE_PROGRAM_SHARE: '30%' })).toEqual(['FSR_RATE_PROGRAM_SHARE must be a whole number']);
    expect(loadRegisterConfig({ FSR_RATE_INTERACTIVE_RESERVE: '0' }).rate.interactiveReserve).toBe(0);
    expect(loadRegisterConfig({ FSR_RATE_BUDGET: '20/10' }).rate.interactiveReserve).toBe(2);
    expect(loadRegisterConfig({ FSR_RATE_BUDGET: '5/10' }).rate.interactiveReserve).toBe(0);
    expect(problems({ FSR_RATE_BUDGET: '10/10', FSR_RATE_INTERACTIVE_RESERVE: '10' })).toEqual(["FSR_RATE_INTERACTIVE_RESERVE must be less than the budget's 10 requests"]);
    expect(problems({ FSR_RATE_INTERACTIVE_RESERVE: 'some' })).toEqual(['FSR_RATE_INTERACTIVE_RESERVE must be a whole number']);
  });

  it('names every bad variable in one error', () => {
    expect(
      problems({
        FSR_API_BASE_URL: 'ftp://example.com/x',
        FSR_RATE_BUDGET: 'fast',
        FSR_RATE_BLOCK_SECONDS: '-1',
        FSR_CACHE_FRESH_SECONDS: 'soon',
        FSR_API_TIMEOUT_MS: '0',
        SANDBOX_PORT: '70000',
      }),
    ).toEqual([
      'SANDBOX_PORT must be a port number between 1 and 65535',
      'FSR_API_BASE_URL must be an http or https URL',
      'FSR_RATE_BUDGET must look like REQUESTS/SECONDS, e.g. 45/10',
      'FSR_RATE_BLOCK_SECONDS must be a whole number',
      'FSR_CACHE_FRESH_SECONDS must be a whole number',
      'FSR_API_TIMEOUT_MS must be between 1 and 300000',
    ]);
  });

  it('refuses half-set credentials, a live register without a key, and a budget above the live limit', () => {
    expect(problems({ FSR_API_KEY: KEY })).toEqual(['FSR_API_EMAIL is required when FSR_API_KEY is set']);
    expect(problems({ FSR_API_EMAIL: 'ops@example.com' })).toEqual(['FSR_API_KEY is required when FSR_API_EMAIL is set']);
    expect(problems({ FSR_API_BASE_URL: 'https://register.fca.org.uk/services/V0.1' })).toEqual([
      'FSR_API_BASE_URL points at the live register but FSR_API_EMAIL and FSR_API_KEY are not set',
    ]);
    expect(problems({ FSR_API_EMAIL: 'ops@example.com', FSR_API_KEY: KEY, FSR_RATE_BUDGET: '60/10' })).toEqual([
      "FSR_RATE_BUDGET 60/10 exceeds the live register's limit of 50 per 10 s",
    ]);
    expect(problems({ FSR_API_BASE_URL: 'http://127.0.0.1:4010/api' })).toEqual(['FSR_API_BASE_URL must end in /services/V0.1']);
    expect(problems({ FSR_API_BASE_URL: 'https://user:pw@register.fca.org.uk/services/V0.1' })[0]).toMatch(/must not contain credentials/);
  });

  it('never echoes the key, even when the key is what is wrong', () => {
    const all = problems({ FSR_API_EMAIL: 'not-an-email', FSR_API_KEY: `${KEY} x`, FSR_RATE_BUDGET: KEY });
    expect(all).toHaveLength(3);
    for (const p of all) expect(p).not.toContain(KEY);
    const config = loadRegisterConfig({ FSR_API_EMAIL: 'ops@example.com', FSR_API_KEY: KEY });
    expect(JSON.stringify(config)).not.toContain(KEY);
    expect(String(Object.values(config))).not.toContain(KEY);
  });
});
