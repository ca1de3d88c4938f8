import { extraColumn } from '@/components/register/extra-column';
import { DataTable } from '@/components/tables/data-table';
import type { RequirementInvestmentType } from '@/lib/register/model';

/** `id` must be unique on the page: the printable report shows one of these per requirement. */
export function InvestmentTypesTable({ reference, rows, id = 'investment-types' }: { reference: string; rows: RequirementInvestmentType[]; id?: string }) {
  return (
    <DataTable
      id={id}
      caption={`Investment types under requirement ${reference}`}
      captionExtra={`${rows.length.toLocaleString('en-GB')} in all`}
      rows={rows}
      rowKey={(t, i) => `${t.name}-${i}`}
      emptyText="The register lists no investment types for this requirement."
      columns={[{ header: 'Investment type', rowHeader: true, cell: (t) => t.name ?? '—' }, ...extraColumn(rows)]}
    />
  );
}
