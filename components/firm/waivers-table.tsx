import { extraColumn } from '@/components/register/extra-column';
import { TextList } from '@/components/register/text-list';
import { DataTable } from '@/components/tables/data-table';
import type { Waiver } from '@/lib/register/model';
import { emptyText, shownText, type TableScope } from './scope-text';
import { TextAnchor } from '@/components/ui/text-link';

export function WaiversTable({ rows, scope }: { rows: Waiver[]; scope: TableScope }) {
  return (
    <DataTable
      id="waivers"
      caption="Waivers and modifications"
      captionExtra={shownText(rows.length, scope)}
      rows={rows}
      rowKey={(w, i) => `${w.rules.join('|')}-${w.documentName ?? ''}-${i}`}
      emptyText={emptyText('waivers', scope)}
      columns={[
        { header: 'Rules waived or modified', rowHeader: true, cell: (w) => <TextList items={w.rules} empty="Not recorded" /> },
        {
          header: 'Document',
          cell: (w) =>
            w.documentUrl ? (
              <TextAnchor href={w.documentUrl} rel="noopener noreferrer">
                {w.documentName ?? 'Waiver document'}
                <span className="sr-only"> (on the FCA register)</span>
              </TextAnchor>
            ) : (
              (w.documentName ?? <span className="text-slate-600">No document published</span>)
            ),
        },
        ...extraColumn(rows),
      ]}
    />
  );
}
