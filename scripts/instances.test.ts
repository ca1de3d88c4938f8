import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInstanceCount } from './instances';

const ROOT = path.resolve(__dirname, '..');

describe('npm run instances', () => {
  it('takes the number of instances from the command line: 3 by default, 1 to 20', () => {
    expect(parseInstanceCount([])).toBe(3);
    expect(parseInstanceCount(['5'])).toBe(5);
    expect(() => parseInstanceCount(['0'])).toThrow('The number of instances must be a whole number from 1 to 20 (got "0"): npm run instances -- 3');
    expect(() => parseInstanceCount(['many'])).toThrow(/got "many"/);
  });

  it('refuses to start without REDIS_URL, saying why, before starting anything', () => {
    const env = { ...process.env, REDIS_URL: '', PORT: '3999' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/instances.ts', '2'], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('REDIS_URL is required: the instances share their rate budget and cache through it');
    expect(run.stdout).not.toContain('Register sandbox');
  });

  it('refuses a bad scale-out setting with the variable named', () => {
    const env = { ...process.env, REDIS_URL: 'redis://127.0.0.1:6379', FSR_INSTANCES: 'lots', FSR_API_BASE_URL: 'http://127.0.0.1:9/services/V0.1', PORT: '3999' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/instances.ts', '2'], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('FSR_INSTANCES must be a whole number between 1 and 100');
  });
});
