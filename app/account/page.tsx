import type { Metadata } from 'next';
import { DataTable } from '@/components/tables/data-table';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { requireUser } from '@/lib/auth/session';
import { browserLabel } from './browser-label';
import { ChangePasswordForm } from './change-password-form';
import { EndOtherSessionsForm } from './end-other-sessions-form';
import { EndSessionButton } from './end-session-button';
import { panelClass } from './form-styles';
import { authStore } from '@/lib/auth/auth-store';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

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
      <PageHeader
        title="Your account"
        description={
          <>
            {user.name} · {user.email} · {ROLE_LABELS[user.role]} · {local ? 'signs in with a portal password' : 'signs in with your organisation’s single sign-on'}
          </>
        }
      />

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
          <TextLink href="/account/two-factor" weight="medium" className="text-sm">
            {twoFactorOn ? 'Manage two-factor sign-in' : 'Set up two-factor sign-in'}
          </TextLink>
        </section>
      ) : null}

      <section aria-labelledby="sessions-heading" className={panelClass}>
        <h2 id="sessions-heading" className="text-lg font-semibold">
          Where you are signed in
        </h2>
        <DataTable
          id="sessions-table"
          caption={`Your sessions (${sessions.length})`}
          captionHidden
          filterable={false}
          emptyText="No sessions are recorded for this account (sessions started before this list existed are not shown)."
          rows={sessions}
          rowKey={(s) => s.handle}
          rowProps={(s) => ({ 'data-testid': s.current ? 'session-current' : 'session-other' })}
          columns={[
            {
              header: 'Browser',
              rowHeader: true,
              className: 'font-normal',
              cell: (s) => (
                <>
                  <span title={s.userAgent ?? undefined}>{browserLabel(s.userAgent)}</span>
                  {s.current ? <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs font-medium text-green-900">This session</span> : null}
                </>
              ),
            },
            { header: 'Signed in', cell: (s) => <When iso={s.createdAt} /> },
            { header: 'Last active', cell: (s) => <When iso={s.lastSeenAt} /> },
            { header: 'Network address', cell: (s) => s.address ?? 'Unknown' },
            {
              header: 'Action',
              cell: (s) =>
                s.current ? 'Use Sign out' : <EndSessionButton handle={s.handle} label={`${browserLabel(s.userAgent)}, signed in ${dateTime.format(new Date(s.createdAt))}`} />,
            },
          ]}
        />
        <p className="text-sm text-slate-700">
          {others.length === 0 ? 'You are signed in nowhere else.' : `You are signed in ${others.length === 1 ? 'once' : `${others.length} times`} elsewhere.`} Ending all other
          sessions also ends any the list cannot show.
        </p>
        <EndOtherSessionsForm />
      </section>
    </div>
  );
}
