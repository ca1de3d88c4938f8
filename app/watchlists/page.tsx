import type { Metadata } from 'next';
import { CreateWatchlistForm } from '@/components/watch/create-watchlist-form';
import { WatchlistsTable } from '@/components/watch/watchlists-table';
import { hasRole } from '@/lib/auth/roles';
import { requireUser } from '@/lib/auth/session';
import { watchlistsStore } from '@/lib/watchlists/watchlists-store';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Watchlists' };

/**
 * /watchlists: the organisation's shared watchlists of firms, individuals and funds, which the
 * portal re-checks every night and on demand. Analysts and admins create lists; everyone reads.
 */
export default async function WatchlistsPage() {
  const user = await requireUser();
  const lists = await watchlistsStore.listWatchlists();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Watchlists"
        description={
          <>
            Firms, individuals and funds the portal re-checks on the register after its evening update, and on demand. Each check is stored with its SHA-256; what changed since the
            previous check becomes a change to acknowledge, escalate or mark expected.
          </>
        }
      />
      <WatchlistsTable lists={lists} />
      {hasRole(user.role, 'analyst') ? <CreateWatchlistForm /> : <p className="text-sm text-slate-700">Analysts and administrators create and manage lists.</p>}
    </div>
  );
}
