import { extraColumn } from '@/components/register/extra-column';
import { RegisterDate } from '@/components/register/register-date';
import { DataTable } from '@/components/tables/data-table';
import type { DisciplinaryAction } from '@/lib/register/model';
import { emptyText, shownText, type TableScope } from './scope-text';

export function DisciplinaryHistoryTable({ rows, scope }: { rows: DisciplinaryAction[]; scope: TableScope }) {
  return (
    <DataTable
      id="disciplinary-history"
      caption="Disciplinary actions"
      captionExtra={shownText(rows.length, scope)}
      rows={rows}
      rowKey={(a, i) => `${a.effectiveFrom}-${a.actionType}-${i}`}
      emptyText={emptyText('disciplinary actions', scope)}
      columns={[
        { header: 'Action', rowHeader: true, cell: (a) => a.actionType ?? '—' },
        { header: 'Effective from', cell: (a) => <RegisterDate value={a.effectiveFrom} /> },
        { header: 'Enforcement type', cell: (a) => a.enforcementType ?? '—' },
        { header: 'Description', cell: (a) => a.description ?? '—', className: 'min-w-[20rem]' },
        ...extraColumn(rows),
      ]}
    />
  );
}
