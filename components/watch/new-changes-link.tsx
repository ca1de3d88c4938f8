import Link from 'next/link';
import { NAV_LINK } from '@/components/layout/nav-link';
import { getSessionUser } from '@/lib/auth/session';
import { watchStore } from '@/lib/watch/watch-store';
import { changesPath } from '@/lib/routes/portal-paths';
import { log } from '@/lib/runtime/logger';

/** The header's "Changes" link with how many are new, in words (not a coloured dot). */
export async function NewChangesLink() {
  const user = await getSessionUser();
  if (!user) return null;
  let count: number | null = null;
  try {
    count = await watchStore.countNewChanges();
  } catch (err) {
    // The header must not take every page down with it: the inbox itself reports the failure.
    log.error({ err }, '[header] counting new changes failed');
  }
  return (
    <Link href={changesPath({ state: 'new' })} className={NAV_LINK} data-testid="new-changes-link">
      Changes
      {count !== null && count > 0 ? (
        <>
          {' '}
          <span className="rounded border border-brand-700 px-1 text-xs font-semibold text-brand-800">{count.toLocaleString('en-GB')} new</span>
        </>
      ) : null}
    </Link>
  );
}
