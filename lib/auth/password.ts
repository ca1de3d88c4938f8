import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

// Passwords are hashed with scrypt from node's crypto (no extra dependency). The hash string
// carries its own parameters, so a later increase of the cost applies to new hashes and to old
// ones at their owner's next sign-in (see needsRehash), without invalidating anything:
//
//   scrypt$ln=16,r=8,p=1$<salt, base64>$<key, base64>
//
// ln=16 (N=65536) with r=8 needs 64 MiB and about a quarter of a second per hash on a current
// server core: slow for an attacker with a stolen database, fine for a person signing in.

export interface ScryptParams {
  /** log2 of the CPU/memory cost N. */
  ln: number;
  r: number;
  p: number;
}

export const CURRENT_PARAMS: ScryptParams = { ln: 16, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
// Refuse parameters a tampered hash could use to exhaust memory or CPU on verify.
const MAX_LN = 20;
const MAX_R = 32;
const MAX_P = 16;

function deriveKey(password: string, salt: Buffer, params: ScryptParams, keyBytes: number): Promise<Buffer> {
  const N = 2 ** params.ln;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyBytes,
      // maxmem above 128*N*r (the memory scrypt needs), which node otherwise caps at 32 MiB.
      { N, r: params.r, p: params.p, maxmem: 128 * N * params.r * 2 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams = CURRENT_PARAMS): Promise<string> {
  if (password.length === 0) throw new Error('A password cannot be empty.');
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, params, KEY_BYTES);
  return `scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 4 || parts[0] !== 'scrypt') return null;
  const m = /^ln=(\d+),r=(\d+),p=(\d+)$/.exec(parts[1]);
  if (!m) return null;
  const params = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  if (params.ln < 1 || params.ln > MAX_LN || params.r < 1 || params.r > MAX_R || params.p < 1 || params.p > MAX_P) return null;
  const salt = Buffer.from(parts[2], 'base64');
  const key = Buffer.from(parts[3], 'base64');
  if (salt.length < 8 || key.length < 16) return null;
  return { params, salt, key };
}

/** True when `password` matches `stored`. Constant-time in the comparison; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await deriveKey(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(candidate, parsed.key);
}

/** True when the hash was made with weaker parameters than today's (re-hash after a good sign-in). */
export function needsRehash(stored: string, params: ScryptParams = CURRENT_PARAMS): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  return parsed.params.ln < params.ln || parsed.params.r < params.r || parsed.params.p < params.p;
}

// A hash of a random password, computed once: checking against it when there is no account (or no
// password) makes a sign-in for an unknown address take as long as one for a known address.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}

// No 0/O, 1/l/I: generated passwords are read off a screen and typed.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 20 random characters (about 115 bits) in groups of five, e.g. `x7Kp2-Qm9aB-…`. */
export function generatePassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = '';
    for (let i = 0; i < 5; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}
