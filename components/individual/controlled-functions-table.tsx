import { ExportLink } from '@/components/register/export-link';
import { DataTable, type Column } from '@/components/tables/data-table';
import { formatDate } from '@/lib/format/date';
import type { IndividualControlledFunction } from '@/lib/register/model';
import { firmPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

function FirmCell({ row }: { row: IndividualControlledFunction }) {
  const name = row.firmName ?? (row.frn ? `FRN ${row.frn}` : '—');
  if (!row.frn) return <>{name}</>;
  return (
    <span>
      <TextLink href={firmPath(row.frn)}>{name}</TextLink>
      <span className="block font-mono text-xs text-slate-600">FRN {row.frn}</span>
    </span>
  );
}

function Restriction({ row }: { row: IndividualControlledFunction }) {
  if (!row.restriction && !row.restrictionStartDate && !row.restrictionEndDate) return <>None</>;
  return (
    <span>
      <strong className="font-semibold">{row.restriction ?? 'Suspension or restriction'}</strong>
      {row.restrictionStartDate ? <span className="block">From {formatDate(row.restrictionStartDate)}</span> : null}
      {row.restrictionEndDate ? <span className="block">Until {formatDate(row.restrictionEndDate)}</span> : null}
    </span>
  );
}

/** Controlled functions of one bucket (current or previous), each row linked to its firm. */
export function ControlledFunctionsTable({
  id,
  caption,
  rows,
  previous,
  emptyText,
  exportHref,
}: {
  id: string;
  caption: string;
  rows: IndividualControlledFunction[];
  previous?: boolean;
  emptyText: string;
  /** CSV of every controlled function of the individual (both lists), for analysts. */
  exportHref?: string;
}) {
  const columns: Column<IndividualControlledFunction>[] = [
    { header: 'Function', rowHeader: true, cell: (r) => r.name ?? '—' },
    { header: 'Firm', cell: (r) => <FirmCell row={r} /> },
    { header: 'Effective from', cell: (r) => formatDate(r.effectiveDate), className: 'whitespace-nowrap' },
  ];
  if (previous) columns.push({ header: 'Ended', cell: (r) => formatDate(r.endDate), className: 'whitespace-nowrap' });
  columns.push(
    { header: 'Customer engagement', cell: (r) => (r.customerEngagementMethods.length ? r.customerEngagementMethods.join(', ') : '—') },
    // (Not the "(N)" the register prefixes each row with: the API's index of the row, meaningless to a reader.)
    { header: 'Suspension or restriction', cell: (r) => <Restriction row={r} /> },
  );
  return (
    <DataTable
      id={id}
      caption={caption}
      captionExtra={
        <>
          {`${rows.length} ${rows.length === 1 ? 'function' : 'functions'}`}
          {exportHref ? <ExportLink href={exportHref} what="controlled functions" /> : null}
        </>
      }
      rows={rows}
      rowKey={(r, i) => `${r.order ?? i}-${r.name ?? ''}-${r.frn ?? ''}`}
      columns={columns}
      emptyText={emptyText}
    />
  );
}
