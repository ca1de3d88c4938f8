import type { Metadata } from 'next';
import { BadReference } from '@/components/register/bad-reference';
import { StreamedSection } from '@/components/register/streamed-section';
import { FundHeader } from '@/components/fund/fund-header';
import { FundUnavailable } from '@/components/fund/fund-unavailable';
import { SubfundsSection } from '@/components/fund/subfunds-section';
import { fundTitle, lookUpFund } from '@/lib/page-data/entity-lookup';
import { checkPage } from '@/lib/register/validate';
import { requireUser } from '@/lib/auth/session';

type Params = Promise<{ prn: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: await fundTitle((await params).prn, 'Sub-funds') };
}

export default async function FundSubfundsPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  await requireUser();
  const lookup = await lookUpFund((await params).prn);
  if (lookup.kind === 'bad-input') return <BadReference kind="fund" input={lookup.input} message={lookup.message} />;
  if (lookup.kind === 'failure') return <FundUnavailable prn={lookup.ref} failure={lookup.failure} />;
  const { result, listing, ref: prn } = lookup;
  const rawPage = (await searchParams).page;
  const page = checkPage(Array.isArray(rawPage) ? rawPage[0] : rawPage);
  return (
    <div className="space-y-8">
      <FundHeader
        fund={result.data}
        listing={listing}
        provenance={result.provenance}
        notice={result.notice}
        current="subfunds"
        refreshCalls={[
          { endpoint: 'fund', args: [prn] },
          { endpoint: 'search', args: [prn, 'fund'] },
          { endpoint: 'fundSubfunds', args: [prn], page: page.ok ? page.value : 1 },
        ]}
      />
      {page.ok ? (
        <StreamedSection key={page.value} id="subfunds" title="Sub-funds" label="sub-funds" rows={8}>
          <SubfundsSection prn={prn} page={page.value} />
        </StreamedSection>
      ) : (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          {page.message}
        </p>
      )}
    </div>
  );
}
