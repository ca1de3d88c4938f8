import { extraColumn } from '@/components/register/extra-column';
import { ExtraFields } from '@/components/register/extra-fields';
import { TextList } from '@/components/register/text-list';
import { DataTable } from '@/components/tables/data-table';
import { SummaryList } from '@/components/ui/summary-list';
import type { PassportPermission } from '@/lib/register/model';

/** One country's passports: for each directive, its direction and type and the activities it covers with their investment types. */
export function PassportPermissionsView({
  rows,
  idPrefix = '',
  headingLevel = 2,
}: {
  rows: PassportPermission[];
  /** Keeps ids unique where several countries are on one page (the printable report). */
  idPrefix?: string;
  /** 5 where the directives sit under a country heading (the printable report). */
  headingLevel?: 2 | 5;
}) {
  const Heading = headingLevel === 5 ? 'h5' : 'h2';
  return (
    <div className="space-y-6">
      {rows.map((directive, i) => {
        const headingId = `${idPrefix}directive-${i}-heading`;
        const title = directive.directive ?? `Passport ${i + 1}`;
        return (
          <section key={`${directive.directive}-${i}`} aria-labelledby={headingId} className="space-y-3">
            <Heading id={headingId} className="text-lg font-semibold">
              {title}
            </Heading>
            <SummaryList
              items={[
                { label: 'Country', value: directive.country ?? 'Not recorded' },
                { label: 'Direction', value: directive.direction ?? 'Not recorded' },
                { label: 'Passport type', value: directive.passportType ?? 'Not recorded' },
              ]}
            />
            <DataTable
              id={`${idPrefix}directive-${i}-permissions`}
              caption={`Activities passported under the ${title}`}
              captionExtra={`${directive.permissions.length.toLocaleString('en-GB')} in all`}
              rows={directive.permissions}
              rowKey={(p, j) => `${p.name}-${j}`}
              emptyText="The register lists no activities under this directive."
              columns={[
                { header: 'Activity', rowHeader: true, cell: (p) => p.name ?? '—', className: 'min-w-[16rem]' },
                { header: 'Investment types', cell: (p) => <TextList items={p.investmentTypes} /> },
                ...extraColumn(directive.permissions),
              ]}
            />
            <ExtraFields extra={directive.extra} />
          </section>
        );
      })}
    </div>
  );
}
