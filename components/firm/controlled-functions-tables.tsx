import { extraColumn } from '@/components/register/extra-column';
import { ExtraFields } from '@/components/register/extra-fields';
import { RegisterDate } from '@/components/register/register-date';
import { DataTable, type Column } from '@/components/tables/data-table';
import { individualPath } from '@/lib/routes/portal-paths';
import type { FirmControlledFunction, FirmControlledFunctions } from '@/lib/register/model';
import { emptyText, shownText, type TableScope } from './scope-text';
import { TextLink } from '@/components/ui/text-link';

function columns(rows: FirmControlledFunction[], previous: boolean): Column<FirmControlledFunction>[] {
  return [
    { header: 'Function', rowHeader: true, cell: (cf) => cf.name ?? '—' },
    {
      header: 'Individual',
      cell: (cf) => (cf.irn ? <TextLink href={individualPath(cf.irn)}>{cf.individualName ?? cf.irn}</TextLink> : (cf.individualName ?? '—')),
    },
    { header: 'IRN', cell: (cf) => cf.irn ?? '—', className: 'font-mono whitespace-nowrap' },
    { header: 'Effective date', cell: (cf) => <RegisterDate value={cf.effectiveDate} /> },
    ...(previous ? [{ header: 'End date', cell: (cf: FirmControlledFunction) => <RegisterDate value={cf.endDate} /> }] : []),
    { header: 'Suspension or restriction', cell: (cf) => cf.restriction ?? 'None recorded' },
    { header: 'Restriction start', cell: (cf) => <RegisterDate value={cf.restrictionStartDate} /> },
    { header: 'Restriction end', cell: (cf) => <RegisterDate value={cf.restrictionEndDate} /> },
    // Not the "(N)" the register prefixes each row with: the API's own index of the row, which means
    // nothing to a reader.
    ...extraColumn(rows),
  ];
}

/** Who holds, and who held, controlled functions at the firm; each name links to the individual. */
export function ControlledFunctionsTables({ data, scope }: { data: FirmControlledFunctions; scope: TableScope }) {
  return (
    <div className="space-y-5">
      <DataTable
        id="cf-current"
        caption="Current controlled functions"
        captionExtra={shownText(data.current.length, scope)}
        columns={columns(data.current, false)}
        rows={data.current}
        rowKey={(cf, i) => `${cf.order ?? ''}-${cf.irn ?? ''}-${i}`}
        emptyText={emptyText('current controlled functions', scope)}
      />
      <DataTable
        id="cf-previous"
        caption="Previous controlled functions"
        captionExtra={shownText(data.previous.length, scope)}
        columns={columns(data.previous, true)}
        rows={data.previous}
        rowKey={(cf, i) => `${cf.order ?? ''}-${cf.irn ?? ''}-${i}`}
        emptyText={emptyText('previous controlled functions', scope)}
      />
      <ExtraFields extra={data.extra} />
    </div>
  );
}
