import { createHash, randomInt } from 'node:crypto';

// One-time recovery codes for a lost authenticator: ten codes of 16 characters from a 31-letter
// alphabet without look-alikes (about 79 bits each), shown once and stored as SHA-256 hashes.
// With that much randomness a fast hash is enough (NIST SP 800-63B 5.1.2: look-up secrets of at
// least 64 bits need no key-stretching); guessing online is throttled like passwords.

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 16;

/** `abcd-efgh-jkmn-pqrs` */
export function generateRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < LENGTH; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return raw.replace(/(.{4})(?=.)/g, '$1-');
}

export function generateRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(generateRecoveryCode());
  return [...codes];
}

/** Lower-cased with spaces and dashes removed: how the code is compared, however it was typed. */
export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]+/g, '');
}

/** True when the input could be a recovery code (so a six-digit TOTP code is never taken for one). */
export function looksLikeRecoveryCode(input: string): boolean {
  const n = normalizeRecoveryCode(input);
  return n.length === LENGTH && [...n].every((c) => ALPHABET.includes(c));
}

/** The stored form: bound to the user, so equal codes of two users never share a row. */
export function hashRecoveryCode(userId: string, code: string): string {
  return createHash('sha256')
    .update(`${userId}:${normalizeRecoveryCode(code)}`)
    .digest('hex');
}
