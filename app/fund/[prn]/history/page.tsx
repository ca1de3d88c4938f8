import type { Metadata } from 'next';
import { BadReference } from '@/components/register/bad-reference';
import { FundHeader } from '@/components/fund/fund-header';
import { FundUnavailable } from '@/components/fund/fund-unavailable';
import { EntityHistory } from '@/components/watch/entity-history';
import { fundTitle, lookUpFund } from '@/lib/page-data/entity-lookup';
import { requireUser } from '@/lib/auth/session';

type Params = Promise<{ prn: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: await fundTitle((await params).prn, 'History') };
}

/** /fund/[prn]/history: what the watch checks saw change on the fund, before and after. */
export default async function FundHistoryPage({ params }: { params: Params }) {
  await requireUser();
  const lookup = await lookUpFund((await params).prn);
  if (lookup.kind === 'bad-input') return <BadReference kind="fund" input={lookup.input} message={lookup.message} />;
  if (lookup.kind === 'failure') return <FundUnavailable prn={lookup.ref} failure={lookup.failure} />;
  const { result, listing, ref: prn } = lookup;
  return (
    <div className="space-y-8">
      <FundHeader
        fund={result.data}
        listing={listing}
        provenance={result.provenance}
        notice={result.notice}
        current="history"
        refreshCalls={[
          { endpoint: 'fund', args: [prn] },
          { endpoint: 'search', args: [prn, 'fund'] },
        ]}
      />
      <EntityHistory kind="fund" refNumber={prn} name={listing?.name ?? null} />
    </div>
  );
}
