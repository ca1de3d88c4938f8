import type { Metadata } from 'next';
import { CreateWatchlistForm } from '@/components/watch/create-watchlist-form';
import { WatchlistsTable } from '@/components/watch/watchlists-table';
import { hasRole } from '@/lib/auth/roles';
import { requireUser } from '@/lib/auth/session';
import { watchlistsStore } from '@/lib/watchlists/watchlists-store';

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
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Watchlists</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          Firms, individuals and funds the portal re-checks on the register after its evening update, and on demand. Each check is stored with its SHA-256; what changed since the
          previous check becomes a change to acknowledge, escalate or mark expected.
        </p>
      </div>
      <WatchlistsTable lists={lists} />
      {hasRole(user.role, 'analyst') ? <CreateWatchlistForm /> : <p className="text-sm text-slate-700">Analysts and administrators create and manage lists.</p>}
    </div>
  );
}
