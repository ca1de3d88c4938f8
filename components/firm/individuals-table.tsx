import { extraColumn } from '@/components/register/extra-column';
import { DataTable } from '@/components/tables/data-table';
import { StatusTag, toneForStatus } from '@/components/ui/status-tag';
import { individualPath } from '@/lib/routes/portal-paths';
import type { FirmIndividual } from '@/lib/register/model';
import { emptyText, shownText, type TableScope } from './scope-text';
import { TextLink } from '@/components/ui/text-link';

/** People at the firm; the register's semicolon-joined statuses shown as one tag each. */
export function IndividualsTable({ rows, scope }: { rows: FirmIndividual[]; scope: TableScope }) {
  return (
    <DataTable
      id="individuals"
      caption="Individuals at the firm"
      captionExtra={shownText(rows.length, scope)}
      rows={rows}
      rowKey={(p, i) => `${p.irn ?? p.name}-${i}`}
      emptyText={emptyText('individuals', scope)}
      columns={[
        {
          header: 'Name',
          rowHeader: true,
          cell: (p) => (p.irn ? <TextLink href={individualPath(p.irn)}>{p.name ?? p.irn}</TextLink> : (p.name ?? '—')),
        },
        { header: 'IRN', cell: (p) => p.irn ?? '—', className: 'font-mono whitespace-nowrap' },
        {
          header: 'Status',
          cell: (p) =>
            p.statuses.length === 0 ? (
              'Not recorded'
            ) : (
              <ul className="flex flex-wrap gap-1">
                {p.statuses.map((s) => (
                  <li key={s}>
                    <StatusTag tone={toneForStatus(s)}>{s}</StatusTag>
                  </li>
                ))}
              </ul>
            ),
        },
        ...extraColumn(rows),
      ]}
    />
  );
}
