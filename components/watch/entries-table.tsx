import { DataTable } from '@/components/tables/data-table';
import type { WatchlistEntryRow } from '@/lib/watchlists/watchlists-store';
import { formatDateTime } from '@/lib/format/date';
import { changesPath, entityHistoryPath, entityPath, watchCheckPath } from '@/lib/routes/portal-paths';
import { KIND_LABELS } from '@/lib/watchlists/sections-choice';
import { StandingBadge } from '@/components/standing/standing-badge';
import { RemoveEntryButton } from './remove-entry-button';
import { CheckStatusTag } from './watch-tags';
import { TextLink } from '@/components/ui/text-link';

/** A list's records with their latest check (when, what it found, the standing it read) and their open changes. */
export function EntriesTable({ watchlistId, entries, canManage }: { watchlistId: string; entries: WatchlistEntryRow[]; canManage: boolean }) {
  return (
    <DataTable
      id="watchlist-entries"
      caption="Watched records"
      captionExtra={`${entries.length.toLocaleString('en-GB')} ${entries.length === 1 ? 'record' : 'records'}`}
      rows={entries}
      rowKey={(e) => `${e.kind}:${e.ref}`}
      emptyText="Nothing on this list yet: add numbers below, or use Watch on a firm, individual or fund page."
      columns={[
        {
          header: 'Record',
          rowHeader: true,
          cell: (e) => (
            <span className="flex flex-col">
              <TextLink href={entityPath(e.kind, e.ref)} weight="medium">
                {e.name ?? `${KIND_LABELS[e.kind].noun[0].toUpperCase()}${KIND_LABELS[e.kind].noun.slice(1)} ${e.ref}`}
              </TextLink>
              <span className="text-slate-700">
                {KIND_LABELS[e.kind].number} <span className="font-mono">{e.ref}</span>
              </span>
            </span>
          ),
        },
        {
          header: 'Status',
          cell: (e) => <CheckStatusTag status={e.latestCheck?.status ?? 'not-checked'} changeCount={e.latestCheck?.changeCount} />,
        },
        {
          header: 'Standing',
          cell: (e) =>
            e.latestCheck?.standing ? (
              <span className="flex flex-col gap-0.5" title={e.latestCheck.standing.reasons.map((r) => r.text).join(' ')}>
                <StandingBadge standing={e.latestCheck.standing} />
                {e.latestCheck.standing.reasons[0] ? <span className="text-xs text-slate-700">{e.latestCheck.standing.reasons[0].text}</span> : null}
              </span>
            ) : (
              <span className="text-slate-700">{e.latestCheck ? 'Read at the next check' : 'Read at the first check'}</span>
            ),
        },
        {
          header: 'Last checked',
          className: 'whitespace-nowrap',
          cell: (e) =>
            e.latestCheck ? (
              <TextLink href={watchCheckPath(e.latestCheck.id)}>
                <time dateTime={e.latestCheck.checkedAt}>{formatDateTime(e.latestCheck.checkedAt)}</time>
              </TextLink>
            ) : (
              'Never'
            ),
        },
        {
          header: 'Open changes',
          className: 'text-right tabular-nums',
          cell: (e) => (e.openChanges > 0 ? <TextLink href={changesPath({ kind: e.kind, ref: e.ref })}>{e.openChanges} open</TextLink> : 'None'),
        },
        {
          header: 'History',
          cell: (e) => (
            <TextLink href={entityHistoryPath(e.kind, e.ref)}>
              History
              <span className="sr-only">
                {' '}
                of {KIND_LABELS[e.kind].number} {e.ref}
              </span>
            </TextLink>
          ),
        },
        ...(canManage
          ? [
              {
                header: 'Remove',
                cell: (e: WatchlistEntryRow) => <RemoveEntryButton watchlistId={watchlistId} kind={e.kind} refNumber={e.ref} label={`${KIND_LABELS[e.kind].number} ${e.ref}`} />,
              },
            ]
          : []),
      ]}
    />
  );
}
