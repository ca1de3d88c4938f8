import Link from 'next/link';
import { AccountMenu } from '@/components/layout/header-menus';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { getSessionUser } from '@/lib/auth/session';
import { SessionGuard } from './session-guard';
import { SignOutButton } from './sign-out-button';

const MENU_LINK = 'block px-3 py-1.5 text-slate-800 underline-offset-4 hover:bg-slate-100 hover:underline';

/**
 * For the site header: who is signed in and their role, said once on the account menu's button
 * (nothing when signed out, e.g. on /login). The menu holds their own account (password,
 * sessions, two-factor), for admins the administration pages (users, API tokens, audit log,
 * notifications), and sign-out. With it, the session guard (`session-guard.tsx`).
 */
export async function SignedInUser() {
  const user = await getSessionUser();
  if (!user) return null;
  // The first administrator is named after the role ("Administrator"): the role is said beside the
  // name, so such an account is named by its e-mail address instead of the same word twice.
  const role = ROLE_LABELS[user.role];
  const name = !user.name?.trim() || user.name.trim().toLowerCase() === role.toLowerCase() ? user.email : user.name;
  return (
    <>
      {/* Keeps what is typed in a form when the session has ended by the time it is sent. */}
      <SessionGuard />
      <AccountMenu
        label={
          <span className="flex min-w-0 items-center gap-1.5">
            <span className="sr-only">Signed in as </span>
            <span className="max-w-32 truncate font-medium text-slate-900">{name}</span>
            <span className="sr-only">, </span>
            <span className="rounded bg-slate-100 px-1 py-0.5 text-xs font-medium text-slate-700" data-testid="signed-in-role">
              {role}
            </span>
          </span>
        }
      >
        <ul>
          <li>
            <Link href="/account" className={MENU_LINK}>
              Your account
            </Link>
          </li>
        </ul>
        {user.role === 'admin' ? (
          <div className="mt-1 border-t border-slate-200 pt-1">
            <p id="admin-menu-heading" className="px-3 pt-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              Administration
            </p>
            <ul aria-labelledby="admin-menu-heading">
              <li>
                <Link href="/admin/users" className={MENU_LINK}>
                  Users
                </Link>
              </li>
              <li>
                <Link href="/admin/tokens" className={MENU_LINK}>
                  API tokens
                </Link>
              </li>
              <li>
                <Link href="/admin/audit" className={MENU_LINK}>
                  Audit log
                </Link>
              </li>
              <li>
                <Link href="/admin/notifications" className={MENU_LINK}>
                  Notifications
                </Link>
              </li>
            </ul>
          </div>
        ) : null}
        <div className="mt-1 border-t border-slate-200 px-3 pt-2 pb-1">
          <SignOutButton />
        </div>
      </AccountMenu>
    </>
  );
}
