import { extraColumn } from '@/components/register/extra-column';
import { TextList } from '@/components/register/text-list';
import { DataTable } from '@/components/tables/data-table';
import type { Permission } from '@/lib/register/model';
import { OtherLists } from './other-lists';
import { emptyText, shownText, type TableScope } from './scope-text';

/**
 * One row per permission, with its customer types, investment types and limitations as lists in
 * their own columns (and any other list the register attaches), so the filter finds a permission
 * by any of them.
 */
export function PermissionsTable({ rows, scope }: { rows: Permission[]; scope: TableScope }) {
  const hasOther = rows.some((p) => Object.keys(p.other).length > 0);
  return (
    <DataTable
      id="permissions"
      caption="Permissions"
      captionExtra={shownText(rows.length, scope)}
      rows={rows}
      rowKey={(p) => p.name}
      emptyText={emptyText('permissions', scope)}
      columns={[
        { header: 'Permission', rowHeader: true, cell: (p) => p.name, className: 'min-w-[14rem]' },
        { header: 'Customer types', cell: (p) => <TextList items={p.customerTypes} /> },
        { header: 'Investment types', cell: (p) => <TextList items={p.investmentTypes} />, className: 'min-w-[14rem]' },
        { header: 'Limitations', cell: (p) => <TextList items={p.limitations} />, className: 'min-w-[14rem]' },
        ...(hasOther ? [{ header: 'Other details', cell: (p: Permission) => <OtherLists lists={p.other} /> }] : []),
        ...extraColumn(rows),
      ]}
    />
  );
}
