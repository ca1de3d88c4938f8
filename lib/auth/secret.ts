import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir, type Env } from '@/lib/db/connect';
import { makePrivateDir } from '@/lib/runtime/private-files';

// NEXTAUTH_SECRET encrypts session cookies. Every instance must use the same one, so:
// - set NEXTAUTH_SECRET (at least 32 characters) in any shared deployment: it is required
//   whenever DATABASE_URL is set, because several instances would otherwise each make their own;
// - for the single-machine default it is generated on first run and kept in
//   <FSR_DATA_DIR>/auth-secret (mode 0600), so sessions survive restarts.

export const SECRET_FILE_NAME = 'auth-secret';
const MIN_LENGTH = 32;

export interface AuthSecret {
  secret: string;
  source: 'environment' | 'file' | 'generated';
  file?: string;
}

function fromEnv(env: Env): string | undefined {
  const s = (env.NEXTAUTH_SECRET ?? env.AUTH_SECRET)?.trim();
  if (!s) return undefined;
  if (s.length < MIN_LENGTH) {
    // The length is not told either: every character said about a secret helps guess it.
    const name = env.NEXTAUTH_SECRET?.trim() ? 'NEXTAUTH_SECRET' : 'AUTH_SECRET';
    throw new Error(`${name} is too short: use at least ${MIN_LENGTH} characters, e.g. \`openssl rand -base64 48\`.`);
  }
  return s;
}

/**
 * What is wrong with the sign-in secret's settings, without creating anything: NEXTAUTH_SECRET
 * (or AUTH_SECRET) too short, missing although DATABASE_URL is set (unless `requireShared` is
 * false, for the instances script, which shares the data folder's file), or an unusable
 * generated file. Undefined when resolveAuthSecret will succeed. Never contains the secret.
 */
export function authSecretProblem(env: Env = process.env, options: { requireShared?: boolean } = {}): string | undefined {
  try {
    if (fromEnv(env)) return undefined;
  } catch (error) {
    return (error as Error).message;
  }
  if (env.DATABASE_URL?.trim() && options.requireShared !== false) {
    return 'NEXTAUTH_SECRET must be set when DATABASE_URL is set: every portal instance needs the same secret. Generate one with `openssl rand -base64 48`.';
  }
  const file = path.join(dataDir(env), SECRET_FILE_NAME);
  try {
    if (readFileSync(file, 'utf8').trim().length < MIN_LENGTH) {
      return `${file} holds no usable secret (shorter than ${MIN_LENGTH} characters); delete it to have a new one generated, or set NEXTAUTH_SECRET.`;
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return `${file} cannot be read (${(err as NodeJS.ErrnoException).code}); fix its permissions or set NEXTAUTH_SECRET.`;
  }
  return undefined;
}

/** The secret, reading or creating the local file when the environment has none. Synchronous: the proxy needs it. */
export function resolveAuthSecret(env: Env = process.env): AuthSecret {
  const configured = fromEnv(env);
  if (configured) return { secret: configured, source: 'environment' };
  if (env.DATABASE_URL?.trim()) {
    throw new Error('NEXTAUTH_SECRET must be set when DATABASE_URL is set: every portal instance needs the same secret. ' + 'Generate one with `openssl rand -base64 48`.');
  }
  const file = path.join(dataDir(env), SECRET_FILE_NAME);
  const cached = fileCache.get(file);
  if (cached) return cached;
  const resolved = readOrCreate(file);
  fileCache.set(file, resolved);
  return resolved;
}

// The proxy resolves the secret on every request; the file is read once per process.
const fileCache = new Map<string, AuthSecret>();

function readOrCreate(file: string): AuthSecret {
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= MIN_LENGTH) return { secret: existing, source: 'file', file };
    throw new Error(`${file} holds no usable secret (shorter than ${MIN_LENGTH} characters); delete it to have a new one generated.`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  makePrivateDir(path.dirname(file));
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': if another process created it first, use theirs.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return { secret, source: 'generated', file };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { secret: readFileSync(file, 'utf8').trim(), source: 'file', file };
  }
}

/**
 * For the start script: makes sure NEXTAUTH_SECRET is in `env` (so the portal processes it
 * starts share it) and says where it came from. Throws with the fix when it cannot.
 */
export function ensureAuthSecret(env: Env = process.env): AuthSecret {
  const resolved = resolveAuthSecret(env);
  env.NEXTAUTH_SECRET = resolved.secret;
  return resolved;
}

/**
 * NEXTAUTH_URL (the portal's public URL, used for SSO redirect URIs) if set, else derived from
 * HOSTNAME and PORT. Sets it in `env`.
 */
export function ensureAuthUrl(env: Env = process.env): string {
  const configured = env.NEXTAUTH_URL?.trim();
  if (configured) return configured;
  const host = env.HOSTNAME?.trim() || '127.0.0.1';
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown}:${env.PORT?.trim() || '3000'}`;
  env.NEXTAUTH_URL = url;
  return url;
}
