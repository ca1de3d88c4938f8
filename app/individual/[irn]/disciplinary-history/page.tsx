import type { Metadata } from 'next';
import { BadReference } from '@/components/register/bad-reference';
import { StreamedSection } from '@/components/register/streamed-section';
import { DisciplinaryHistoryList } from '@/components/individual/disciplinary-history-section';
import { IndividualHeader } from '@/components/individual/individual-header';
import { IndividualUnavailable } from '@/components/individual/individual-unavailable';
import { individualTitle, lookUpIndividual } from '@/lib/page-data/entity-lookup';
import { listViewKey, parseListView, type SearchParams } from '@/components/register/list-view';
import { requireUser } from '@/lib/auth/session';

type Params = Promise<{ irn: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: await individualTitle((await params).irn, 'Disciplinary history') };
}

export default async function IndividualDisciplinaryHistoryPage({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
  await requireUser();
  const lookup = await lookUpIndividual((await params).irn);
  if (lookup.kind === 'bad-input') return <BadReference kind="individual" input={lookup.input} message={lookup.message} />;
  if (lookup.kind === 'failure') return <IndividualUnavailable irn={lookup.ref} failure={lookup.failure} />;
  const { result, ref: irn } = lookup;
  const view = parseListView(await searchParams);
  return (
    <div className="space-y-8">
      <IndividualHeader
        individual={result.data}
        provenance={result.provenance}
        notice={result.notice}
        current="disciplinary-history"
        refreshCalls={[
          { endpoint: 'individual', args: [irn] },
          { endpoint: 'individualDisciplinaryHistory', args: [irn], page: view.mode === 'page' ? view.page : 1 },
        ]}
      />
      <StreamedSection key={listViewKey(view)} id="actions" title="Disciplinary history" label="disciplinary history">
        <DisciplinaryHistoryList irn={irn} view={view} />
      </StreamedSection>
    </div>
  );
}
