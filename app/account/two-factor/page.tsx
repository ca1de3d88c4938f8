import type { Metadata } from 'next';
import QRCode from 'qrcode';
import { safeCallbackPath } from '@/lib/auth/callback-url';
import { requireUser } from '@/lib/auth/session';
import { groupSecret, totpUri } from '@/lib/auth/totp';
import { runtimePath } from '@/lib/routes/portal-paths';
import { panelClass } from '../form-styles';
import { DisableForm } from './disable-form';
import { EnrolForm } from './enrol-form';
import { RegenerateCodesForm } from './regenerate-codes-form';
import { authStore } from '@/lib/auth/auth-store';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Two-factor sign-in' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

// Reachable while an administrator's requirement keeps the rest of the portal closed: this is
// where an un-enrolled local user is sent right after signing in.
export default async function TwoFactorPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser(undefined, { whileTwoFactorEnrolmentDue: true });
  const params = await searchParams;
  const next = runtimePath(safeCallbackPath(first(params.next)));

  if (user.provider !== 'credentials') {
    return (
      <div className="max-w-2xl space-y-4">
        <PageHeader title="Two-factor sign-in" />
        <p className="text-sm text-slate-700">
          You sign in with your organisation’s single sign-on, whose own two-factor sign-in applies. The portal has nothing to set up for you.
        </p>
      </div>
    );
  }

  const [enrolled, required] = await Promise.all([authStore.hasTwoFactor(user.id), authStore.isTwoFactorRequired()]);
  if (enrolled) {
    const remaining = await authStore.countUnusedRecoveryCodes(user.id);
    return (
      <div className="max-w-2xl space-y-6">
        <div>
          <PageHeader title="Two-factor sign-in" />
          <p className="mt-1 text-sm text-slate-700" data-testid="two-factor-status">
            On. You have {remaining} unused recovery {remaining === 1 ? 'code' : 'codes'}.
          </p>
          <TextLink href="/account" weight="medium" className="text-sm">
            Back to your account
          </TextLink>
        </div>
        <div className={panelClass}>
          <RegenerateCodesForm />
        </div>
        <div className={panelClass}>
          <DisableForm required={required} />
        </div>
      </div>
    );
  }

  const secret = await authStore.pendingEnrolmentSecret(user.id);
  if (!secret) throw new Error('Two-factor enrolment could not start: the account is already enrolled.');
  const svg = await QRCode.toString(totpUri(secret, user.email), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <PageHeader title="Set up two-factor sign-in" />
        {first(params.required) === '1' || required ? (
          <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900" data-testid="two-factor-required">
            An administrator requires two-factor sign-in for portal accounts. Set it up now to continue.
          </p>
        ) : null}
        <p className="mt-2 text-sm text-slate-700">
          Signing in will then need a six-digit code from an authenticator app on your phone (Microsoft Authenticator, Google Authenticator, 1Password, …) as well as your password.
        </p>
      </div>
      <div className={panelClass}>
        <h2 className="text-lg font-semibold">1. Add the portal to your authenticator app</h2>
        <p className="text-sm text-slate-700">Scan this QR code with the app:</p>
        {/* The SVG is generated on the server from our own otpauth URI: markup only, no script. */}
        <div
          role="img"
          aria-label="QR code for your authenticator app; the same key is written out below for typing"
          className="h-48 w-48 border border-slate-200 bg-white"
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        <p className="text-sm text-slate-700">Or type this key into the app (time-based, six digits):</p>
        <p>
          <code className="rounded bg-slate-100 px-2 py-1 font-mono text-base tracking-wide text-slate-900" data-testid="totp-secret">
            {groupSecret(secret)}
          </code>
        </p>
      </div>
      <div className={panelClass}>
        <EnrolForm next={next} />
      </div>
    </div>
  );
}
