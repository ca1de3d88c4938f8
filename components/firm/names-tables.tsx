import { extraColumn } from '@/components/register/extra-column';
import { ExtraFields } from '@/components/register/extra-fields';
import { RegisterDate } from '@/components/register/register-date';
import { DataTable, type Column } from '@/components/tables/data-table';
import type { FirmName, FirmNames } from '@/lib/register/model';
import { emptyText, shownText, type TableScope } from './scope-text';

function columns(rows: FirmName[], previous: boolean): Column<FirmName>[] {
  return [
    { header: 'Name', rowHeader: true, cell: (n) => n.name ?? '—' },
    { header: 'Type of name', cell: (n) => n.status ?? '—' },
    { header: 'Effective from', cell: (n) => <RegisterDate value={n.effectiveFrom} /> },
    // A current name rarely has an end date; when the register gives one, it is shown too.
    ...(previous || rows.some((n) => n.effectiveTo) ? [{ header: 'Effective to', cell: (n: FirmName) => <RegisterDate value={n.effectiveTo} /> }] : []),
    ...extraColumn(rows),
  ];
}

/** Registered and trading names the firm uses now, and those it used before. */
export function NamesTables({ data, scope }: { data: FirmNames; scope: TableScope }) {
  return (
    <div className="space-y-5">
      <DataTable
        id="names-current"
        caption="Current names"
        captionExtra={shownText(data.current.length, scope)}
        columns={columns(data.current, false)}
        rows={data.current}
        rowKey={(n, i) => `${n.name}-${i}`}
        emptyText={emptyText('current names', scope)}
      />
      <DataTable
        id="names-previous"
        caption="Previous names"
        captionExtra={shownText(data.previous.length, scope)}
        columns={columns(data.previous, true)}
        rows={data.previous}
        rowKey={(n, i) => `${n.name}-${i}`}
        emptyText={emptyText('previous names', scope)}
      />
      <ExtraFields extra={data.extra} />
    </div>
  );
}
