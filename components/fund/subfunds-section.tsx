import Link from 'next/link';
import { DataTable } from '@/components/tables/data-table';
import { ExtraFields } from '@/components/register/extra-fields';
import { ProvenanceLine } from '@/components/register/provenance-line';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ExportLink } from '@/components/register/export-link';
import { StaleNotice } from '@/components/register/stale-notice';
import { fundExportHref } from '@/lib/export/export-paths';
import { Pager } from '@/components/ui/pager';
import { readFundSubfunds } from '@/lib/page-data/cached-reads';
import type { SubFund } from '@/lib/register/model';
import { checkSearchText } from '@/lib/register/validate';
import { fundPath, searchPath } from '@/lib/routes/portal-paths';

function NameCell({ row }: { row: SubFund }) {
  if (!row.name) return <>—</>;
  // A sub-fund row carries no PRN of its own; a fund search by its name finds its record.
  if (!checkSearchText(row.name).ok) return <>{row.name}</>;
  return (
    <Link href={searchPath(row.name, 'fund')} className="text-brand-700 underline underline-offset-2" title="Find this sub-fund’s own register record">
      {row.name}
    </Link>
  );
}

/**
 * Sub-funds, 20 per register page. Paging follows the page count worked out from total_count,
 * never the register's own Previous/Next links (page 1 says pgnp=0, the last page points past
 * the end). Each row's link points at its parent, which is what the register's URL says.
 */
export async function SubfundsSection({ prn, page = 1, preview }: { prn: string; page?: number; preview?: number }) {
  const result = await readFundSubfunds(prn, page);
  if (result.kind === 'not-found') {
    return <p className="text-sm text-slate-700">{page > 1 ? `There is no page ${page} of sub-funds.` : 'The register records no sub-funds for this fund.'}</p>;
  }
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={`sub-funds of fund ${prn}`} />;
  const rows = preview ? result.data.slice(0, preview) : result.data;
  const total = result.page.totalCount ?? result.data.length;
  const pageCount = result.page.pageCount ?? (result.page.hasNext ? page + 1 : page);
  return (
    <div className="space-y-2">
      <StaleNotice notice={result.notice} />
      <DataTable
        id="subfunds"
        caption="Sub-funds"
        captionExtra={
          <>
            {`${total} ${total === 1 ? 'sub-fund' : 'sub-funds'}${!preview && pageCount > 1 ? `, page ${page} of ${pageCount}` : ''}`}
            <ExportLink href={fundExportHref(prn, 'subfunds')} what="sub-funds" />
          </>
        }
        rows={rows}
        rowKey={(s, i) => `${s.name ?? ''}-${i}`}
        filterable={!preview}
        columns={[
          { header: 'Sub-fund', rowHeader: true, cell: (s) => <NameCell row={s} /> },
          { header: 'Sub-fund type', cell: (s) => s.type ?? '—' },
          {
            header: 'Parent fund',
            cell: (s) =>
              s.parentPrn ? (
                <Link href={fundPath(s.parentPrn)} className="text-brand-700 underline">
                  PRN {s.parentPrn}
                  {s.parentPrn === prn ? <span className="sr-only"> (this fund)</span> : null}
                </Link>
              ) : (
                '—'
              ),
            className: 'whitespace-nowrap',
          },
        ]}
      />
      {rows.map((s, i) => (Object.keys(s.extra).length ? <ExtraFields key={i} extra={s.extra} label={`Other fields for ${s.name ?? 'a sub-fund'}`} /> : null))}
      {preview ? (
        total > rows.length ? (
          <p className="text-sm">
            <Link href={fundPath(prn, 'subfunds')} className="text-brand-700 underline">
              All {total} sub-funds
            </Link>
          </p>
        ) : null
      ) : (
        <Pager basePath={fundPath(prn, 'subfunds')} page={page} totalPages={Math.max(page, pageCount)} label="Sub-funds" />
      )}
      <ProvenanceLine provenance={result.provenance} />
    </div>
  );
}
