import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { auditSearch } from '@/lib/audit/page-view';
import { StreamedSection } from '@/components/register/streamed-section';
import { SearchForm } from '@/components/search/search-form';
import { SearchResults } from '@/components/search/search-results';
import { SearchTypeTabs } from '@/components/search/search-type-tabs';
import { readFirm, readFund } from '@/lib/page-data/cached-reads';
import type { SearchType } from '@/lib/register/model';
import type { RegisterResult } from '@/lib/register/result';
import { checkPage, checkSearchText, checkSearchType } from '@/lib/register/validate';
import { entityPath } from '@/lib/routes/portal-paths';
import { jumpForQuery, type EntityReference } from '@/lib/search/reference-query';
import { requireUser } from '@/lib/auth/session';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const NOUN: Record<SearchType, string> = { firm: 'firms', individual: 'individuals', fund: 'funds' };
const LABEL: Record<SearchType, string> = { firm: 'firm with FRN', individual: 'individual with IRN', fund: 'fund with PRN' };

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const q = first((await searchParams).q)?.trim();
  return { title: q ? `“${q.slice(0, 60)}”: search` : 'Search the register' };
}

function lookUp(ref: EntityReference): Promise<RegisterResult<unknown>> {
  return ref.entity === 'fund' ? readFund(ref.ref) : readFirm(ref.ref);
}

/**
 * Digits may be an FRN or a PRN: try the reading the search type suggests, then the other one.
 * Both reads land in the register cache, so the page it redirects to costs nothing more. Returns
 * what to say when neither exists (or the second could not be checked); otherwise redirects.
 */
async function jumpToNumber(primary: EntityReference, alternative: EntityReference): Promise<{ primary: EntityReference; alternativeResult: RegisterResult<unknown> }> {
  const found = await lookUp(primary);
  // Found, or the register failed: the record's own page shows the record or explains the failure.
  if (found.kind !== 'not-found') redirect(entityPath(primary.entity, primary.ref));
  const other = await lookUp(alternative);
  if (other.kind === 'ok') redirect(entityPath(alternative.entity, alternative.ref));
  return { primary, alternativeResult: other };
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
        <h1 className="text-2xl font-bold tracking-tight">Search the register</h1>
        <SearchForm idPrefix="search" defaultType={type} autoFocus />
      </div>
    );
  }

  // A reference number or a pasted register link goes straight to its page (before any streaming, so a real redirect).
  const jump = typeCheck.ok ? jumpForQuery(rawQuery, type) : undefined;
  // Every search is audited before anything streams or redirects; a reference number typed into search is one too.
  if (jump) await auditSearch({ q: rawQuery.trim(), type, reason: 'reference-number' });
  let neither: Awaited<ReturnType<typeof jumpToNumber>> | undefined;
  if (jump?.kind === 'path') redirect(jump.path);
  if (jump?.kind === 'entity') {
    if (!jump.alternative) redirect(entityPath(jump.entity, jump.ref));
    neither = await jumpToNumber(jump, jump.alternative);
  }

  const text = checkSearchText(rawQuery);
  const page = checkPage(first(params.page));
  const problem = !typeCheck.ok ? typeCheck : !text.ok ? text : !page.ok ? page : undefined;
  const shownQuery = text.ok ? text.value : rawQuery.trim();
  if (!jump) await auditSearch({ q: shownQuery, type: rawType ?? 'firm', page: page.ok ? page.value : 1, outcome: problem ? 'failure' : 'success', reason: problem?.field });

  return (
    <div className="space-y-6">
      <div className="mx-auto max-w-3xl space-y-4">
        <h1 className="text-2xl font-bold tracking-tight">{problem || neither ? 'Search the register' : `Search results: ${NOUN[type]}`}</h1>
        <SearchForm idPrefix="search" defaultQuery={rawQuery.slice(0, 300)} defaultType={type} error={problem?.field === 'q' ? problem.message : undefined} />
      </div>
      {problem ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <strong className="font-semibold">Nothing was searched.</strong>{' '}
          {problem.field === 'q' ? 'Correct the search text above and search again.' : problem.message}
        </p>
      ) : neither ? (
        <div className="space-y-3">
          <div role="status" className="rounded border border-slate-300 bg-white p-4 text-sm">
            <p className="font-semibold">
              There is no {LABEL[neither.primary.entity]} {neither.primary.ref}
              {neither.alternativeResult.kind === 'not-found' ? `, and no ${LABEL[neither.primary.entity === 'fund' ? 'firm' : 'fund']} ${neither.primary.ref} either.` : '.'}
            </p>
            <p className="mt-1 text-slate-700">
              FRNs and PRNs are both numbers, so both were checked. Check the number, or search by name. An individual’s IRN has three
              letters and five digits (e.g. MXC29012).
            </p>
          </div>
          {neither.alternativeResult.kind !== 'not-found' && neither.alternativeResult.kind !== 'ok' ? (
            <RegisterFailureMessage
              failure={neither.alternativeResult}
              what={`a ${neither.primary.entity === 'fund' ? 'firm with FRN' : 'fund with PRN'} ${neither.primary.ref}`}
            />
          ) : null}
        </div>
      ) : (
        <div className="space-y-4">
          <SearchTypeTabs query={shownQuery} type={type} />
          {/* Keyed so a new query or page shows the skeleton again instead of the previous results. */}
          <StreamedSection key={`${shownQuery}|${type}|${page.ok ? page.value : 1}`} id="results" title={<span className="sr-only">Results</span>} label="search results" rows={8}>
            <SearchResults query={shownQuery} type={type} page={page.ok ? page.value : 1} />
          </StreamedSection>
        </div>
      )}
    </div>
  );
}
