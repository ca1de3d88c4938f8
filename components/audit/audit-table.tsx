import { DataTable } from '@/components/tables/data-table';
import type { AuditEntry } from '@/lib/audit/audit-store';
import { formatDateTime } from '@/lib/format/date';

const OUTCOME_CLASS: Record<string, string> = {
  success: 'text-emerald-800',
  failure: 'text-red-800',
  denied: 'text-red-800 font-semibold',
  error: 'text-red-800',
};

function Detail({ detail }: { detail: Record<string, unknown> | null }) {
  if (!detail) return <span aria-hidden="true">—</span>;
  return (
    <dl className="space-y-0.5 text-xs">
      {Object.entries(detail).map(([key, value]) => (
        <div key={key}>
          <dt className="inline font-medium text-slate-700">{key}: </dt>
          <dd className="inline break-all">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One page of audit entries, newest first. */
export function AuditTable({ entries, captionExtra }: { entries: AuditEntry[]; captionExtra?: React.ReactNode }) {
  return (
    <DataTable
      id="audit-log"
      caption="Audit entries"
      captionExtra={captionExtra}
      rows={entries}
      rowKey={(e) => String(e.id)}
      filterable={false}
      emptyText="No audit entries match these filters."
      columns={[
        { header: 'When', className: 'whitespace-nowrap', cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time> },
        { header: 'User', cell: (e) => e.userEmail ?? <span className="text-slate-600">(not signed in)</span> },
        { header: 'Action', rowHeader: true, className: 'font-mono text-xs', cell: (e) => e.action },
        { header: 'Reference', className: 'font-mono text-xs', cell: (e) => e.reference ?? '—' },
        { header: 'Outcome', cell: (e) => <span className={OUTCOME_CLASS[e.outcome] ?? ''}>{e.outcome}</span> },
        { header: 'Detail', cell: (e) => <Detail detail={e.detail} /> },
      ]}
    />
  );
}
