import type { Metadata } from 'next';
import { MarketsList } from '@/components/markets/markets-section';
import { listViewKey, parseListView, type SearchParams } from '@/lib/page-data/list-view';
import { StreamedSection } from '@/components/register/streamed-section';
import { requireUser } from '@/lib/auth/session';
import { REGULATED_MARKETS } from '@/lib/sections/register-lists';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: REGULATED_MARKETS.title };

export default async function MarketsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireUser();
  // Reading the request's query also keeps this page dynamic: register data is never baked in at build time.
  const view = parseListView(await searchParams);
  return (
    <div className="space-y-6">
      <PageHeader
        title={REGULATED_MARKETS.title}
        description="Trading venues the FCA recognises as UK regulated markets, as the register lists them. The register gives no reference number or status for most of them."
      />
      <StreamedSection key={listViewKey(view)} id="markets" title={<span className="sr-only">Markets</span>} label={REGULATED_MARKETS.label}>
        <MarketsList view={view} />
      </StreamedSection>
    </div>
  );
}
