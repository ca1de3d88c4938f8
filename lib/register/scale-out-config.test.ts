import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadScaleOutConfig, ScaleOutConfigError } from './scale-out-config';

function problems(env: Record<string, string>): string[] {
  try {
    loadScaleOutConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ScaleOutConfigError);
    return (error as ScaleOutConfigError).problems;
  }
  throw new Error('expected a ScaleOutConfigError');
}

describe('loadScaleOutConfig', () => {
  it('is off without REDIS_URL, with 3 instances and an id from the host and port', () => {
    expect(loadScaleOutConfig({ PORT: '3001' })).toEqual({ redisUrl: undefined, prefix: 'fsr', instances: 3, instanceId: `${hostname()}:3001` });
  });

  it('reads REDIS_URL, FSR_REDIS_PREFIX, FSR_INSTANCES and FSR_INSTANCE_ID', () => {
    expect(loadScaleOutConfig({ REDIS_URL: 'rediss://user:pw@cache.internal:6380/2', FSR_REDIS_PREFIX: 'portal-prod', FSR_INSTANCES: '5', FSR_INSTANCE_ID: 'pod-7' })).toEqual({
      redisUrl: 'rediss://user:pw@cache.internal:6380/2',
      prefix: 'portal-prod',
      instances: 5,
      instanceId: 'pod-7',
    });
  });

  it('names every bad variable, and never echoes a password', () => {
    const all = problems({ REDIS_URL: 'http://user:secret@host:6379', FSR_REDIS_PREFIX: 'a b', FSR_INSTANCES: '0', FSR_INSTANCE_ID: 'has space' });
    expect(all).toEqual([
      'REDIS_URL must be a redis:// or rediss:// URL',
      'FSR_REDIS_PREFIX must be 1 to 64 letters, digits, ".", "_" or "-"',
      'FSR_INSTANCES must be a whole number between 1 and 100 (the number of portal instances sharing the API key)',
      'FSR_INSTANCE_ID must be 1 to 100 printable characters without spaces',
    ]);
    for (const p of all) expect(p).not.toContain('secret');
    expect(problems({ REDIS_URL: 'not a url' })).toEqual(['REDIS_URL is not a valid URL (expected e.g. redis://127.0.0.1:6379 or rediss://user:password@host:6380/0)']);
  });
});
