import { ExportLink } from '@/components/register/export-link';
import type { ListView } from '@/lib/page-data/list-view';
import { PagedRegisterList } from '@/components/register/paged-register-list';
import { RefreshButton } from '@/components/register/refresh-button';
import { MARKETS_EXPORT_HREF } from '@/lib/export/export-paths';
import { readRegulatedMarkets } from '@/lib/page-data/cached-reads';
import { getRegisterClient } from '@/lib/register/client';
import { MarketsTable } from './markets-table';
import { REGULATED_MARKETS } from '@/lib/sections/register-lists';
import { marketsPath } from '@/lib/routes/portal-paths';
import { countText } from '@/lib/sections/section-kit';

/** /CommonSearch?q=RM (20 per register page; the register has listed five), paged as every register list is. */
export function MarketsList({ view }: { view: ListView }) {
  const client = getRegisterClient();
  return (
    <PagedRegisterList
      view={view}
      basePath={marketsPath()}
      positionInRows
      unit={REGULATED_MARKETS.unit}
      label={REGULATED_MARKETS.label}
      failureWhat="the regulated markets"
      badPage="reason"
      fetchPage={(page) => readRegulatedMarkets(page)}
      fetchAll={(onProgress) => client.allPages(client.regulatedMarkets, [], { onProgress })}
      rows={(markets) => markets.length}
      none={
        <p role="status" className="text-sm text-slate-700">
          The register lists no regulated markets.
        </p>
      }
      actions={<RefreshButton calls={[{ endpoint: 'regulatedMarkets', args: [], page: view.mode === 'page' ? view.page : 1 }]} />}
      render={(markets, _scope, where) => {
        const total = where?.totalCount ?? markets.length;
        return (
          <MarketsTable
            markets={markets}
            captionExtra={
              <>
                {`${countText(total, REGULATED_MARKETS.unit)}${where && where.pages > 1 ? `, page ${where.page} of ${where.pages}` : ''}`}
                <ExportLink href={MARKETS_EXPORT_HREF} what={REGULATED_MARKETS.label} />
              </>
            }
          />
        );
      }}
    />
  );
}
