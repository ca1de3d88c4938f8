import type { Metadata } from 'next';
import { MarketsList } from '@/components/markets/markets-section';
import { listViewKey, parseListView, type SearchParams } from '@/lib/page-data/list-view';
import { StreamedSection } from '@/components/register/streamed-section';
import { requireUser } from '@/lib/auth/session';
import { REGULATED_MARKETS } from '@/lib/sections/register-lists';

export const metadata: Metadata = { title: REGULATED_MARKETS.title };

export default async function MarketsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireUser();
  // Reading the request's query also keeps this page dynamic: register data is never baked in at build time.
  const view = parseListView(await searchParams);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{REGULATED_MARKETS.title}</h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Trading venues the FCA recognises as UK regulated markets, as the register lists them. The register gives no reference number or status for most of them.
        </p>
      </header>
      <StreamedSection key={listViewKey(view)} id="markets" title={<span className="sr-only">Markets</span>} label={REGULATED_MARKETS.label}>
        <MarketsList view={view} />
      </StreamedSection>
    </div>
  );
}
