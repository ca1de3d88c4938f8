import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir, type Env } from '@/lib/db/connect';
import type { Db } from '@/lib/db/schema';
import { makePrivateDir, PRIVATE_FILE_MODE } from '@/lib/runtime/private-files';
import { resolveAuthSecret } from './secret';

/**
 * TOTP secrets at rest: AES-256-GCM, with a key kept apart from the database, so a copy of the
 * database or of a backup alone gives nobody the codes of anyone's authenticator. The server must
 * compute codes, so the secrets cannot be hashed like passwords; encryption under a key the
 * database does not hold is the next best thing.
 *
 * The key, in this order:
 * 1. `FSR_TOTP_KEY`: 32 bytes as 64 hex digits or base64 (e.g. `openssl rand -base64 32`);
 * 2. with `DATABASE_URL` (several instances, perhaps on several machines): derived with HKDF-SHA256
 *    from `NEXTAUTH_SECRET`, which every instance must share anyway; set `FSR_TOTP_KEY` to be free
 *    to change that secret without re-enrolling everyone's two-factor;
 * 3. otherwise the file `<FSR_DATA_DIR>/totp-key` (0600), generated on first use beside
 *    `auth-secret`, never inside the database nor in a backup of it.
 *
 * Stored form: `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url; key id = the first 8 hex digits of
 * the key's SHA-256, so a secret under another key is named, not mistaken for a wrong code). The
 * user id is the additional authenticated data: a secret copied onto another account's row does not
 * decrypt. Rows written before encryption (plain base32) are still read, and encrypted at start.
 */

export const TOTP_KEY_FILE_NAME = 'totp-key';
const VERSION = 'v1';
const HKDF_INFO = 'fsr-portal totp secrets v1';

export interface TotpKey {
  key: Buffer;
  /** First 8 hex digits of SHA-256(key): names the key without revealing it. */
  id: string;
  source: 'FSR_TOTP_KEY' | 'NEXTAUTH_SECRET' | 'file';
  file?: string;
}

export class TotpKeyError extends Error {
  override name = 'TotpKeyError';
}

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** 32 bytes from 64 hex digits or base64/base64url; undefined when it is neither. */
export function parseTotpKey(value: string): Buffer | undefined {
  const v = value.trim();
  if (/^[0-9a-f]{64}$/i.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(v)) {
    const b = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (b.length === 32) return b;
  }
  return undefined;
}

/** What is wrong with FSR_TOTP_KEY, for the start-up check (never the value). */
export function totpKeyProblem(env: Env): string | undefined {
  const raw = env.FSR_TOTP_KEY?.trim();
  if (!raw) return undefined;
  return parseTotpKey(raw) ? undefined : 'FSR_TOTP_KEY must be 32 random bytes as 64 hex digits or base64, e.g. `openssl rand -base64 32`';
}

function readOrCreateKeyFile(file: string): Buffer {
  try {
    const parsed = parseTotpKey(readFileSync(file, 'utf8'));
    if (!parsed) throw new TotpKeyError(`${file} holds no usable key (32 bytes as base64 or hex): restore it from your secret store, or set FSR_TOTP_KEY.`);
    return parsed;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  makePrivateDir(path.dirname(file));
  const key = randomBytes(32);
  try {
    // 'wx': if another process created it first, use theirs.
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readOrCreateKeyFile(file);
  }
}

/** The key for `env` (reads or creates the key file when that is where it lives). */
export function resolveTotpKey(env: Env = process.env): TotpKey {
  const configured = env.FSR_TOTP_KEY?.trim();
  if (configured) {
    const key = parseTotpKey(configured);
    if (!key) throw new TotpKeyError(totpKeyProblem(env)!);
    return { key, id: keyId(key), source: 'FSR_TOTP_KEY' };
  }
  if (env.DATABASE_URL?.trim()) {
    const secret = resolveAuthSecret(env).secret;
    const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.from('fsr-portal', 'utf8'), Buffer.from(HKDF_INFO, 'utf8'), 32));
    return { key, id: keyId(key), source: 'NEXTAUTH_SECRET' };
  }
  const file = path.join(dataDir(env), TOTP_KEY_FILE_NAME);
  const key = readOrCreateKeyFile(file);
  return { key, id: keyId(key), source: 'file', file };
}

