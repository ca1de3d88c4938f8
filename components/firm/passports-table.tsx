import { extraColumn } from '@/components/register/extra-column';
import { ExtraFields } from '@/components/register/extra-fields';
import { DataTable } from '@/components/tables/data-table';
import { passportCountryPath } from '@/lib/routes/portal-paths';
import type { FirmPassports } from '@/lib/register/model';
import { emptyText, shownText, type TableScope } from './scope-text';
import { TextLink } from '@/components/ui/text-link';

/** The countries the firm passports to or from; each opens the permissions held for it. */
export function PassportsTable({ frn, data, scope }: { frn: string; data: FirmPassports; scope: TableScope }) {
  return (
    <div className="space-y-4">
      <DataTable
        id="passports"
        caption="Passports by country"
        captionExtra={shownText(data.passports.length, scope)}
        rows={data.passports}
        rowKey={(p, i) => `${p.country}-${p.direction}-${i}`}
        emptyText={emptyText('passports', scope)}
        columns={[
          {
            header: 'Country',
            rowHeader: true,
            cell: (p) =>
              p.country ? (
                <TextLink href={passportCountryPath(frn, p.country)}>
                  {p.country}
                  <span className="sr-only"> (passport permissions)</span>
                </TextLink>
              ) : (
                '—'
              ),
          },
          { header: 'Direction', cell: (p) => p.direction ?? '—' },
          ...extraColumn(data.passports),
        ]}
      />
      <ExtraFields extra={data.extra} />
    </div>
  );
}
