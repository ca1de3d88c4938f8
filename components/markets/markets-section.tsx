import { ProvenanceLine } from '@/components/register/provenance-line';
import { RefreshButton } from '@/components/register/refresh-button';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ExportLink } from '@/components/register/export-link';
import { StaleNotice } from '@/components/register/stale-notice';
import { MARKETS_EXPORT_HREF } from '@/lib/export/export-paths';
import { Pager } from '@/components/ui/pager';
import { readRegulatedMarkets } from '@/lib/page-data/cached-reads';
import { MarketsTable } from './markets-table';

/** /CommonSearch?q=RM, one register page (20 per page; the register has listed five). */
export async function MarketsSection({ page }: { page: number }) {
  const result = await readRegulatedMarkets(page);
  if (result.kind === 'not-found') {
    return <p role="status" className="text-sm text-slate-700">{page > 1 ? `There is no page ${page} of regulated markets.` : 'The register lists no regulated markets.'}</p>;
  }
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what="the regulated markets" />;
  const total = result.page.totalCount ?? result.data.length;
  const pageCount = result.page.pageCount ?? (result.page.hasNext ? page + 1 : page);
  return (
    <div className="space-y-3">
      <StaleNotice notice={result.notice} />
      <MarketsTable
        markets={result.data}
        captionExtra={
          <>
            {`${total} ${total === 1 ? 'market' : 'markets'}${pageCount > 1 ? `, page ${page} of ${pageCount}` : ''}`}
            <ExportLink href={MARKETS_EXPORT_HREF} what="regulated markets" />
          </>
        }
      />
      <Pager basePath="/markets" page={page} totalPages={Math.max(page, pageCount)} label="Regulated markets" />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ProvenanceLine provenance={result.provenance} />
        <RefreshButton calls={[{ endpoint: 'regulatedMarkets', args: [], page }]} />
      </div>
    </div>
  );
}
