// Sign-in failures travel as short codes (next-auth puts them in `?error=` or in signIn()'s
// result); only these codes are ever turned into text, so nothing an attacker writes into a link
// is shown on the sign-in page. Shared by the server (which throws them) and the login form.

export const SIGN_IN_ERROR = {
  missingCredentials: 'missing-credentials',
  accountDisabled: 'account-disabled',
  throttledAccount: 'throttled-account',
  slowedAddress: 'slowed-address',
  slowedAccount: 'slowed-account',
  sessionEnded: 'session-ended',
  unavailable: 'sign-in-unavailable',
  twoFactorRequired: 'two-factor-required',
  twoFactorInvalid: 'two-factor-invalid',
} as const;

/**
 * The code for a throttle verdict (lib/auth/throttle.ts): a lock of this account from this address
 * carries its wait in minutes, a slowed address or account its delay in seconds.
 */
export function throttledCode(verdict: { scope: 'pair' | 'address' | 'account'; retryAfterMs: number }): string {
  if (verdict.scope === 'pair') return `${SIGN_IN_ERROR.throttledAccount}:${Math.max(1, Math.ceil(verdict.retryAfterMs / 60_000))}`;
  const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
  return `${verdict.scope === 'address' ? SIGN_IN_ERROR.slowedAddress : SIGN_IN_ERROR.slowedAccount}:${seconds}`;
}

function minutes(n: number): string {
  return n === 1 ? '1 minute' : `${n} minutes`;
}

function seconds(n: number): string {
  return n === 1 ? '1 second' : `${n} seconds`;
}

export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  const [kind, arg] = code.split(':', 2);
  const n = Number(arg);
  const wait = Number.isInteger(n) && n > 0 && n <= 24 * 60 ? n : null;
  const delay = Number.isInteger(n) && n > 0 && n <= 3600 ? n : null;
  switch (kind) {
    case 'CredentialsSignin':
      return 'The e-mail address or password is not right. Check both and try again.';
    case SIGN_IN_ERROR.missingCredentials:
      return 'Enter your e-mail address and your password.';
    case SIGN_IN_ERROR.accountDisabled:
      return 'This account is disabled. Ask a portal administrator to re-enable it.';
    case SIGN_IN_ERROR.throttledAccount:
      return `Too many failed sign-in attempts for this account from your network address. Try again in ${wait ? minutes(wait) : 'a few minutes'}.`;
    case SIGN_IN_ERROR.slowedAddress:
      return `Many sign-in attempts have failed from your network address, so each try from it must wait. Try again in ${delay ? seconds(delay) : 'a minute'}.`;
    case SIGN_IN_ERROR.slowedAccount:
      return `Many sign-in attempts at this account have failed, so each try from a new place must wait. Try again in ${delay ? seconds(delay) : 'a minute'}.`;
    case SIGN_IN_ERROR.unavailable:
      return 'Signing in is not possible just now: the portal cannot reach its database. Try again in a minute; if it persists, tell a portal administrator.';
    case SIGN_IN_ERROR.twoFactorRequired:
      return 'Enter the six-digit code from your authenticator app, or one of your recovery codes.';
    case SIGN_IN_ERROR.twoFactorInvalid:
      return 'That code is not right, has expired or was used already. Enter the current code from your authenticator app, or an unused recovery code.';
    case SIGN_IN_ERROR.sessionEnded:
      return 'Your session has ended. Sign in again to continue.';
    case 'AccessDenied':
      return 'Your single sign-on account may not use the portal: it is disabled, not invited, its e-mail address is unverified, or the address belongs to a portal account that signs in another way (with a password, or another provider). Ask a portal administrator.';
    case 'SessionRequired':
      return 'Sign in to continue.';
    case 'OAuthSignin':
    case 'OAuthCallback':
    case 'OAuthCreateAccount':
    case 'OAuthAccountNotLinked':
    case 'Callback':
      return 'Single sign-on did not complete. Try again; if it keeps failing, tell a portal administrator.';
    default:
      return 'Sign-in failed. Try again.';
  }
}
