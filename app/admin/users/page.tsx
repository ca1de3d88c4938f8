import type { Metadata } from 'next';
import { authConfig } from '@/lib/auth/options';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { requireRole } from '@/lib/auth/session';
import { DataTable } from '@/components/tables/data-table';
import { CreateUserForm } from './create-user-form';
import { TwoFactorRequirementForm } from './two-factor-requirement-form';
import { UserRowActions } from './user-row-actions';
import { authStore } from '@/lib/auth/auth-store';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Users' };

const PROVIDER_LABELS: Record<string, string> = {
  local: 'Portal password',
  sso: 'Single sign-on (invited, not yet signed in)',
  'azure-ad': 'Microsoft Entra ID',
  okta: 'Okta',
  oidc: 'Single sign-on (OIDC)',
};

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

export default async function AdminUsersPage() {
  const admin = await requireRole('admin');
  const [users, withTwoFactor, twoFactorRequired] = await Promise.all([authStore.listUsers(), authStore.usersWithTwoFactor(), authStore.isTwoFactorRequired()]);
  const localUsers = users.filter((u) => u.authProvider === 'local');
  const ssoAvailable = authConfig().sso.length > 0;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        description={
          <>
            Viewers look up and print; analysts also export; administrators also manage users and the audit log. Disabling a user, resetting a password or signing a user out
            everywhere ends their sessions within a minute.
          </>
        }
      />
      <CreateUserForm ssoAvailable={ssoAvailable} />
      <TwoFactorRequirementForm required={twoFactorRequired} local={localUsers.length} enrolled={localUsers.filter((u) => withTwoFactor.has(u.id)).length} />
      <DataTable
        id="users-table"
        caption={`Portal users (${users.length})`}
        captionHidden
        filterable={false}
        rows={users}
        rowKey={(u) => u.id}
        rowProps={(u) => ({ 'data-testid': `user-row-${u.email}`, className: u.disabled ? 'bg-slate-50 text-slate-600' : undefined })}
        columns={[
          {
            header: 'User',
            rowHeader: true,
            className: 'font-normal',
            cell: (u) => (
              <>
                <span className="block font-medium text-slate-900">{u.name}</span>
                <span className="block">{u.email}</span>
              </>
            ),
          },
          { header: 'Role', cell: (u) => ROLE_LABELS[u.role] },
          { header: 'Signs in with', cell: (u) => PROVIDER_LABELS[u.authProvider] ?? u.authProvider },
          { header: 'Two-factor', cell: (u) => (u.authProvider !== 'local' ? 'Identity provider’s' : withTwoFactor.has(u.id) ? 'On' : 'Off') },
          { header: 'Status', cell: (u) => (u.disabled ? 'Disabled' : 'Active') },
          { header: 'Last sign-in', cell: (u) => (u.lastSignInAt ? <time dateTime={u.lastSignInAt}>{dateTime.format(new Date(u.lastSignInAt))}</time> : 'Never') },
          {
            header: 'Actions',
            cell: (u) => (
              <UserRowActions
                user={{
                  id: u.id,
                  email: u.email,
                  role: u.role,
                  disabled: u.disabled,
                  hasLocalPassword: u.authProvider === 'local',
                  hasTwoFactor: withTwoFactor.has(u.id),
                }}
                isSelf={u.id === admin.id}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
