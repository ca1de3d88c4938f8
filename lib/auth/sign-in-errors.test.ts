import { describe, expect, it } from 'vitest';
import { signInErrorMessage, throttledCode } from './sign-in-errors';

describe('signInErrorMessage', () => {
  it('explains throttling with the wait in minutes', () => {
    expect(signInErrorMessage(throttledCode('account', 12))).toBe('Too many sign-in attempts for this account. Try again in 12 minutes.');
    expect(signInErrorMessage(throttledCode('account', 1))).toBe('Too many sign-in attempts for this account. Try again in 1 minute.');
    expect(signInErrorMessage(throttledCode('address', 3))).toBe('Too many sign-in attempts from your network address. Try again in 3 minutes.');
  });
  it('gives specific messages for known codes', () => {
    expect(signInErrorMessage('CredentialsSignin')).toMatch(/e-mail address or password is not right/);
    expect(signInErrorMessage('account-disabled')).toMatch(/disabled/);
    expect(signInErrorMessage('OAuthCallback')).toMatch(/Single sign-on did not complete/);
    expect(signInErrorMessage('session-ended')).toMatch(/session has ended/);
  });
  it('never echoes text from the link', () => {
    expect(signInErrorMessage('Your account is locked, call +44 0000')).toBe('Sign-in failed. Try again.');
    expect(signInErrorMessage('throttled-account:<script>')).toBe('Too many sign-in attempts for this account. Try again in a few minutes.');
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
