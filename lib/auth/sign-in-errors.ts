// Sign-in failures travel as short codes (next-auth puts them in `?error=` or in signIn()'s
// result); only these codes are ever turned into text, so nothing an attacker writes into a link
// is shown on the sign-in page. Shared by the server (which throws them) and the login form.

export const SIGN_IN_ERROR = {
  missingCredentials: 'missing-credentials',
  accountDisabled: 'account-disabled',
  throttledAccount: 'throttled-account',
  throttledAddress: 'throttled-address',
  sessionEnded: 'session-ended',
  unavailable: 'sign-in-unavailable',
  twoFactorRequired: 'two-factor-required',
  twoFactorInvalid: 'two-factor-invalid',
} as const;

export function throttledCode(scope: 'account' | 'address', minutes: number): string {
  return `${scope === 'account' ? SIGN_IN_ERROR.throttledAccount : SIGN_IN_ERROR.throttledAddress}:${minutes}`;
}

function minutes(n: number): string {
  return n === 1 ? '1 minute' : `${n} minutes`;
}

export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  const [kind, arg] = code.split(':', 2);
  const n = Number(arg);
  const wait = Number.isInteger(n) && n > 0 && n <= 24 * 60 ? n : null;
  switch (kind) {
    case 'CredentialsSignin':
      return 'The e-mail address or password is not right. Check both and try again.';
    case SIGN_IN_ERROR.missingCredentials:
      return 'Enter your e-mail address and your password.';
    case SIGN_IN_ERROR.accountDisabled:
      return 'This account is disabled. Ask a portal administrator to re-enable it.';
    case SIGN_IN_ERROR.throttledAccount:
      return `Too many sign-in attempts for this account. Try again in ${wait ? minutes(wait) : 'a few minutes'}.`;
    case SIGN_IN_ERROR.throttledAddress:
      return `Too many sign-in attempts from your network address. Try again in ${wait ? minutes(wait) : 'a few minutes'}.`;
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
