import { hasRole } from '@/lib/auth/roles';
import { getSessionUser } from '@/lib/auth/session';
import { watchlistsStore } from '@/lib/watchlists/watchlists-store';
import type { EntityKind } from '@/lib/db/schema';
import { entityHistoryPath, WATCHLISTS_PATH, watchlistPath } from '@/lib/routes/portal-paths';
import { WatchForm } from './watch-form';
import { TextLink } from '@/components/ui/text-link';

/**
 * On a firm's, individual's or fund's page: the lists that watch it, and (for analysts and
 * admins) "Watch" to add it to another. Not printed.
 */
export async function WatchControl({ kind, refNumber, name }: { kind: EntityKind; refNumber: string; name: string | null }) {
  const user = await getSessionUser();
  if (!user) return null;
  const [watching, all] = await Promise.all([watchlistsStore.watchlistsWithEntity({ kind, ref: refNumber }), watchlistsStore.watchlistNames()]);
  const on = new Set(watching.map((l) => l.id));
  const others = all.filter((l) => !on.has(l.id));
  const canManage = hasRole(user.role, 'analyst');
  return (
    <section
      aria-label="Watchlists"
      className="no-print flex flex-wrap items-center gap-x-4 gap-y-2 rounded border border-slate-200 bg-white px-3 py-2 text-sm"
      data-testid="watch-control"
    >
      <p>
        {watching.length === 0 ? (
          'Not on any watchlist.'
        ) : (
          <>
            Watched on{' '}
            {watching.map((l, i) => (
              <span key={l.id}>
                {i > 0 ? ', ' : ''}
                <TextLink href={watchlistPath(l.id)}>{l.name}</TextLink>
              </span>
            ))}
            . <TextLink href={entityHistoryPath(kind, refNumber)}>History</TextLink>
          </>
        )}
      </p>
      {canManage && all.length > 0 ? <WatchForm kind={kind} refNumber={refNumber} name={name} lists={others} /> : null}
      {canManage && all.length === 0 ? <TextLink href={WATCHLISTS_PATH}>Create a watchlist to watch this record</TextLink> : null}
    </section>
  );
}
