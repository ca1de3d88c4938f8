import Link from 'next/link';
import { DataTable, type Column } from '@/components/tables/data-table';
import { StandingBadge } from '@/components/standing/standing-badge';
import { StatusTag, toneForStatus } from '@/components/ui/status-tag';
import { WarningCallout } from '@/components/ui/warning-callout';
import { RefreshButton } from '@/components/register/refresh-button';
import { ExportLink } from '@/components/register/export-link';
import type { ListView } from '@/lib/page-data/list-view';
import { PagedRegisterList, type ListWhere } from '@/components/register/paged-register-list';
import { searchExportHref } from '@/lib/export/export-paths';
import { readSearch } from '@/lib/page-data/cached-reads';
import { getRegisterClient } from '@/lib/register/client';
import type { SearchResult, SearchType } from '@/lib/register/model';
import { entityPath } from '@/lib/routes/portal-paths';
import { listingStanding } from '@/lib/standing/listing-standing';
import { CloseMatches } from './close-matches';
import { NoResults } from './no-results';

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
    <Link href={entityPath(row.entity, row.referenceNumber)} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
      {name}
    </Link>
  );
}

function ResultsTable({ query, type, rows, where }: { query: string; type: SearchType; rows: SearchResult[]; where?: ListWhere }) {
  const [one, many] = NOUNS[type];
  const total = where?.totalCount ?? rows.length;
  const paged = where !== undefined && where.pages > 1;
  const warned = rows.filter((r) => r.unauthorised);

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
      <p className="text-sm text-slate-700" data-testid="result-count">
        {total.toLocaleString('en-GB')} {total === 1 ? one : many} match “{query}”{paged ? ` · page ${where.page} of ${where.pages}` : ''}
      </p>
      {warned.length > 0 ? (
        <WarningCallout tone="danger" title={`${warned.length} of these ${warned.length === 1 ? 'is an unauthorised or clone firm' : 'are unauthorised or clone firms'}`}>
          The FCA lists them to warn the public: they are not authorised, and a clone uses the details of a real firm to look genuine. They have no register record, so they are
          shown without a link.
        </WarningCallout>
      ) : null}
      <DataTable
        id="search-results"
        caption={`${many[0].toUpperCase()}${many.slice(1)} matching “${query}”`}
        captionExtra={
          <>
            {paged ? `page ${where.page} of ${where.pages}` : null}
            <ExportLink href={searchExportHref(query, type)} what={`${many} matching “${query}”`} />
          </>
        }
        columns={columns}
        rows={rows}
        rowKey={(row, i) => `${row.referenceNumber ?? 'none'}-${i}`}
        filterable={false}
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
export function SearchResults({ query, typed, exact, type, view }: { query: string; typed: string; exact: boolean; type: SearchType; view: ListView }) {
  const client = getRegisterClient();
  const [one, many] = NOUNS[type];
  return (
    <PagedRegisterList
      view={view}
      basePath="/search"
      params={{ q: typed, type, ...(exact ? { exact: '1' } : {}) }}
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
      actions={<RefreshButton calls={[{ endpoint: 'search', args: [query, type], page: view.mode === 'page' ? view.page : 1 }]} />}
      render={(rows, _scope, where) => <ResultsTable query={query} type={type} rows={rows} where={where} />}
    />
  );
}
