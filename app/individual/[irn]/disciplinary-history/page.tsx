import type { Metadata } from 'next';
import { BadReference } from '@/components/register/bad-reference';
import { StreamedSection } from '@/components/register/streamed-section';
import { DisciplinaryHistorySection } from '@/components/individual/disciplinary-history-section';
import { IndividualHeader } from '@/components/individual/individual-header';
import { IndividualUnavailable } from '@/components/individual/individual-unavailable';
import { individualTitle, lookUpIndividual } from '@/lib/page-data/entity-lookup';
import { checkPage } from '@/lib/register/validate';
import { requireUser } from '@/lib/auth/session';

type Params = Promise<{ irn: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: await individualTitle((await params).irn, 'Disciplinary history') };
}

export default async function IndividualDisciplinaryHistoryPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  await requireUser();
  const lookup = await lookUpIndividual((await params).irn);
  if (lookup.kind === 'bad-input') return <BadReference kind="individual" input={lookup.input} message={lookup.message} />;
  if (lookup.kind === 'failure') return <IndividualUnavailable irn={lookup.ref} failure={lookup.failure} />;
  const { result, ref: irn } = lookup;
  const rawPage = (await searchParams).page;
  const page = checkPage(Array.isArray(rawPage) ? rawPage[0] : rawPage);
  return (
    <div className="space-y-8">
      <IndividualHeader
        individual={result.data}
        provenance={result.provenance}
        notice={result.notice}
        current="disciplinary-history"
        refreshCalls={[
          { endpoint: 'individual', args: [irn] },
          { endpoint: 'individualDisciplinaryHistory', args: [irn], page: page.ok ? page.value : 1 },
        ]}
      />
      {page.ok ? (
        <StreamedSection key={page.value} id="actions" title="Disciplinary history" label="disciplinary history">
          <DisciplinaryHistorySection irn={irn} page={page.value} />
        </StreamedSection>
      ) : (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          {page.message}
        </p>
      )}
    </div>
  );
}