// One key per process, resolved on first use (the file is read once).
const KEY = Symbol.for('fsr-portal.totp-key');
type Holder = typeof globalThis & { [KEY]?: TotpKey };

/** The process's key, from process.env. */
export function totpKey(): TotpKey {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= resolveTotpKey(process.env));
}

export function isEncryptedTotpSecret(stored: string): boolean {
  return stored.startsWith(`${VERSION}.`);
}

export function encryptTotpSecret(secret: string, key: TotpKey, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, key.id, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

export type DecryptedTotp = { ok: true; secret: string; plain: boolean } | { ok: false; reason: 'other-key' | 'damaged'; keyId?: string };

/** The base32 secret from its stored form; a plain (pre-encryption) secret is returned as is. */
export function decryptTotpSecret(stored: string, key: TotpKey, userId: string): DecryptedTotp {
  if (!isEncryptedTotpSecret(stored)) return { ok: true, secret: stored, plain: true };
  const parts = stored.split('.');
  if (parts.length !== 5) return { ok: false, reason: 'damaged' };
  const [, id, iv, ciphertext, tag] = parts;
  if (id !== key.id) return { ok: false, reason: 'other-key', keyId: id };
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const secret = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    return { ok: true, secret, plain: false };
  } catch {
    return { ok: false, reason: 'damaged' };
  }
}

/** The message for the log when a stored secret cannot be read: says what to do, never the key. */
export function undecryptableMessage(userId: string, result: Extract<DecryptedTotp, { ok: false }>, key: TotpKey): string {
  return result.reason === 'other-key'
    ? `The two-factor secret of user ${userId} was encrypted with key ${result.keyId}, but this portal's key is ${key.id} (from ${key.source}): put the original key back (FSR_TOTP_KEY, or the totp-key file of the data folder it was made with), or reset that user's two-factor.`
    : `The two-factor secret of user ${userId} is damaged and cannot be decrypted: reset that user's two-factor.`;
}

/**
 * Encrypts every secret still stored plain (written before encryption, or restored from an old
 * backup). Each row is updated only if it still holds the plain value, so instances starting at
 * once do not encrypt twice. Returns how many were encrypted.
 */
export async function encryptPlainTotpSecrets(db: Db, key: TotpKey): Promise<number> {
  const rows = await db.selectFrom('user_totp').select(['user_id', 'secret']).where('secret', 'not like', `${VERSION}.%`).execute();
  let done = 0;
  for (const row of rows) {
    const r = await db
      .updateTable('user_totp')
      .set({ secret: encryptTotpSecret(row.secret, key, row.user_id) })
      .where('user_id', '=', row.user_id)
      .where('secret', '=', row.secret)
      .executeTakeFirst();
    done += Number(r.numUpdatedRows);
  }
  return done;
}

/** Counts the stored secrets this key cannot read (another key, damage), for restore's report. */
export async function unreadableTotpSecrets(db: Db, key: TotpKey): Promise<{ total: number; unreadable: number; otherKeys: string[] }> {
  const rows = await db.selectFrom('user_totp').select(['user_id', 'secret']).execute();
  const otherKeys = new Set<string>();
  let unreadable = 0;
  for (const row of rows) {
    const d = decryptTotpSecret(row.secret, key, row.user_id);
    if (!d.ok) {
      unreadable += 1;
      if (d.keyId) otherKeys.add(d.keyId);
    }
  }
  return { total: rows.length, unreadable, otherKeys: [...otherKeys] };
}
