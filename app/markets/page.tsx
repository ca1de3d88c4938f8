import type { Metadata } from 'next';
import { MarketsSection } from '@/components/markets/markets-section';
import { StreamedSection } from '@/components/register/streamed-section';
import { checkPage } from '@/lib/register/validate';
import { requireUser } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Regulated markets' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function MarketsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireUser();
  // Reading the request's query also keeps this page dynamic: register data is never baked in at build time.
  const rawPage = (await searchParams).page;
  const page = checkPage(Array.isArray(rawPage) ? rawPage[0] : rawPage);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Regulated markets</h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Trading venues the FCA recognises as UK regulated markets, as the register lists them. The register gives no reference number or
          status for most of them.
        </p>
      </header>
      {page.ok ? (
        <StreamedSection key={page.value} id="markets" title={<span className="sr-only">Markets</span>} label="regulated markets">
          <MarketsSection page={page.value} />
        </StreamedSection>
      ) : (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          {page.message}
        </p>
      )}
    </div>
  );
}
