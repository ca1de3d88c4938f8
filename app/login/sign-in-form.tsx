'use client';

import { signIn } from 'next-auth/react';
import { type FormEvent, useRef, useState } from 'react';
import { SIGN_IN_ERROR, signInErrorMessage } from '@/lib/auth/sign-in-errors';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

export interface SignInProvider {
  id: string;
  name: string;
}

interface Props {
  localAccounts: boolean;
  providers: SignInProvider[];
  /** Already checked on the server to be a path on this site. */
  callbackPath: string;
  initialError: string | null;
}

export function SignInForm({ localAccounts, providers, callbackPath, initialError }: Props) {
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // Second step for accounts with two-factor sign-in: the password is kept in memory only until
  // the code is sent with it (the server checks both together; nothing is stored in between).
  const [secondStep, setSecondStep] = useState<{ email: string; password: string } | null>(null);
  const errorId = 'sign-in-error';

  async function submitCredentials(credentials: { email: string; password: string; code?: string }) {
    setPending('credentials');
    setError(null);
    try {
      const result = await signIn('credentials', { redirect: false, ...credentials, callbackUrl: callbackPath });
      if (result?.ok && !result.error) {
        // A full navigation, so the server renders the page with the new session.
        window.location.assign(callbackPath);
        return;
      }
      const code = result?.error ?? 'CredentialsSignin';
      if (code === SIGN_IN_ERROR.twoFactorRequired || code === SIGN_IN_ERROR.twoFactorInvalid) {
        setSecondStep({ email: credentials.email, password: credentials.password });
        setError(signInErrorMessage(code));
        setPending(null);
        if (codeRef.current) {
          codeRef.current.value = '';
          codeRef.current.focus();
        }
        return;
      }
      // Anything else (throttled, disabled, a wrong password) starts again from the first step.
      setSecondStep(null);
      setError(signInErrorMessage(code));
    } catch {
      setError('The portal could not be reached. Check your connection and try again.');
    }
    setPending(null);
    if (passwordRef.current) {
      passwordRef.current.value = '';
      passwordRef.current.focus();
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await submitCredentials({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
  }

  async function onSubmitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!secondStep) return;
    const form = new FormData(event.currentTarget);
    await submitCredentials({ ...secondStep, code: String(form.get('code') ?? '') });
  }

  async function onSso(providerId: string) {
    setPending(providerId);
    setError(null);
    try {
      await signIn(providerId, { callbackUrl: callbackPath });
    } catch {
      setError('The portal could not be reached. Check your connection and try again.');
      setPending(null);
    }
  }

  const busy = pending !== null;
  return (
    <div className="mt-6 space-y-6">
      {/* Always in the page so screen readers announce a message when it appears. */}
      <div id={errorId} role="alert" aria-live="assertive" aria-atomic="true">
        {error ? <p className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">{error}</p> : null}
      </div>

      {localAccounts && secondStep ? (
        <form onSubmit={onSubmitCode} aria-label="Two-factor sign-in" className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-sm text-slate-700">
            Signing in as <span className="font-medium text-slate-900">{secondStep.email}</span>.
          </p>
          <Field id="sign-in-code" label="Authentication code" hint="The six-digit code from your authenticator app, or a recovery code.">
            <Input
              ref={codeRef}
              name="code"
              type="text"
              required
              autoComplete="one-time-code"
              autoFocus
              maxLength={24}
              aria-invalid={error && error !== signInErrorMessage(SIGN_IN_ERROR.twoFactorRequired) ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="w-full"
            />
          </Field>
          <Button type="submit" variant="primary" disabled={busy} aria-disabled={busy} className="w-full">
            {pending === 'credentials' ? 'Checking…' : 'Verify and sign in'}
          </Button>
          <Button
            onClick={() => {
              setSecondStep(null);
              setError(null);
            }}
            disabled={busy}
            className="w-full"
          >
            Start again with another account
          </Button>
        </form>
      ) : null}

      {localAccounts && !secondStep ? (
        <form onSubmit={onSubmit} aria-label="Sign in with a portal account" className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <Field id="sign-in-email" label="E-mail address">
            <Input
              name="email"
              type="email"
              required
              autoComplete="username"
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="w-full"
            />
          </Field>
          <Field id="sign-in-password" label="Password">
            <Input
              ref={passwordRef}
              name="password"
              type="password"
              required
              autoComplete="current-password"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="w-full"
            />
          </Field>
          <Button type="submit" variant="primary" disabled={busy} aria-disabled={busy} className="w-full">
            {pending === 'credentials' ? 'Signing in…' : 'Sign in'}
          </Button>
        </form>
      ) : null}

      {providers.length > 0 ? (
        <section aria-labelledby="sso-heading" className="space-y-3">
          <h2 id="sso-heading" className="text-sm font-semibold text-slate-700">
            {localAccounts ? 'Or sign in with your organisation account' : 'Sign in with your organisation account'}
          </h2>
          <ul className="space-y-2">
            {providers.map((p) => (
              <li key={p.id}>
                <Button onClick={() => onSso(p.id)} disabled={busy} aria-disabled={busy} className="w-full">
                  {pending === p.id ? `Redirecting to ${p.name}…` : `Sign in with ${p.name}`}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <noscript>
        <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Signing in needs JavaScript. Turn it on for this site and reload the page.
        </p>
      </noscript>
    </div>
  );
}
