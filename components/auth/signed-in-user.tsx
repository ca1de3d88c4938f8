import Link from 'next/link';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { getSessionUser } from '@/lib/auth/session';
import { SignOutButton } from './sign-out-button';

/**
 * For the site header: who is signed in, their role, and sign-out (nothing when signed out, e.g.
 * on /login), a link to their own account (password, sessions, two-factor). Admins also get
 * links to user administration, API tokens and the audit log.
 */
export async function SignedInUser() {
  const user = await getSessionUser();
  if (!user) return null;
  return (
    <div className="flex items-center gap-3 text-sm">
      <p className="text-slate-700">
        <span className="sr-only">Signed in as </span>
        <span className="font-medium text-slate-900">{user.name}</span>{' '}
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700" data-testid="signed-in-role">
          {ROLE_LABELS[user.role]}
        </span>
      </p>
      <Link href="/account" className="text-slate-700 underline-offset-4 hover:underline">
        Your account
      </Link>
      {user.role === 'admin' ? (
        <>
          <Link href="/admin/users" className="text-slate-700 underline-offset-4 hover:underline">
            Users
          </Link>
          <Link href="/admin/tokens" className="text-slate-700 underline-offset-4 hover:underline">
            API tokens
          </Link>
          <Link href="/admin/audit" className="text-slate-700 underline-offset-4 hover:underline">
            Audit log
          </Link>
          <Link href="/admin/notifications" className="text-slate-700 underline-offset-4 hover:underline">
            Notifications
          </Link>
        </>
      ) : null}
      <SignOutButton />
    </div>
  );
}
