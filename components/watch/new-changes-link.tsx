import Link from 'next/link';
import { getSessionUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { countNewChanges } from '@/lib/db/queries/watch-changes';
import { changesPath } from '@/lib/routes/portal-paths';
import { log } from '@/lib/runtime/logger';

/** The header's "Changes" link with how many are new, in words (not a coloured dot). */
export async function NewChangesLink() {
  const user = await getSessionUser();
  if (!user) return null;
  let count: number | null = null;
  try {
    count = await countNewChanges(await getDb());
  } catch (err) {
    // The header must not take every page down with it: the inbox itself reports the failure.
    log.error({ err }, '[header] counting new changes failed');
  }
  return (
    <Link href={changesPath({ state: 'new' })} className="text-slate-700 underline-offset-4 hover:underline" data-testid="new-changes-link">
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
