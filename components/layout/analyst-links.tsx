import Link from 'next/link';
import { NAV_LINK } from '@/components/layout/nav-link';
import { hasRole } from '@/lib/auth/roles';
import { getSessionUser } from '@/lib/auth/session';
import { bulkPath } from '@/lib/routes/portal-paths';

/** The main navigation's links for analysts and admins (bulk checks); nothing for viewers. */
export async function AnalystLinks() {
  const user = await getSessionUser();
  if (!user || !hasRole(user.role, 'analyst')) return null;
  return (
    <Link href={bulkPath()} className={NAV_LINK}>
      Bulk checks
    </Link>
  );
}
