import { DataTable, type Column } from '@/components/tables/data-table';
import { StandingBadge } from '@/components/standing/standing-badge';
import { StatusTag, toneForStatus } from '@/components/ui/status-tag';
import { WarningCallout } from '@/components/ui/warning-callout';
import { RefreshButton } from '@/components/register/refresh-button';
import { ExportLink } from '@/components/register/export-link';
import { viewPage, type ListView } from '@/lib/page-data/list-view';
import { applySearchView, searchViewParams, SORTS, statusChoices, statusKey, UNAUTHORISED, type SearchView } from '@/lib/page-data/search-view';
import { PagedRegisterList, type ListWhere } from '@/components/register/paged-register-list';
import { searchExportHref } from '@/lib/export/export-paths';
import { readSearch } from '@/lib/page-data/cached-reads';
import { getRegisterClient } from '@/lib/register/client';
import type { SearchResult, SearchType } from '@/lib/register/model';
import { entityPath, withQuery } from '@/lib/routes/portal-paths';
import { listingStanding } from '@/lib/standing/listing-standing';
import { CloseMatches } from './close-matches';
import { NoResults } from './no-results';
import { Button } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';
import { Field, Select } from '@/components/ui/field';

const NOUNS: Record<SearchType, [string, string]> = { firm: ['firm', 'firms'], individual: ['individual', 'individuals'], fund: ['fund', 'funds'] };

function isClone(row: SearchResult): boolean {
  return /\bclone\b/i.test(row.listedName ?? '');
}

function NameCell({ row }: { row: SearchResult }) {
  const name = row.name ?? row.listedName ?? 'Unnamed entry';
  if (row.unauthorised || !row.linkable || !row.referenceNumber) {
    return (
      <span className="flex flex-col gap-1">
        <span className="font-medium">{name}</span>
        <span className="text-xs font-normal text-red-900">
          <StatusTag tone="negative">{isClone(row) ? 'Clone firm' : 'Unauthorised firm'}</StatusTag> Not authorised by the FCA: the register has no page for it.
        </span>
      </span>
    );
  }
  return (
    <TextLink href={entityPath(row.entity, row.referenceNumber)} weight="medium">
      {name}
    </TextLink>
  );
}

const n = (value: number) => value.toLocaleString('en-GB');

/**
 * Sort and status filter: a plain GET form (it works without JavaScript and its address can be
 * shared). It sorts and filters the rows the page holds, one register page or every page, and
 * says which; no register call is made for it.
 */
