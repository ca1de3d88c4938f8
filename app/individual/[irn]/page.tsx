import type { Metadata } from 'next';
import { BadReference } from '@/components/register/bad-reference';
import { StreamedSection } from '@/components/register/streamed-section';
import { CurrentRoles } from '@/components/individual/current-roles';
import { DisciplinarySummary } from '@/components/individual/disciplinary-summary';
import { IndividualDetails } from '@/components/individual/individual-details';
import { IndividualHeader } from '@/components/individual/individual-header';
import { IndividualUnavailable } from '@/components/individual/individual-unavailable';
import { IndividualWarnings } from '@/components/individual/individual-warnings';
import { WatchControl } from '@/components/watch/watch-control';
import { individualTitle, lookUpIndividual } from '@/lib/page-data/entity-lookup';
import { requireUser } from '@/lib/auth/session';

type Params = Promise<{ irn: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: await individualTitle((await params).irn) };
}

export default async function IndividualPage({ params }: { params: Params }) {
  await requireUser();
  const lookup = await lookUpIndividual((await params).irn);
  if (lookup.kind === 'bad-input') return <BadReference kind="individual" input={lookup.input} message={lookup.message} />;
  if (lookup.kind === 'failure') return <IndividualUnavailable irn={lookup.ref} failure={lookup.failure} />;
  const { result, ref: irn } = lookup;
  const individual = result.data;
  return (
    <div className="space-y-8">
      <IndividualHeader
        individual={individual}
        provenance={result.provenance}
        notice={result.notice}
        current="overview"
        refreshCalls={[
          { endpoint: 'individual', args: [irn] },
          { endpoint: 'individualControlledFunctions', args: [irn] },
          { endpoint: 'individualDisciplinaryHistory', args: [irn] },
        ]}
      />
      <WatchControl kind="individual" refNumber={irn} name={individual.fullName ?? null} />
      <StreamedSection id="warnings" title="Warnings" label="warnings" rows={2}>
        <IndividualWarnings individual={individual} />
      </StreamedSection>
      <section aria-labelledby="details-heading" className="space-y-3">
        <h2 id="details-heading" className="text-lg font-semibold">
          Details
        </h2>
        <IndividualDetails individual={individual} />
      </section>
      <StreamedSection id="roles" title="Current roles" label="current controlled functions">
        <CurrentRoles irn={irn} />
      </StreamedSection>
      <StreamedSection id="disciplinary" title="Disciplinary history" label="disciplinary history">
        <DisciplinarySummary irn={irn} />
      </StreamedSection>
    </div>
  );
}
