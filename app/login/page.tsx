import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { safeCallbackPath } from '@/lib/auth/callback-url';
import { authConfig } from '@/lib/auth/options';
import { getSessionUser } from '@/lib/auth/session';
import { signInErrorMessage } from '@/lib/auth/sign-in-errors';
import { runtimePath } from '@/lib/routes/portal-paths';
import { SignInForm } from './sign-in-form';
import { StaleHeaderReload } from './stale-header-reload';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Sign in' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

// Public: the one page an anonymous visitor may see. Someone already signed in goes straight on.
export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackPath = safeCallbackPath(first(params.callbackUrl));
  if (await getSessionUser()) redirect(runtimePath(callbackPath));

  const config = authConfig();
  const providers = config.sso.map((p) => ({ id: p.id, name: p.name }));
  return (
    <div className="mx-auto w-full max-w-md py-6">
      <PageHeader title="Sign in to FSR Portal" />
      <p className="mt-2 text-sm text-slate-600">The portal is for staff only. Every search and record you open is logged against your name.</p>
      <StaleHeaderReload />
      <SignInForm localAccounts={config.localAccounts} providers={providers} callbackPath={callbackPath} initialError={signInErrorMessage(first(params.error))} />
    </div>
  );
}
