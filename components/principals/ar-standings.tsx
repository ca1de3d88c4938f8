import { StandingBadge } from '@/components/standing/standing-badge';
import { DataTable } from '@/components/tables/data-table';
import { formatDate, formatDateTime } from '@/lib/format/date';
import type { KnownPrincipal } from '@/lib/representatives/ar-links';
import type { StandingPass, StoredArStanding } from '@/lib/principals/ar-standing';
import { LEVEL_WORD, type StandingLevel } from '@/lib/standing/standing';
import { firmPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

export interface ArStandingRow {
  arFrn: string;
  arName: string;
  stored: StoredArStanding | null;
  others: KnownPrincipal[];
}

const ORDER: Record<StandingLevel, number> = { stop: 0, caution: 1, clear: 2 };

/** What the last pass did, in a sentence. */
export function passText(pass: StandingPass | null): string {
  if (!pass) return "No AR's own standing has been read yet. It is read after every nightly check, or now with Read standings now.";
  const read = `${pass.done.toLocaleString('en-GB')} of ${pass.total.toLocaleString('en-GB')} current ARs read in ${pass.requestCount.toLocaleString('en-GB')} register requests`;
  const failed = pass.failed > 0 ? `, ${pass.failed.toLocaleString('en-GB')} could not be read` : '';
  return pass.finishedAt
    ? `Last read ${formatDateTime(pass.finishedAt)} (${pass.trigger === 'nightly' ? 'after the nightly check' : `started by ${pass.requestedBy}`}): ${read}${failed}.`
    : `Reading since ${formatDateTime(pass.createdAt)}, at the idle share of the register's budget (people's pages go first): ${read} so far${failed}.`;
}

/** The stops first, then the cautions, then the clear, then those not read yet; by name within each. */
export function sortStandingRows(rows: readonly ArStandingRow[]): ArStandingRow[] {
  return [...rows].sort(
    (a, b) => (a.stored ? ORDER[a.stored.level] : 3) - (b.stored ? ORDER[b.stored.level] : 3) || a.arName.localeCompare(b.arName) || a.arFrn.localeCompare(b.arFrn),
  );
}

/** How many ARs stand at each level, in words ("0 Stop, 714 Caution, 0 Clear"), over the whole list. */
export function standingSummary(rows: readonly ArStandingRow[]): string {
  const counts = rows.reduce<Record<string, number>>((n, r) => ({ ...n, [r.stored?.level ?? 'unread']: (n[r.stored?.level ?? 'unread'] ?? 0) + 1 }), {});
  return (['stop', 'caution', 'clear'] as const)
    .map((l) => `${(counts[l] ?? 0).toLocaleString('en-GB')} ${LEVEL_WORD[l]}`)
    .concat(counts.unread ? [`${counts.unread.toLocaleString('en-GB')} not read yet`] : [])
    .join(', ');
}

/**
 * Current ARs of the last reading (a page of them, in `sortStandingRows`' order) with each one's
 * own standing as last read (a badge: symbol, level and words, never colour alone), its reasons,
 * and the other principals it is known under. From stored data only. `summary` counts the whole
 * list; `position` says which rows of it are shown when it is paged.
 */
export function ArStandingsTable({
  rows,
  summary,
  position,
  filterable,
  emptyText,
}: {
  rows: ArStandingRow[];
  summary: string;
  position?: string;
  filterable: boolean;
  emptyText: string;
}) {
  return (
    <DataTable
      id="ar-standings"
      caption="Each current AR's standing"
      captionExtra={position ? `${summary}; ${position}` : summary}
      rows={rows}
      rowKey={(r) => r.arFrn}
      filterable={filterable}
      emptyText={emptyText}
      columns={[
        {
          header: 'Appointed representative',
          rowHeader: true,
          cell: (r) => (
            <TextLink href={firmPath(r.arFrn)}>
              {r.arName || `FRN ${r.arFrn}`} ({r.arFrn})
            </TextLink>
          ),
        },
        { header: 'Standing', cell: (r) => (r.stored ? <StandingBadge standing={r.stored.standing} /> : 'Not read yet') },
        {
          header: 'Why',
          cell: (r) =>
            r.stored && r.stored.standing.reasons.length > 0 ? r.stored.standing.reasons.map((reason) => reason.label).join('; ') : r.stored ? 'Nothing on the register' : '—',
        },
        {
          header: 'Other principals',
          cell: (r) =>
            r.others.length === 0
              ? 'None seen'
              : r.others.map((o, i) => (
                  <span key={o.principalFrn}>
                    {i > 0 ? '; ' : ''}
                    <TextLink href={firmPath(o.principalFrn)}>
                      {o.principalName ?? `FRN ${o.principalFrn}`} ({o.principalFrn})
                    </TextLink>
                    {o.bucket === 'previous' ? ', previous' : ''}
                  </span>
                )),
        },
        { header: 'Read', className: 'whitespace-nowrap', cell: (r) => (r.stored ? formatDate(r.stored.readAt.slice(0, 10)) : '—') },
      ]}
    />
  );
}
