import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength, passwordPolicyProblem } from './password-policy';

describe('password policy (NIST SP 800-63B style)', () => {
  it('accepts long passwords of any composition, spaces and non-ASCII included', () => {
    expect(passwordPolicyProblem('correct horse battery staple')).toBeNull();
    expect(passwordPolicyProblem('lowercaseonlybutlong')).toBeNull();
    expect(passwordPolicyProblem('ünïcödé pässwörd ☂')).toBeNull();
  });

  it('measures length in characters, not bytes, and says how long the refused one was', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(passwordLength('☂☂☂')).toBe(3);
    expect(passwordPolicyProblem('short pw 1')).toBe('Use at least 12 characters (this one has 10). A few unrelated words make a long password that is easy to remember.');
    expect(passwordPolicyProblem('a'.repeat(64) + 'b'.repeat(65))).toBe('Use at most 128 characters (this one has 129).');
    expect(passwordPolicyProblem('x'.repeat(6) + 'yz'.repeat(61))).toBeNull();
  });

  it('refuses commonly used passwords from the list, in any letter case, also padded with digits and symbols', () => {
    for (const common of ['password1234', 'PASSWORD1234', 'Qwertyuiop123', '1q2w3e4r5t6y', 'Password2026!!', '!!!sunshine2026']) {
      expect(passwordPolicyProblem(common), common).toBe('This password is on a list of commonly used passwords, which attackers try first. Choose another.');
    }
  });

  it('refuses repeated and sequential runs', () => {
    expect(passwordPolicyProblem('aaaaaaaaaaaaaa')).toMatch(/repeated or sequential/);
    expect(passwordPolicyProblem('abababababababab')).toMatch(/repeated or sequential/);
    expect(passwordPolicyProblem('abcdefghijklmn')).toMatch(/repeated or sequential|commonly used/);
    expect(passwordPolicyProblem('98765432109876')).toMatch(/repeated or sequential|commonly used/);
  });

  it('refuses the person’s own address or name and the portal’s name', () => {
    expect(passwordPolicyProblem('jane.smith@example.com', { email: 'jane.smith@example.com' })).toMatch(/your e-mail address or name/);
    expect(passwordPolicyProblem('janesmith2026', { email: 'jane.smith@example.com' })).toMatch(/your e-mail address or name/);
    expect(passwordPolicyProblem('Margaret Thatcher', { email: 'mt@example.com', name: 'Margaret Thatcher' })).toMatch(/your e-mail address or name/);
    expect(passwordPolicyProblem('FSR Portal 2026!')).toMatch(/name of the portal/);
    expect(passwordPolicyProblem('janesmith likes tea', { email: 'jane.smith@example.com' })).toBeNull();
  });
});
