import { describe, expect, it } from 'vitest';
import { burnPasswordCheck, CURRENT_PARAMS, generatePassword, hashPassword, needsRehash, verifyPassword } from './password';

// Low cost for speed where the cost itself is not under test; the format carries it.
const FAST = { ln: 10, r: 8, p: 1 };

describe('password hashing (scrypt)', () => {
  it('uses at least N=2^15 with r=8 by default and encodes the parameters in the hash', async () => {
    expect(CURRENT_PARAMS.ln).toBeGreaterThanOrEqual(15);
    expect(CURRENT_PARAMS.r).toBeGreaterThanOrEqual(8);
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$ln=16,r=8,p=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
  });

  it('salts every hash, so equal passwords give different hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same', FAST), hashPassword('same', FAST)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('verifies with the parameters stored in the hash, and flags weaker ones for re-hashing', async () => {
    const old = await hashPassword('pw', FAST);
    expect(old.startsWith('scrypt$ln=10,r=8,p=1$')).toBe(true);
    expect(await verifyPassword('pw', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('pw'))).toBe(false);
  });

  it('treats Unicode-equivalent spellings of a password as the same password', async () => {
    const hash = await hashPassword('caf\u00e9', FAST);
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
  });

  it('rejects malformed or tampered hashes instead of throwing or running away', async () => {
    const good = await hashPassword('pw', FAST);
    expect(await verifyPassword('pw', 'plain-text')).toBe(false);
    expect(await verifyPassword('pw', good.replace('scrypt$', 'bcrypt$'))).toBe(false);
    // A cost of 2^40 would exhaust memory: refused without being attempted.
    expect(await verifyPassword('pw', good.replace('ln=10', 'ln=40'))).toBe(false);
    expect(await verifyPassword('pw', good.replace(/\$[^$]+$/, '$AAAA'))).toBe(false);
    expect(needsRehash('garbage')).toBe(true);
  });

  it('refuses an empty password', async () => {
    await expect(hashPassword('')).rejects.toThrow('A password cannot be empty.');
  });

  it('spends a real check on a missing account and always says no', async () => {
    expect(await burnPasswordCheck('anything')).toBe(false);
  });
});

describe('generatePassword', () => {
  it('gives 4 groups of 5 unambiguous characters, different every time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{5}(-[a-km-zA-HJ-NP-Z2-9]{5}){3}$/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});