function SortFilterForm({ params, rows, view, page }: { params: Record<string, string>; rows: SearchResult[]; view: SearchView; page: number | 'all' }) {
  const choices = statusChoices(rows);
  const current = view.status && !choices.some((c) => c.key === view.status) ? [{ key: view.status, label: view.status.replace(/-/g, ' '), count: 0 }] : [];
  return (
    <form method="get" action="/search" className="no-print flex flex-wrap items-end gap-3 text-sm" aria-label="Sort and filter the results">
      {Object.entries(params).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* The view stays where it is: every page, or this page (sorting a page does not move to another). */}
      {page === 'all' ? <input type="hidden" name="all" value="1" /> : page > 1 ? <input type="hidden" name="page" value={String(page)} /> : null}
      <Field id="search-sort" label="Sort by">
        <Select name="sort" defaultValue={view.sort}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
      </Field>
      {/* A register status can be long ("Appointed representative of …"): the choice shrinks to the screen. */}
      <Field id="search-status" label="Status" className="max-w-full min-w-0">
        <Select name="status" defaultValue={view.status ?? ''} className="w-full max-w-full">
          <option value="">Every status ({n(rows.length)})</option>
          {[...choices, ...current].map((c) => (
            <option key={c.key} value={c.key}>
              {c.label} ({n(c.count)})
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" size="sm">
        Apply
      </Button>
    </form>
  );
}

function ResultsTable({
  query,
  type,
  rows,
  where,
  view,
  params,
}: {
  query: string;
  type: SearchType;
  rows: SearchResult[];
  where?: ListWhere;
  view: SearchView;
  params: Record<string, string>;
}) {
  const [one, many] = NOUNS[type];
  const total = where?.totalCount ?? rows.length;
  const paged = where !== undefined && where.pages > 1;
  const shown = applySearchView(rows, view);
  const filtered = view.status !== undefined;
  const warned = shown.filter((r) => r.unauthorised);
  const over = where === undefined ? `all ${n(rows.length)} ${rows.length === 1 ? one : many}` : paged ? `the ${n(rows.length)} on this page` : `these ${n(rows.length)}`;

  const columns: Column<SearchResult>[] = [
    { header: 'Name', cell: (row) => <NameCell row={row} />, rowHeader: true, className: 'min-w-48' },
    { header: 'Reference number', cell: (row) => row.referenceNumber ?? '—', className: 'whitespace-nowrap font-mono' },
    { header: 'Status', cell: (row) => (row.status ? <StatusTag tone={toneForStatus(row.status)}>{row.status}</StatusTag> : '—') },
    { header: 'Standing', cell: (row) => <StandingBadge standing={listingStanding(row)} /> },
    { header: 'Type', cell: (row) => row.type ?? '—' },
  ];
  if (type === 'firm') {
    columns.push({
      header: 'Postcode or region',
      cell: (row) => (row.postcode ? row.postcode : row.region ? `Region: ${row.region}` : '—'),
      className: 'whitespace-nowrap',
    });
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Standing here is read from each entry’s status in the search listing; a record’s own page reads its notices, requirements and disciplinary history too.
      </p>
      {/* The page's position is said here, once (not in the caption, the mode bar or the pager). */}
      <p className="text-sm text-slate-700" data-testid="result-count">
        {n(total)} {total === 1 ? `${one} matches` : `${many} match`} “{query}”{paged ? ` · page ${where.page} of ${where.pages}` : ''}
      </p>
      <SortFilterForm params={params} rows={rows} view={view} page={where === undefined ? 'all' : where.page} />
      <p className="text-sm text-slate-700" data-testid="sort-scope">
        {view.sort === 'register' && !filtered ? 'In the register’s order. ' : `${filtered ? 'Filtered' : 'Sorted'} over ${over}. `}
        {paged ? (
          <>
            Sort and filter use the results on this page only.{' '}
            <TextLink href={withQuery('/search', { ...params, all: '1' })} weight="medium">
              Sort and filter all {n(total)} {many}
            </TextLink>{' '}
            (reads every page of the results from the register, {n(where.pages)} pages).
          </>
        ) : null}{' '}
        The register’s search gives no status date, so results cannot be sorted by one.
      </p>
      {filtered ? (
        <p role="status" className="text-sm font-medium" data-testid="filter-count">
          Showing {n(shown.length)} of {n(rows.length)} {paged ? `${many} on this page` : many}: status “
          {rows.find((r) => statusKey(r) === view.status)?.status ?? (view.status === UNAUTHORISED ? 'unauthorised or clone' : view.status)}”.{' '}
          <TextLink href={withQuery('/search', { ...params, status: undefined, ...(where === undefined ? { all: '1' } : {}) })} className="font-normal">
            Show every status
          </TextLink>
        </p>
      ) : null}
      {warned.length > 0 ? (
        <WarningCallout tone="danger" title={`${warned.length} of these ${warned.length === 1 ? 'is an unauthorised or clone firm' : 'are unauthorised or clone firms'}`}>
          The FCA lists them to warn the public: they are not authorised, and a clone uses the details of a real firm to look genuine. They have no register record, so they are
          shown without a link.
        </WarningCallout>
      ) : null}
      <DataTable
        id="search-results"
        caption={`${many[0].toUpperCase()}${many.slice(1)} matching “${query}”`}
        captionExtra={<ExportLink href={searchExportHref(query, type)} what={`${many} matching “${query}”`} />}
        columns={columns}
        rows={shown}
        rowKey={(row, i) => `${row.referenceNumber ?? 'none'}-${i}`}
        filterable={false}
        emptyText={`No ${many} ${paged ? 'on this page ' : ''}have that status.`}
      />
    </div>
  );
}

/**
 * Register search results, paged as every register list is (`?page=N`, `?all=1`), keeping the
 * typed query, the type and `exact` in every link. `query` is what the register is asked (the
 * typed name as the matcher reads it, lib/search/search-folding.ts); when it finds nothing, the
 * matcher's close matches follow the advice.
 */
export function SearchResults({
  query,
  typed,
  exact,
  type,
  view,
  sortFilter,
}: {
  query: string;
  typed: string;
  exact: boolean;
  type: SearchType;
  view: ListView;
  sortFilter: SearchView;
}) {
  const client = getRegisterClient();
  const [one, many] = NOUNS[type];
  const base = { q: typed, type, ...(exact ? { exact: '1' } : {}) };
  const params = { ...base, ...searchViewParams(sortFilter) };
  return (
    <PagedRegisterList
      view={view}
      basePath="/search"
      params={params}
      positionInRows
      unit={[one, many]}
      label={`${one} results`}
      failureWhat={`${one} search results for “${query}”`}
      fetchPage={(page) => readSearch(query, type, page)}
      fetchAll={(onProgress) => client.allPages(client.search, [query, type], { onProgress })}
      rows={(rows) => rows.length}
      none={
        <div className="space-y-4">
          <NoResults query={query} type={type} />
          <CloseMatches typed={typed} type={type} />
        </div>
      }
      actions={<RefreshButton calls={[{ endpoint: 'search', args: [query, type], page: viewPage(view) }]} />}
      render={(rows, _scope, where) => <ResultsTable query={query} type={type} rows={rows} where={where} view={sortFilter} params={params} />}
    />
  );
}
