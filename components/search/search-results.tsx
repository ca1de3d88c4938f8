import Link from 'next/link';
import { DataTable, type Column } from '@/components/tables/data-table';
import { Pager } from '@/components/ui/pager';
import { StatusTag, toneForStatus } from '@/components/ui/status-tag';
import { WarningCallout } from '@/components/ui/warning-callout';
import { ProvenanceLine } from '@/components/register/provenance-line';
import { RefreshButton } from '@/components/register/refresh-button';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ExportLink } from '@/components/register/export-link';
import { StaleNotice } from '@/components/register/stale-notice';
import { searchExportHref } from '@/lib/export/export-paths';
import { readSearch } from '@/lib/page-data/cached-reads';
import type { SearchResult, SearchType } from '@/lib/register/model';
import { entityPath, searchPath } from '@/lib/routes/portal-paths';
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
          <StatusTag tone="negative">{isClone(row) ? 'Clone firm' : 'Unauthorised firm'}</StatusTag> Not authorised by the FCA: the register
          has no page for it.
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

/** One page of register search results, fetched inside its own Suspense boundary. */
export async function SearchResults({ query, type, page }: { query: string; type: SearchType; page: number }) {
  const result = await readSearch(query, type, page);
  const [one, many] = NOUNS[type];

  if (result.kind === 'not-found') {
    if (page > 1) {
      return (
        <div role="status" className="rounded border border-slate-300 bg-white p-4 text-sm">
          <p className="font-semibold">There is no page {page} of {many} matching “{query}”.</p>
          <p className="mt-1">
            <Link href={searchPath(query, type)} className="text-brand-700 underline">
              Go to the first page of results
            </Link>
          </p>
        </div>
      );
    }
    return <NoResults query={query} type={type} />;
  }
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={`${one} search results for “${query}”`} />;

  const rows = result.data;
  const total = result.page.totalCount ?? rows.length;
  const pageCount = result.page.pageCount ?? (result.page.hasNext ? page + 1 : page);
  const warned = rows.filter((r) => r.unauthorised);

  const columns: Column<SearchResult>[] = [
    { header: 'Name', cell: (row) => <NameCell row={row} />, rowHeader: true, className: 'min-w-48' },
    { header: 'Reference number', cell: (row) => row.referenceNumber ?? '—', className: 'whitespace-nowrap font-mono' },
    { header: 'Status', cell: (row) => (row.status ? <StatusTag tone={toneForStatus(row.status)}>{row.status}</StatusTag> : '—') },
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
      <StaleNotice notice={result.notice} />
      <p className="text-sm text-slate-700" data-testid="result-count">
        {total.toLocaleString('en-GB')} {total === 1 ? one : many} match “{query}”
        {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ''}
      </p>
      {warned.length > 0 ? (
        <WarningCallout tone="danger" title={`${warned.length} of these ${warned.length === 1 ? 'is an unauthorised or clone firm' : 'are unauthorised or clone firms'}`}>
          The FCA lists them to warn the public: they are not authorised, and a clone uses the details of a real firm to look
          genuine. They have no register record, so they are shown without a link.
        </WarningCallout>
      ) : null}
      <DataTable
        id="search-results"
        caption={`${many[0].toUpperCase()}${many.slice(1)} matching “${query}”`}
        captionExtra={
          <>
            {pageCount > 1 ? `page ${page} of ${pageCount}` : null}
            <ExportLink href={searchExportHref(query, type)} what={`${many} matching “${query}”`} />
          </>
        }
        columns={columns}
        rows={rows}
        rowKey={(row, i) => `${row.referenceNumber ?? 'none'}-${i}`}
        filterable={false}
      />
      <Pager basePath="/search" params={{ q: query, type }} page={page} totalPages={Math.max(page, pageCount)} label={`${one[0].toUpperCase()}${one.slice(1)} results`} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ProvenanceLine provenance={result.provenance} />
        <RefreshButton calls={[{ endpoint: 'search', args: [query, type], page }]} />
      </div>
    </div>
  );
}
