import { extraColumn } from '@/components/register/extra-column';
import { ExtraFields } from '@/components/register/extra-fields';
import { FlagText } from '@/components/register/flag-text';
import { RegisterDate } from '@/components/register/register-date';
import { DataTable, type Column } from '@/components/tables/data-table';
import { firmPath } from '@/lib/routes/portal-paths';
import type { AppointedRepresentative, AppointedRepresentatives } from '@/lib/register/model';
import { emptyText, shownText, type TableScope } from './scope-text';
import { TextLink } from '@/components/ui/text-link';

function columns(rows: AppointedRepresentative[], previous: boolean): Column<AppointedRepresentative>[] {
  return [
    {
      header: 'Appointed representative',
      rowHeader: true,
      cell: (ar) => (ar.frn ? <TextLink href={firmPath(ar.frn)}>{ar.name ?? `FRN ${ar.frn}`}</TextLink> : (ar.name ?? '—')),
      className: 'min-w-[12rem]',
    },
    { header: 'FRN', cell: (ar) => ar.frn ?? '—', className: 'font-mono whitespace-nowrap' },
    { header: 'Type', cell: (ar) => ar.recordSubType ?? '—' },
    { header: 'Effective date', cell: (ar) => <RegisterDate value={ar.effectiveDate} /> },
    ...(previous ? [{ header: 'Termination date', cell: (ar: AppointedRepresentative) => <RegisterDate value={ar.terminationDate} /> }] : []),
    { header: 'Tied agent', cell: (ar) => <FlagText value={ar.tiedAgent} /> },
    { header: 'EEA tied agent', cell: (ar) => <FlagText value={ar.eeaTiedAgent} /> },
    // The register's "[NotinUse] Insurance Distribution" column is, by its own label, not in use: left
    // out of the table (the CSV export keeps it).
    {
      // The firm whose list this is, the same on every row: the page says so above the table; a loose
      // printed page of the report needs it.
      header: 'Principal',
      printOnly: true,
      cell: (ar) => (ar.principalFrn ? <TextLink href={firmPath(ar.principalFrn)}>{ar.principalName ?? `FRN ${ar.principalFrn}`}</TextLink> : (ar.principalName ?? '—')),
      className: 'min-w-[12rem]',
    },
    ...extraColumn(rows),
  ];
}

/** Current and previous appointed representatives, each linking to its own register entry and back to its principal. */
export function AppointedRepresentativesTables({ data, scope }: { data: AppointedRepresentatives; scope: TableScope }) {
  return (
    <div className="space-y-5">
      <DataTable
        id="ar-current"
        caption="Current appointed representatives"
        captionExtra={shownText(data.current.length, scope)}
        columns={columns(data.current, false)}
        rows={data.current}
        rowKey={(ar, i) => `${ar.frn ?? ar.name}-${i}`}
        emptyText={emptyText('current appointed representatives', scope)}
      />
      <DataTable
        id="ar-previous"
        caption="Previous appointed representatives"
        captionExtra={shownText(data.previous.length, scope)}
        columns={columns(data.previous, true)}
        rows={data.previous}
        rowKey={(ar, i) => `${ar.frn ?? ar.name}-${i}`}
        emptyText={emptyText('previous appointed representatives', scope)}
      />
      <ExtraFields extra={data.extra} />
    </div>
  );
}
