import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A token is a public id and a secret of 32 random bytes. Only the secret's SHA-256 is stored.
 * A fast hash is right here, unlike for passwords: a password needs a slow, salted hash because
 * it comes from a small space people choose from, so a stolen hash can be guessed; a secret of
 * 256 random bits cannot be guessed however fast each guess is, so salting and stretching add
 * nothing but cost on every request (each machine request checks the hash).
 */

const ID = /^tok_[0-9a-f]{20}$/;
/** base64url of 32 bytes: 43 characters. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export function newTokenId(): string {
  return `tok_${randomBytes(10).toString('hex')}`;
}

export function newTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function looksLikeTokenId(value: string): boolean {
  return ID.test(value);
}

export function looksLikeTokenSecret(value: string): boolean {
  return SECRET.test(value);
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashTokenSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** The single-string form for clients with one field (OpenRefine, bearer headers): `<id>.<secret>`. */
export function joinedToken(id: string, secret: string): string {
  return `${id}.${secret}`;
}

export function splitJoinedToken(value: string): { id: string; secret: string } | undefined {
  const dot = value.indexOf('.');
  if (dot < 0) return undefined;
  return { id: value.slice(0, dot), secret: value.slice(dot + 1) };
}
