import type { Metadata } from 'next';
import { BadReference } from '@/components/register/bad-reference';
import { StreamedSection } from '@/components/register/streamed-section';
import { ControlledFunctionsSection } from '@/components/individual/controlled-functions-section';
import { IndividualHeader } from '@/components/individual/individual-header';
import { IndividualUnavailable } from '@/components/individual/individual-unavailable';
import { individualTitle, lookUpIndividual } from '@/lib/page-data/entity-lookup';
import { requireUser } from '@/lib/auth/session';

type Params = Promise<{ irn: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: await individualTitle((await params).irn, 'Controlled functions') };
}

export default async function IndividualControlledFunctionsPage({ params }: { params: Params }) {
  await requireUser();
  const lookup = await lookUpIndividual((await params).irn);
  if (lookup.kind === 'bad-input') return <BadReference kind="individual" input={lookup.input} message={lookup.message} />;
  if (lookup.kind === 'failure') return <IndividualUnavailable irn={lookup.ref} failure={lookup.failure} />;
  const { result, ref: irn } = lookup;
  return (
    <div className="space-y-8">
      <IndividualHeader
        individual={result.data}
        provenance={result.provenance}
        notice={result.notice}
        current="controlled-functions"
        refreshCalls={[
          { endpoint: 'individual', args: [irn] },
          { endpoint: 'individualControlledFunctions', args: [irn] },
        ]}
      />
      <StreamedSection id="current" title="Current" label="current controlled functions">
        <ControlledFunctionsSection irn={irn} bucket="current" />
      </StreamedSection>
      <StreamedSection id="previous" title="Previous" label="previous controlled functions">
        <ControlledFunctionsSection irn={irn} bucket="previous" />
      </StreamedSection>
    </div>
  );
}
