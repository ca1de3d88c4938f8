import { extraColumn } from '@/components/register/extra-column';
import { DataTable } from '@/components/tables/data-table';
import type { Exclusion } from '@/lib/register/model';
import { emptyText, shownText, type TableScope } from './scope-text';

export function ExclusionsTable({ rows, scope }: { rows: Exclusion[]; scope: TableScope }) {
  return (
    <DataTable
      id="exclusions"
      caption="PSD2 exclusions relied upon"
      captionExtra={shownText(rows.length, scope)}
      rows={rows}
      rowKey={(e, i) => `${e.exclusionType}-${i}`}
      emptyText={emptyText('exclusions', scope)}
      columns={[
        { header: 'Exclusion type', rowHeader: true, cell: (e) => e.exclusionType ?? '—' },
        { header: 'Exclusion relied upon', cell: (e) => e.exclusionReliedUpon ?? '—', className: 'min-w-[14rem]' },
        { header: 'Description of services', cell: (e) => e.servicesDescription ?? '—', className: 'min-w-[14rem]' },
        ...extraColumn(rows),
      ]}
    />
  );
}
