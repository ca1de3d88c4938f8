import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { savePendingTotp } from '@/lib/db/queries/two-factor';
import { createUser } from '@/lib/db/queries/users';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { checkSecondFactor, confirmEnrolment } from './two-factor';
import { totpCodeAt, newTotpSecret } from './totp';
import { decryptTotpSecret, encryptPlainTotpSecrets, encryptTotpSecret, parseTotpKey, resolveTotpKey, totpKey, totpKeyProblem, unreadableTotpSecrets } from './totp-encryption';

const pg = await postgresStatus();
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const HEX = 'aa'.repeat(32);
const SECRET_48 = 'an-auth-secret-of-at-least-thirty-two-characters-long';

describe('TOTP secrets at rest', () => {
  const key = resolveTotpKey({ FSR_TOTP_KEY: HEX });

  it('encrypts with AES-256-GCM under a fresh IV and reads back only for the same user and key', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const a = encryptTotpSecret(secret, key, 'user-1');
    const b = encryptTotpSecret(secret, key, 'user-1');
    expect(a).toMatch(new RegExp(`^v1\\.${key.id}\\.`));
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(decryptTotpSecret(a, key, 'user-1')).toEqual({ ok: true, secret, plain: false });
    // Copied onto another account's row: the authenticated data differs.
    expect(decryptTotpSecret(a, key, 'user-2')).toEqual({ ok: false, reason: 'damaged' });
    const other = resolveTotpKey({ FSR_TOTP_KEY: 'bb'.repeat(32) });
    expect(decryptTotpSecret(a, other, 'user-1')).toEqual({ ok: false, reason: 'other-key', keyId: key.id });
    const flipped = a.slice(0, -2) + (a.endsWith('A') ? 'BA' : 'AA');
    expect(decryptTotpSecret(flipped, key, 'user-1')).toMatchObject({ ok: false, reason: 'damaged' });
    // A row written before encryption is still read.
    expect(decryptTotpSecret(secret, key, 'user-1')).toEqual({ ok: true, secret, plain: true });
  });

  it('takes FSR_TOTP_KEY as hex or base64, and refuses anything else without repeating it', () => {
    expect(parseTotpKey(HEX)?.length).toBe(32);
    expect(parseTotpKey(Buffer.alloc(32, 7).toString('base64'))?.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(parseTotpKey(Buffer.alloc(32, 7).toString('base64url'))?.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(parseTotpKey('too-short')).toBeUndefined();
    expect(parseTotpKey(Buffer.alloc(24).toString('base64'))).toBeUndefined();
    expect(totpKeyProblem({ FSR_TOTP_KEY: 'hunter2' })).toBe('FSR_TOTP_KEY must be 32 random bytes as 64 hex digits or base64, e.g. `openssl rand -base64 32`');
    expect(totpKeyProblem({ FSR_TOTP_KEY: HEX })).toBeUndefined();
    expect(totpKeyProblem({})).toBeUndefined();
  });

  it('keeps its key apart from the database: a 0600 file in the data folder, or derived from the shared NEXTAUTH_SECRET with PostgreSQL', () => {
    const data = mkdtempSync(path.join(tmpdir(), 'fsr-totp-key-'));
    dirs.push(data);
    const first = resolveTotpKey({ FSR_DATA_DIR: data });
    expect(first.source).toBe('file');
    expect(statSync(path.join(data, 'totp-key')).mode & 0o777).toBe(0o600);
    expect(resolveTotpKey({ FSR_DATA_DIR: data }).key.equals(first.key)).toBe(true);
    writeFileSync(path.join(data, 'totp-key'), 'not a key\n');
    expect(() => resolveTotpKey({ FSR_DATA_DIR: data })).toThrow(/holds no usable key.*restore it from your secret store, or set FSR_TOTP_KEY/);
    expect(readFileSync(path.join(data, 'totp-key'), 'utf8')).toBe('not a key\n');

    const shared = { DATABASE_URL: 'postgres://db/portal', NEXTAUTH_SECRET: SECRET_48 };
    const derived = resolveTotpKey(shared);
    expect(derived.source).toBe('NEXTAUTH_SECRET');
    expect(resolveTotpKey(shared).key.equals(derived.key)).toBe(true);
    expect(resolveTotpKey({ ...shared, NEXTAUTH_SECRET: `${SECRET_48}!` }).key.equals(derived.key)).toBe(false);
    expect(derived.key.includes(Buffer.from(SECRET_48))).toBe(false);
    expect(resolveTotpKey({ ...shared, FSR_TOTP_KEY: HEX }).source).toBe('FSR_TOTP_KEY');
  });
});

forEachDialect('TOTP secrets stored before encryption', pg, (db) => {
  it('are encrypted at start, once, and the authenticator keeps working', async () => {
    const T0 = Date.parse('2026-11-24T10:00:00Z');
    const user = await createUser(db(), { email: `plain-${Math.random().toString(36).slice(2)}@x`, role: 'analyst', passwordHash: 'x', authProvider: 'local' });
    const secret = newTotpSecret();
    // As an older portal wrote it: the base32 secret itself.
    await savePendingTotp(db(), user.id, secret, T0);
    expect((await confirmEnrolment(db(), user.id, totpCodeAt(secret, T0), T0)).ok).toBe(true);
    const key = totpKey();
    expect(await unreadableTotpSecrets(db(), key)).toMatchObject({ unreadable: 0 });
    expect(await encryptPlainTotpSecrets(db(), key)).toBeGreaterThanOrEqual(1);
    expect(await encryptPlainTotpSecrets(db(), key)).toBe(0);
    const row = await db().selectFrom('user_totp').select('secret').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1\./);
    expect(await checkSecondFactor(db(), user.id, totpCodeAt(secret, T0 + 60_000), T0 + 60_000)).toEqual({ ok: true, method: 'totp' });
    const other = resolveTotpKey({ FSR_TOTP_KEY: 'cc'.repeat(32) });
    expect(await unreadableTotpSecrets(db(), other)).toMatchObject({ unreadable: expect.any(Number), otherKeys: [key.id] });
  });
});
