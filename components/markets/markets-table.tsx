import { DataTable } from '@/components/tables/data-table';
import { ExtraFields } from '@/components/register/extra-fields';
import { StatusTag, toneForStatus } from '@/components/ui/status-tag';
import type { RegulatedMarket } from '@/lib/register/model';
import { firmPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

/** The regulated markets with every field the register gives; a market links to its firm when the register names the FRN (it usually leaves it empty). */
export function MarketsTable({ markets, captionExtra }: { markets: RegulatedMarket[]; captionExtra?: React.ReactNode }) {
  return (
    <div className="space-y-2">
      <DataTable
        id="regulated-markets"
        caption="Regulated markets"
        captionExtra={captionExtra}
        rows={markets}
        rowKey={(m, i) => `${m.name ?? ''}-${i}`}
        columns={[
          {
            header: 'Name',
            rowHeader: true,
            cell: (m) => (m.frn ? <TextLink href={firmPath(m.frn)}>{m.name ?? `FRN ${m.frn}`}</TextLink> : (m.name ?? '—')),
          },
          { header: 'Trading name', cell: (m) => m.tradingName ?? '—' },
          { header: 'Type', cell: (m) => m.type ?? '—' },
          { header: 'Reference number', cell: (m) => m.referenceNumber ?? m.frn ?? 'None given', className: 'font-mono whitespace-nowrap' },
          { header: 'Status', cell: (m) => (m.status ? <StatusTag tone={toneForStatus(m.status)}>{m.status}</StatusTag> : 'None given') },
        ]}
      />
      {markets.map((m, i) => (Object.keys(m.extra).length ? <ExtraFields key={i} extra={m.extra} label={`Other fields for ${m.name ?? 'a market'}`} /> : null))}
    </div>
  );
}
