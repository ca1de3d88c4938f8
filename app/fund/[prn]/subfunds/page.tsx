import type { Metadata } from 'next';
import { BadReference } from '@/components/register/bad-reference';
import { StreamedSection } from '@/components/register/streamed-section';
import { FundHeader } from '@/components/fund/fund-header';
import { FundUnavailable } from '@/components/fund/fund-unavailable';
import { SubfundsList } from '@/components/fund/subfunds-section';
import { fundTitle, lookUpFund } from '@/lib/page-data/entity-lookup';
import { listViewKey, parseListView, type SearchParams } from '@/components/register/list-view';
import { requireUser } from '@/lib/auth/session';

type Params = Promise<{ prn: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: await fundTitle((await params).prn, 'Sub-funds') };
}

export default async function FundSubfundsPage({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
  await requireUser();
  const lookup = await lookUpFund((await params).prn);
  if (lookup.kind === 'bad-input') return <BadReference kind="fund" input={lookup.input} message={lookup.message} />;
  if (lookup.kind === 'failure') return <FundUnavailable prn={lookup.ref} failure={lookup.failure} />;
  const { result, listing, ref: prn } = lookup;
  const view = parseListView(await searchParams);
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
          { endpoint: 'fundSubfunds', args: [prn], page: view.mode === 'page' ? view.page : 1 },
        ]}
      />
      <StreamedSection key={listViewKey(view)} id="subfunds" title="Sub-funds" label="sub-funds" rows={8}>
        <SubfundsList prn={prn} view={view} />
      </StreamedSection>
    </div>
  );
}
