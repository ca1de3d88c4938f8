import Link from 'next/link';
import { DataTable } from '@/components/tables/data-table';
import { ExtraFields } from '@/components/register/extra-fields';
import { ProvenanceLine } from '@/components/register/provenance-line';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ExportLink } from '@/components/register/export-link';
import { StaleNotice } from '@/components/register/stale-notice';
import { fundExportHref } from '@/lib/export/export-paths';
import { Pager } from '@/components/ui/pager';
import { formatDate } from '@/lib/format/date';
import { readFundNames } from '@/lib/page-data/cached-reads';
import { fundPath } from '@/lib/routes/portal-paths';

/** The fund's other (previous and alternative) names; on the overview only the first few, with a link to all. */
export async function FundNamesSection({ prn, page = 1, preview }: { prn: string; page?: number; preview?: number }) {
  const result = await readFundNames(prn, page);
  // "Not found" is the register's way of saying the fund has no other names.
  if (result.kind === 'not-found') {
    return <p className="text-sm text-slate-700">{page > 1 ? `There is no page ${page} of other names.` : 'The register records no other names for this fund.'}</p>;
  }
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={`other names of fund ${prn}`} />;
  const names = preview ? result.data.slice(0, preview) : result.data;
  const total = result.page.totalCount ?? result.data.length;
  const pageCount = result.page.pageCount ?? (result.page.hasNext ? page + 1 : page);
  return (
    <div className="space-y-2">
      <StaleNotice notice={result.notice} />
      <DataTable
        id="fund-names"
        caption="Other names"
        captionExtra={
          <>
            {`${total} ${total === 1 ? 'name' : 'names'}`}
            <ExportLink href={fundExportHref(prn, 'names')} what="other names" />
          </>
        }
        rows={names}
        rowKey={(n, i) => `${n.name ?? ''}-${i}`}
        columns={[
          { header: 'Name', rowHeader: true, cell: (n) => n.name ?? '—' },
          { header: 'Effective from', cell: (n) => formatDate(n.effectiveFrom), className: 'whitespace-nowrap' },
          { header: 'Effective to', cell: (n) => formatDate(n.effectiveTo, 'Current'), className: 'whitespace-nowrap' },
        ]}
      />
      {names.map((n, i) => (Object.keys(n.extra).length ? <ExtraFields key={i} extra={n.extra} label={`Other fields for ${n.name ?? 'a name'}`} /> : null))}
      {preview && result.data.length > names.length ? (
        <p className="text-sm">
          <Link href={fundPath(prn, 'names')} className="text-brand-700 underline">
            All {total} other names
          </Link>
        </p>
      ) : null}
      {!preview ? <Pager basePath={fundPath(prn, 'names')} page={page} totalPages={Math.max(page, pageCount)} label="Other names" /> : null}
      <ProvenanceLine provenance={result.provenance} />
    </div>
  );
}
