import { describe, expect, it } from 'vitest';
import { generateRecoveryCodes, hashRecoveryCode, looksLikeRecoveryCode, normalizeRecoveryCode } from './recovery-codes';
import { groupSecret, matchTotpStep, newTotpSecret, stepAt, totpCodeAt, totpUri } from './totp';

// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") in base32, and its test vectors
// (the last six digits of the eight-digit values).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('computes the RFC 6238 test vectors', () => {
    expect(totpCodeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
  });

  it('accepts a code one step either side of now and names its step; refuses two steps away and junk', () => {
    const now = 1_700_000_015_000;
    const s = stepAt(now);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now), now)).toBe(s);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 30_000), now)).toBe(s - 1);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 30_000), now)).toBe(s + 1);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 60_000), now)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, '12345', now)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, 'abcdef', now)).toBeNull();
  });

  it('makes 160-bit secrets and an otpauth URI authenticator apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'jane@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('FSR Portal');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});

describe('recovery codes', () => {
  it('are ten distinct 16-character codes without look-alike characters', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/);
  });

  it('compare however they are typed, and hash per user', () => {
    const [code] = generateRecoveryCodes(1);
    expect(normalizeRecoveryCode(` ${code.toUpperCase().replace(/-/g, ' ')} `)).toBe(code.replace(/-/g, ''));
    expect(looksLikeRecoveryCode(code.toUpperCase())).toBe(true);
    expect(looksLikeRecoveryCode('123456')).toBe(false);
    expect(hashRecoveryCode('u1', code)).toBe(hashRecoveryCode('u1', code.toUpperCase()));
    expect(hashRecoveryCode('u1', code)).not.toBe(hashRecoveryCode('u2', code));
    expect(hashRecoveryCode('u1', code)).toMatch(/^[0-9a-f]{64}$/);
  });
});
