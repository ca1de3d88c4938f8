import { DataTable } from '@/components/tables/data-table';
import { firmPath, reportPath } from '@/lib/routes/portal-paths';
import { formatDateTime } from '@/lib/format/date';
import type { SnapshotSummary } from '@/lib/report/snapshot-store';
import { TextAnchor, TextLink } from '@/components/ui/text-link';

/** Saved evidence snapshots, newest first, each opening its stored report. */
export function SnapshotsTable({ snapshots, caption }: { snapshots: SnapshotSummary[]; caption: string }) {
  return (
    <DataTable
      id="snapshots"
      caption={caption}
      captionExtra={`${snapshots.length.toLocaleString('en-GB')} shown`}
      rows={snapshots}
      rowKey={(s) => s.id}
      emptyText="No saved reports match. Open a firm's report and choose “Save as evidence”."
      columns={[
        {
          header: 'Saved',
          className: 'whitespace-nowrap',
          rowHeader: true,
          // A document load, not a client navigation: the snapshot's print style carries the new document's CSP nonce.
          cell: (s) => (
            <TextAnchor href={reportPath(s.id)}>
              <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
            </TextAnchor>
          ),
        },
        {
          header: 'Firm',
          cell: (s) => (
            <span>
              <TextLink href={firmPath(s.frn)}>{s.subjectName ?? `Firm ${s.frn}`}</TextLink>
              <span className="block font-mono text-xs text-slate-600">FRN {s.frn}</span>
            </span>
          ),
        },
        { header: 'Case reference', cell: (s) => s.caseReference ?? '—' },
        { header: 'Saved by', cell: (s) => s.createdByEmail },
        { header: 'SHA-256', className: 'font-mono text-xs', cell: (s) => <abbr title={s.sha256}>{s.sha256.slice(0, 16)}…</abbr> },
      ]}
    />
  );
}
