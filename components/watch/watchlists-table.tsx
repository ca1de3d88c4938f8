import { DataTable } from '@/components/tables/data-table';
import type { WatchlistSummary } from '@/lib/watchlists/watchlists-store';
import { formatDateTime } from '@/lib/format/date';
import { changesPath, watchlistPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

/** Every watchlist: what it holds, whose it is, and how many of its changes are open. */
export function WatchlistsTable({ lists }: { lists: WatchlistSummary[] }) {
  return (
    <DataTable
      id="watchlists"
      caption="Watchlists"
      captionExtra={`${lists.length.toLocaleString('en-GB')} ${lists.length === 1 ? 'list' : 'lists'}`}
      rows={lists}
      rowKey={(l) => l.id}
      emptyText="No watchlists yet."
      columns={[
        {
          header: 'List',
          rowHeader: true,
          cell: (l) => (
            <span className="flex flex-col">
              <TextLink href={watchlistPath(l.id)} weight="medium">
                {l.name}
              </TextLink>
              {l.description ? <span className="text-slate-700">{l.description}</span> : null}
            </span>
          ),
        },
        { header: 'Case reference', cell: (l) => l.caseReference ?? '—' },
        { header: 'Records', className: 'text-right tabular-nums', cell: (l) => l.entryCount.toLocaleString('en-GB') },
        {
          header: 'Open changes',
          className: 'text-right tabular-nums',
          cell: (l) => (l.openChanges > 0 ? <TextLink href={changesPath({ list: l.id })}>{l.openChanges.toLocaleString('en-GB')} open</TextLink> : 'None'),
        },
        { header: 'Owner', cell: (l) => l.ownerEmail },
        { header: 'Updated', className: 'whitespace-nowrap', cell: (l) => <time dateTime={l.updatedAt}>{formatDateTime(l.updatedAt)}</time> },
      ]}
    />
  );
}
