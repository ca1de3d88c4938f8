import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureAuthSecret, ensureAuthUrl, resolveAuthSecret } from './secret';

const dirs: string[] = [];
function tempDir() {
  const d = mkdtempSync(path.join(tmpdir(), 'fsr-secret-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('auth secret', () => {
  it('uses NEXTAUTH_SECRET when set, and refuses a short one', () => {
    const secret = 'x'.repeat(40);
    expect(resolveAuthSecret({ NEXTAUTH_SECRET: secret })).toEqual({ secret, source: 'environment' });
    expect(() => resolveAuthSecret({ NEXTAUTH_SECRET: 'short' })).toThrow(/NEXTAUTH_SECRET is too short: use at least 32 characters/);
  });

  it('requires NEXTAUTH_SECRET for a shared (PostgreSQL) deployment', () => {
    expect(() => resolveAuthSecret({ DATABASE_URL: 'postgres://db/x', FSR_DATA_DIR: tempDir() })).toThrow(/NEXTAUTH_SECRET must be set when DATABASE_URL is set/);
  });

  it('generates a secret on first run into the data directory (0600) and reuses it', () => {
    const dir = tempDir();
    const env: Record<string, string | undefined> = { FSR_DATA_DIR: path.join(dir, 'data') };
    const first = ensureAuthSecret(env);
    expect(first.source).toBe('generated');
    expect(first.secret.length).toBeGreaterThanOrEqual(48);
    expect(env.NEXTAUTH_SECRET).toBe(first.secret);
    const file = path.join(dir, 'data', 'auth-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = resolveAuthSecret({ FSR_DATA_DIR: path.join(dir, 'data') });
    expect(again.secret).toBe(first.secret);
  });

  it('reports an unusable secret file instead of replacing it', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'auth-secret'), 'tiny\n');
    expect(() => resolveAuthSecret({ FSR_DATA_DIR: dir })).toThrow(/holds no usable secret/);
  });
});

describe('ensureAuthUrl', () => {
  it('keeps NEXTAUTH_URL, else derives it from HOSTNAME and PORT', () => {
    expect(ensureAuthUrl({ NEXTAUTH_URL: 'https://portal.example' })).toBe('https://portal.example');
    const env: Record<string, string | undefined> = { PORT: '3110', HOSTNAME: '127.0.0.1' };
    expect(ensureAuthUrl(env)).toBe('http://127.0.0.1:3110');
    expect(env.NEXTAUTH_URL).toBe('http://127.0.0.1:3110');
    expect(ensureAuthUrl({ HOSTNAME: '0.0.0.0' })).toBe('http://localhost:3000');
  });
});
