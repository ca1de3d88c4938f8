import { extraColumn } from '@/components/register/extra-column';
import { FlagText } from '@/components/register/flag-text';
import { RegisterDate } from '@/components/register/register-date';
import { DataTable } from '@/components/tables/data-table';
import { requirementPath } from '@/lib/routes/portal-paths';
import type { Requirement } from '@/lib/register/model';
import { emptyText, shownText, type TableScope } from './scope-text';
import { TextLink } from '@/components/ui/text-link';

/** The firm's requirements; those that restrict financial promotions to certain investment types link to them. */
export function RequirementsTable({ frn, rows, scope }: { frn: string; rows: Requirement[]; scope: TableScope }) {
  return (
    <DataTable
      id="requirements"
      caption="Requirements"
      captionExtra={shownText(rows.length, scope)}
      rows={rows}
      rowKey={(r, i) => `${r.reference}-${i}`}
      emptyText={emptyText('requirements', scope)}
      columns={[
        { header: 'Reference', rowHeader: true, cell: (r) => r.reference ?? '—', className: 'font-mono whitespace-nowrap' },
        { header: 'Requirement', cell: (r) => <span className="font-medium">{r.title ?? '—'}</span>, className: 'min-w-[12rem]' },
        { header: 'Text', cell: (r) => r.text ?? '—', className: 'min-w-[18rem]' },
        { header: 'Effective date', cell: (r) => <RegisterDate value={r.effectiveDate} /> },
        { header: 'Financial promotions requirement', cell: (r) => <FlagText value={r.financialPromotions} /> },
        {
          header: 'Investment types',
          cell: (r) =>
            r.investmentTypesUrl && r.reference ? (
              <TextLink href={requirementPath(frn, r.reference)} className="whitespace-nowrap">
                View investment types<span className="sr-only"> for {r.reference}</span>
              </TextLink>
            ) : (
              <span className="text-slate-600">None listed</span>
            ),
        },
        ...extraColumn(rows),
      ]}
    />
  );
}
