import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AddEntriesForms } from '@/components/watch/add-entries-forms';
import { CheckNow } from '@/components/watch/check-now';
import { CycleCost } from '@/components/watch/cycle-cost';
import { EntriesTable } from '@/components/watch/entries-table';
import { SectionsForm } from '@/components/watch/sections-form';
import { WatchlistSettingsForm } from '@/components/watch/watchlist-settings-form';
import { hasRole } from '@/lib/auth/roles';
import { requireUser } from '@/lib/auth/session';
import { watchlistsStore } from '@/lib/watchlists/watchlists-store';
import { formatDateTime } from '@/lib/format/date';
import { changesPath, WATCHLISTS_PATH } from '@/lib/routes/portal-paths';
import { listCycleCosts } from '@/lib/watchlists/list-cycle-cost';
import { ENTITY_KINDS, watchableSections } from '@/lib/watchlists/sections-choice';
import { isWatchlistId } from '@/lib/watchlists/ids';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

type Props = { params: Promise<{ id: string }> };

async function load(rawId: string) {
  if (!isWatchlistId(rawId)) return null;
  return watchlistsStore.getWatchlist(rawId);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const list = await load((await params).id);
  return { title: list ? `Watchlist: ${list.name}` : 'Watchlist not found' };
}

/**
 * /watchlists/[id]: one list's records with their latest check and open changes; adding (paste,
 * CSV), removing, the sections watched per kind, "Check now" with its progress, and what a cycle
 * over the list costs in register requests and time.
 */
export default async function WatchlistPage({ params }: Props) {
  const user = await requireUser();
  const list = await load((await params).id);
  if (!list) notFound();
  const [entries, runningCycleId, cost] = await Promise.all([
    watchlistsStore.listWatchlistEntries(list.id),
    watchlistsStore.runningCycleForList(list.id),
    listCycleCosts.listCycleCost(list.id),
  ]);
  const canManage = hasRole(user.role, 'analyst');
  const available = Object.fromEntries(ENTITY_KINDS.map((k) => [k, watchableSections(k)])) as Parameters<typeof SectionsForm>[0]['available'];
  const open = entries.reduce((n, e) => n + e.openChanges, 0);
  return (
    <div className="space-y-8">
      <PageHeader caption={<TextLink href={WATCHLISTS_PATH}>Watchlists</TextLink>} title={list.name} description={list.description ?? undefined}>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1.5">
            <dt className="font-medium text-slate-600">Owner</dt>
            <dd>{list.ownerEmail}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="font-medium text-slate-600">Case reference</dt>
            <dd>{list.caseReference ?? 'None'}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="font-medium text-slate-600">Created</dt>
            <dd>
              <time dateTime={list.createdAt}>{formatDateTime(list.createdAt)}</time>
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="font-medium text-slate-600">Open changes</dt>
            <dd>{open > 0 ? <TextLink href={changesPath({ list: list.id })}>{open} open</TextLink> : 'None'}</dd>
          </div>
        </dl>
      </PageHeader>

      <section aria-labelledby="check-heading" className="space-y-3">
        <h2 id="check-heading" className="text-lg font-semibold">
          Checking
        </h2>
        <CycleCost cost={cost} />
        <CheckNow watchlistId={list.id} runningCycleId={runningCycleId} canManage={canManage} />
      </section>

      <section aria-labelledby="entries-heading" className="space-y-3">
        <h2 id="entries-heading" className="sr-only">
          Records
        </h2>
        <EntriesTable watchlistId={list.id} entries={entries} canManage={canManage} />
      </section>

      {canManage ? (
        <section aria-labelledby="add-heading" className="space-y-3">
          <h2 id="add-heading" className="text-lg font-semibold">
            Add records
          </h2>
          <AddEntriesForms watchlistId={list.id} />
        </section>
      ) : null}

      <section aria-labelledby="sections-heading" className="space-y-3">
        <h2 id="sections-heading" className="text-lg font-semibold">
          Sections watched
        </h2>
        <SectionsForm watchlistId={list.id} available={available} chosen={list.sections} canManage={canManage} />
      </section>

      {canManage ? (
        <section aria-labelledby="settings-heading" className="space-y-3">
          <h2 id="settings-heading" className="text-lg font-semibold">
            List settings
          </h2>
          <WatchlistSettingsForm watchlistId={list.id} name={list.name} description={list.description} caseReference={list.caseReference} />
        </section>
      ) : null}
    </div>
  );
}
