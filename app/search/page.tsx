import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { auditSearch } from '@/lib/audit/page-view';
import { StreamedSection } from '@/components/register/streamed-section';
import { NumberNotFound } from '@/components/search/number-not-found';
import { SearchForm } from '@/components/search/search-form';
import { SearchResults } from '@/components/search/search-results';
import { SearchTypeTabs } from '@/components/search/search-type-tabs';
import type { SearchType } from '@/lib/register/model';
import { checkSearchText, checkSearchType } from '@/lib/register/validate';
import { listViewKey, parseListView, viewPage } from '@/lib/page-data/list-view';
import { parseSearchView } from '@/lib/page-data/search-view';
import { entityPath } from '@/lib/routes/portal-paths';
import { jumpToNumber, type NumberNotFound as NumberNotFoundData } from '@/lib/search/number-jump';
import { jumpForQuery } from '@/lib/routes/reference-query';
import { readSearchQuery } from '@/lib/search/search-folding';
import Link from 'next/link';
import { searchPath } from '@/lib/routes/portal-paths';
import { requireUser } from '@/lib/auth/session';
import { PageHeader } from '@/components/ui/page-header';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const NOUN: Record<SearchType, string> = { firm: 'firms', individual: 'individuals', fund: 'funds' };

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const q = first((await searchParams).q)?.trim();
  return { title: q ? `“${q.slice(0, 60)}”: search` : 'Search the register' };
}

export default async function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  await requireUser();
  const params = await searchParams;
  const rawQuery = first(params.q);
  const rawType = first(params.type);
  const typeCheck = rawType === undefined || rawType === '' ? ({ ok: true, value: 'firm' } as const) : checkSearchType(rawType);
  const type: SearchType = typeCheck.ok ? typeCheck.value : 'firm';

  if (rawQuery === undefined) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <PageHeader title="Search the register" />
        <SearchForm idPrefix="search" defaultType={type} autoFocus />
      </div>
    );
  }

  // A reference number or a pasted register link goes straight to its page (before any streaming, so a real redirect).
  const jump = typeCheck.ok ? jumpForQuery(rawQuery, type) : undefined;
  // Every search is audited before anything streams or redirects; a reference number typed into search is one too.
  if (jump) await auditSearch({ q: rawQuery.trim(), type, reason: 'reference-number' });
  let neither: NumberNotFoundData | undefined;
  if (jump?.kind === 'path') redirect(jump.path);
  if (jump?.kind === 'entity') {
    if (!jump.alternative) redirect(entityPath(jump.entity, jump.ref));
    neither = await jumpToNumber(jump, jump.alternative);
  }

  const text = checkSearchText(rawQuery);
  const view = parseListView(params);
  const sortFilter = parseSearchView(params);
  const problem = !typeCheck.ok
    ? typeCheck
    : !text.ok
      ? text
      : view.mode === 'bad'
        ? { ok: false as const, field: view.field, message: view.message }
        : !sortFilter.ok
          ? sortFilter
          : undefined;
  const shownQuery = text.ok ? text.value : rawQuery.trim();
  const exact = first(params.exact) === '1';
  const reading = readSearchQuery(shownQuery, type, exact);
  if (!jump) await auditSearch({ q: shownQuery, type: rawType ?? 'firm', page: viewPage(view), outcome: problem ? 'failure' : 'success', reason: problem?.field });

  return (
    <div className="space-y-6">
      <div className="mx-auto max-w-3xl space-y-4">
        <PageHeader title={problem || neither ? 'Search the register' : `Search results: ${NOUN[type]}`} />
        <SearchForm idPrefix="search" defaultQuery={rawQuery.slice(0, 300)} defaultType={type} error={problem?.field === 'q' ? problem.message : undefined} />
      </div>
      {problem ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <strong className="font-semibold">Nothing was searched.</strong> {problem.field === 'q' ? 'Correct the search text above and search again.' : problem.message}
        </p>
      ) : neither ? (
        <NumberNotFound result={neither} />
      ) : (
        <div className="space-y-4">
          <SearchTypeTabs query={shownQuery} type={type} />
          {reading.folded ? (
            <p role="note" className="rounded border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950" data-testid="search-folded">
              Searched the register for “{reading.registerQuery}”: {reading.folded.join(', ')}, because the register’s search needs every word to start a word of the name.{' '}
              <Link href={searchPath(shownQuery, type, undefined, { exact: true })} className="font-medium underline">
                Search for exactly “{shownQuery}”
              </Link>
            </p>
          ) : null}
          {/* Keyed so a new query or page shows the skeleton again instead of the previous results. */}
          <StreamedSection
            key={`${shownQuery}|${type}|${exact}|${listViewKey(view)}|${sortFilter.ok ? JSON.stringify(sortFilter.value) : ''}`}
            id="results"
            title={<span className="sr-only">Results</span>}
            label="search results"
            rows={8}
          >
            <SearchResults
              query={reading.registerQuery}
              typed={shownQuery}
              exact={exact}
              type={type}
              view={view}
              sortFilter={sortFilter.ok ? sortFilter.value : { sort: 'register' }}
            />
          </StreamedSection>
        </div>
      )}
    </div>
  );
}
