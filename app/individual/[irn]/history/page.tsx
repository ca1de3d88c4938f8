import type { Metadata } from 'next';
import { BadReference } from '@/components/register/bad-reference';
import { IndividualHeader } from '@/components/individual/individual-header';
import { IndividualUnavailable } from '@/components/individual/individual-unavailable';
import { EntityHistory } from '@/components/watch/entity-history';
import { individualTitle, lookUpIndividual } from '@/lib/page-data/entity-lookup';
import { requireUser } from '@/lib/auth/session';

type Params = Promise<{ irn: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: await individualTitle((await params).irn, 'History') };
}

/** /individual/[irn]/history: what the watch checks saw change on the individual, before and after. */
export default async function IndividualHistoryPage({ params }: { params: Params }) {
  await requireUser();
  const lookup = await lookUpIndividual((await params).irn);
  if (lookup.kind === 'bad-input') return <BadReference kind="individual" input={lookup.input} message={lookup.message} />;
  if (lookup.kind === 'failure') return <IndividualUnavailable irn={lookup.ref} failure={lookup.failure} />;
  const { result, ref: irn } = lookup;
  return (
    <div className="space-y-8">
      <IndividualHeader individual={result.data} provenance={result.provenance} notice={result.notice} current="history" refreshCalls={[{ endpoint: 'individual', args: [irn] }]} />
      <EntityHistory kind="individual" refNumber={irn} name={result.data.fullName ?? null} />
    </div>
  );
}
