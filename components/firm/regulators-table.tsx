import { extraColumn } from '@/components/register/extra-column';
import { RegisterDate } from '@/components/register/register-date';
import { DataTable } from '@/components/tables/data-table';
import { StatusTag } from '@/components/ui/status-tag';
import type { Regulator } from '@/lib/register/model';
import { emptyText, shownText, type TableScope } from './scope-text';

/** The register dates HM Treasury's supervision from 1 Jan 1901: a placeholder, not a real date. */
const PLACEHOLDER_DATE = '1901-01-01';

export function RegulatorsTable({ rows, scope }: { rows: Regulator[]; scope: TableScope }) {
  return (
    <DataTable
      id="regulators"
      caption="Regulators"
      captionExtra={shownText(rows.length, scope)}
      rows={rows}
      rowKey={(r, i) => `${r.name}-${r.effectiveDate}-${i}`}
      emptyText={emptyText('regulators', scope)}
      columns={[
        { header: 'Regulator', rowHeader: true, cell: (r) => r.name ?? '—' },
        {
          header: 'From',
          cell: (r) => (
            <>
              <RegisterDate value={r.effectiveDate} />
              {r.effectiveDate === PLACEHOLDER_DATE ? <span className="block text-xs text-slate-600">(the register&apos;s placeholder date)</span> : null}
            </>
          ),
        },
        { header: 'To', cell: (r) => (r.terminationDate ? <RegisterDate value={r.terminationDate} /> : 'No end date') },
        { header: 'Now', cell: (r) => (r.current ? <StatusTag tone="positive">Current</StatusTag> : <StatusTag tone="neutral">Ended</StatusTag>) },
        ...extraColumn(rows),
      ]}
    />
  );
}
