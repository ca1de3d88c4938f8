import type { Metadata } from 'next';
import Link from 'next/link';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { requireUser } from '@/lib/auth/session';
import { browserLabel } from './browser-label';
import { ChangePasswordForm } from './change-password-form';
import { EndOtherSessionsForm } from './end-other-sessions-form';
import { EndSessionButton } from './end-session-button';
import { panelClass } from './form-styles';
import { authStore } from '@/lib/auth/auth-store';

export const metadata: Metadata = { title: 'Your account' };

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{dateTime.format(new Date(iso))}</time>;
}

export default async function AccountPage() {
  const sessionUser = await requireUser();
  const user = await authStore.findUserById(sessionUser.id);
  if (!user) throw new Error('The signed-in account was not found.');
  const local = user.authProvider === 'local';
  const [sessions, twoFactorOn] = await Promise.all([
    authStore.listOwnSessions(user, sessionUser.sessionHandle ?? null),
    local ? authStore.hasTwoFactor(user.id) : Promise.resolve(false),
  ]);
  const others = sessions.filter((s) => !s.current);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Your account</h1>
        <p className="mt-1 text-sm text-slate-700">
          {user.name} · {user.email} · {ROLE_LABELS[user.role]} · {local ? 'signs in with a portal password' : 'signs in with your organisation’s single sign-on'}
        </p>
      </div>

      {local ? (
        <ChangePasswordForm />
      ) : (
        <section aria-labelledby="password-heading" className={panelClass}>
          <h2 id="password-heading" className="text-lg font-semibold">
            Password and two-factor sign-in
          </h2>
          <p className="text-sm text-slate-700">You sign in with your organisation’s account: its password and its two-factor sign-in are managed there, not in the portal.</p>
        </section>
      )}

      {local ? (
        <section aria-labelledby="two-factor-heading" className={panelClass}>
          <h2 id="two-factor-heading" className="text-lg font-semibold">
            Two-factor sign-in
          </h2>
          <p className="text-sm text-slate-700" data-testid="two-factor-status">
            {twoFactorOn ? 'On: signing in needs a code from your authenticator app as well as your password.' : 'Off: signing in needs only your password.'}
          </p>
          <Link href="/account/two-factor" className="text-sm font-medium text-brand-800 underline underline-offset-4">
            {twoFactorOn ? 'Manage two-factor sign-in' : 'Set up two-factor sign-in'}
          </Link>
        </section>
      ) : null}

      <section aria-labelledby="sessions-heading" className={panelClass}>
        <h2 id="sessions-heading" className="text-lg font-semibold">
          Where you are signed in
        </h2>
        <div className="relative overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Your sessions ({sessions.length})</caption>
            <thead className="bg-slate-50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Browser
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Signed in
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Last active
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Network address
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Action
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {sessions.map((s) => {
                const label = `${browserLabel(s.userAgent)}, signed in ${dateTime.format(new Date(s.createdAt))}`;
                return (
                  <tr key={s.handle} data-testid={s.current ? 'session-current' : 'session-other'}>
                    <th scope="row" className="px-3 py-2 text-left font-normal" title={s.userAgent ?? undefined}>
                      {browserLabel(s.userAgent)}
                      {s.current ? <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs font-medium text-green-900">This session</span> : null}
                    </th>
                    <td className="px-3 py-2">
                      <When iso={s.createdAt} />
                    </td>
                    <td className="px-3 py-2">
                      <When iso={s.lastSeenAt} />
                    </td>
                    <td className="px-3 py-2">{s.address ?? 'Unknown'}</td>
                    <td className="px-3 py-2">{s.current ? 'Use Sign out' : <EndSessionButton handle={s.handle} label={label} />}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {sessions.length === 0 ? (
          <p className="text-sm text-slate-700">No sessions are recorded for this account (sessions started before this list existed are not shown).</p>
        ) : null}
        <p className="text-sm text-slate-700">
          {others.length === 0 ? 'You are signed in nowhere else.' : `You are signed in ${others.length === 1 ? 'once' : `${others.length} times`} elsewhere.`} Ending all other
          sessions also ends any the list cannot show.
        </p>
        <EndOtherSessionsForm />
      </section>
    </div>
  );
}
