import { describe, expect, it } from 'vitest';
import { signInErrorMessage, throttledCode } from './sign-in-errors';

describe('signInErrorMessage', () => {
  it('explains a lock of this account from this address in minutes, and a slowed address or account in seconds', () => {
    expect(signInErrorMessage(throttledCode({ scope: 'pair', retryAfterMs: 11.5 * 60_000 }))).toBe(
      'Too many failed sign-in attempts for this account from your network address. Try again in 12 minutes.',
    );
    expect(signInErrorMessage(throttledCode({ scope: 'pair', retryAfterMs: 1000 }))).toBe(
      'Too many failed sign-in attempts for this account from your network address. Try again in 1 minute.',
    );
    expect(signInErrorMessage(throttledCode({ scope: 'address', retryAfterMs: 3_200 }))).toBe(
      'Many sign-in attempts have failed from your network address, so each try from it must wait. Try again in 4 seconds.',
    );
    expect(signInErrorMessage(throttledCode({ scope: 'account', retryAfterMs: 1_000 }))).toBe(
      'Many sign-in attempts at this account have failed, so each try from a new place must wait. Try again in 1 second.',
    );
  });
  it('gives specific messages for known codes', () => {
    expect(signInErrorMessage('CredentialsSignin')).toMatch(/e-mail address or password is not right/);
    expect(signInErrorMessage('account-disabled')).toMatch(/disabled/);
    expect(signInErrorMessage('OAuthCallback')).toMatch(/Single sign-on did not complete/);
    expect(signInErrorMessage('session-ended')).toMatch(/session has ended/);
  });
  it('never echoes text from the link', () => {
    expect(signInErrorMessage('Your account is locked, call +44 0000')).toBe('Sign-in failed. Try again.');
    expect(signInErrorMessage('throttled-account:<script>')).toBe('Too many failed sign-in attempts for this account from your network address. Try again in a few minutes.');
    expect(signInErrorMessage('slowed-address:99999')).toBe('Many sign-in attempts have failed from your network address, so each try from it must wait. Try again in a minute.');
    expect(signInErrorMessage(null)).toBeNull();
  });
});

describe('an unavailable database', () => {
  it('is explained without internal detail', () => {
    expect(signInErrorMessage('sign-in-unavailable')).toBe(
      'Signing in is not possible just now: the portal cannot reach its database. Try again in a minute; if it persists, tell a portal administrator.',
    );
  });
});
