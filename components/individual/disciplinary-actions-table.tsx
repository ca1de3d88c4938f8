import { DataTable } from '@/components/tables/data-table';
import { StatusTag } from '@/components/ui/status-tag';
import { formatDate } from '@/lib/format/date';
import type { DisciplinaryAction } from '@/lib/register/model';

/** Disciplinary actions with every field the register gives; prohibitions are marked in words as well as colour. */
export function DisciplinaryActionsTable({ id, caption, actions, captionExtra }: { id: string; caption: string; actions: DisciplinaryAction[]; captionExtra?: React.ReactNode }) {
  return (
    <DataTable
      id={id}
      caption={caption}
      captionExtra={captionExtra}
      rows={actions}
      rowKey={(a, i) => `${a.effectiveFrom ?? ''}-${a.actionType ?? ''}-${i}`}
      columns={[
        {
          header: 'Action',
          rowHeader: true,
          cell: (a) => (a.actionType ? /prohibit/i.test(a.actionType) ? <StatusTag tone="negative">{a.actionType}</StatusTag> : a.actionType : '—'),
        },
        { header: 'Effective from', cell: (a) => formatDate(a.effectiveFrom), className: 'whitespace-nowrap' },
        { header: 'Enforcement type', cell: (a) => a.enforcementType ?? '—' },
        { header: 'Description', cell: (a) => a.description ?? '—', className: 'min-w-72' },
      ]}
    />
  );
}
