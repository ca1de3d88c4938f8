import { DataTable } from '@/components/tables/data-table';
import { formatDateTime } from '@/lib/format/date';
import type { PrincipalOverview } from '@/lib/principals/principal-store';
import { principalPath } from '@/lib/routes/portal-paths';
import { registerStateText } from './register-state';
import { TextLink } from '@/components/ui/text-link';

/** Every principal overseen: its book, its open findings and its last check. */
export function PrincipalsTable({ principals }: { principals: PrincipalOverview[] }) {
  return (
    <DataTable
      id="principals"
      caption="Principals"
      captionExtra={`${principals.length.toLocaleString('en-GB')} ${principals.length === 1 ? 'principal' : 'principals'}`}
      rows={principals}
      rowKey={(p) => p.frn}
      emptyText="No principals yet."
      columns={[
        {
          header: 'Principal',
          rowHeader: true,
          cell: (p) => (
            <TextLink href={principalPath(p.frn)} weight="medium">
              {p.name ?? `FRN ${p.frn}`}
            </TextLink>
          ),
        },
        { header: 'FRN', className: 'tabular-nums', cell: (p) => p.frn },
        { header: 'On the register', cell: (p) => registerStateText(p.registerState) },
        { header: 'Book', cell: (p) => (p.bookVersion === null ? 'None uploaded' : `Version ${p.bookVersion}, ${p.bookRows?.toLocaleString('en-GB')} rows`) },
        { header: 'Open findings', className: 'text-right tabular-nums', cell: (p) => (p.openFindings > 0 ? p.openFindings.toLocaleString('en-GB') : 'None') },
        {
          header: 'Last check',
          className: 'whitespace-nowrap',
          cell: (p) =>
            p.lastCheckAt ? <time dateTime={p.lastCheckAt}>{`${formatDateTime(p.lastCheckAt)} (${p.lastCheckOutcome === 'ok' ? 'done' : p.lastCheckOutcome})`}</time> : 'Not yet',
        },
      ]}
    />
  );
}
