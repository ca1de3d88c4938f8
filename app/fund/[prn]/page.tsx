import type { Metadata } from 'next';
import { BadReference } from '@/components/register/bad-reference';
import type { RegisterCall } from '@/lib/page-data/refresh-calls';
import { StreamedSection } from '@/components/register/streamed-section';
import { FundHeader } from '@/components/fund/fund-header';
import { FundKeyFacts } from '@/components/fund/fund-key-facts';
import { FundNamesSection } from '@/components/fund/fund-names-section';
import { FundUnavailable } from '@/components/fund/fund-unavailable';
import { FundWarnings } from '@/components/fund/fund-warnings';
import { SubfundsSection } from '@/components/fund/subfunds-section';
import { WatchControl } from '@/components/watch/watch-control';
import { fundTitle, lookUpFund } from '@/lib/page-data/entity-lookup';
import { requireUser } from '@/lib/auth/session';

type Params = Promise<{ prn: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: await fundTitle((await params).prn) };
}

export default async function FundPage({ params }: { params: Params }) {
  await requireUser();
  const lookup = await lookUpFund((await params).prn);
  if (lookup.kind === 'bad-input') return <BadReference kind="fund" input={lookup.input} message={lookup.message} />;
  if (lookup.kind === 'failure') return <FundUnavailable prn={lookup.ref} failure={lookup.failure} />;
  const { result, listing, ref: prn } = lookup;
  const fund = result.data;
  const subFund = /sub-?fund/i.test(fund.schemeType ?? '');
  const calls: RegisterCall[] = [
    { endpoint: 'fund', args: [prn] },
    { endpoint: 'search', args: [prn, 'fund'] },
    { endpoint: 'fundNames', args: [prn] },
  ];
  if (!subFund) calls.push({ endpoint: 'fundSubfunds', args: [prn] });
  return (
    <div className="space-y-8">
      <FundHeader
        fund={fund}
        listing={listing}
        provenance={result.provenance}
        notice={result.notice}
        current="overview"
        refreshCalls={calls}
      />
      <WatchControl kind="fund" refNumber={prn} name={listing?.name ?? null} />
      <FundWarnings fund={fund} name={listing?.name} />
      <section aria-labelledby="facts-heading" className="space-y-3">
        <h2 id="facts-heading" className="text-lg font-semibold">
          Key facts
        </h2>
        <FundKeyFacts fund={fund} />
      </section>
      <StreamedSection id="names" title="Other names" label="other names">
        <FundNamesSection prn={prn} preview={5} />
      </StreamedSection>
      {/* A sub-fund has no sub-funds of its own; asking would only cost a request. */}
      {subFund ? null : (
        <StreamedSection id="subfunds" title="Sub-funds" label="sub-funds" rows={5}>
          <SubfundsSection prn={prn} preview={5} />
        </StreamedSection>
      )}
    </div>
  );
}
