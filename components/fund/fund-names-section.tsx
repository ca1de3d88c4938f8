import { DataTable } from '@/components/tables/data-table';
import { ExtraFields } from '@/components/register/extra-fields';
import { ProvenanceLine } from '@/components/register/provenance-line';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ExportLink } from '@/components/register/export-link';
import type { ListView } from '@/lib/page-data/list-view';
import { PagedRegisterList } from '@/components/register/paged-register-list';
import { sectionListProps } from '@/components/register/section-list-props';
import { StaleNotice } from '@/components/register/stale-notice';
import { fundExportHref } from '@/lib/export/export-paths';
import { formatDate } from '@/lib/format/date';
import { readFundNames } from '@/lib/page-data/cached-reads';
import { getRegisterClient } from '@/lib/register/client';
import type { FundName } from '@/lib/register/model';
import { fundPath } from '@/lib/routes/portal-paths';
import { FUND_SECTIONS } from '@/lib/sections/fund-sections';
import { countText, listOf } from '@/lib/sections/section-kit';
import { TextLink } from '@/components/ui/text-link';

const NONE = <p className="text-sm text-slate-700">The register records no other names for this fund.</p>;

/** The other names as a table; `total` is the register's count of the whole list. */
function FundNamesTable({ prn, names, total }: { prn: string; names: FundName[]; total: number }) {
  return (
    <>
      <DataTable
        id="fund-names"
        caption={FUND_SECTIONS.names.title}
        captionExtra={
          <>
            {countText(total, FUND_SECTIONS.names.unit)}
            <ExportLink href={fundExportHref(prn, 'names')} what={FUND_SECTIONS.names.label} />
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
    </>
  );
}

/** On the fund's overview: the first few other names, with a link to all of them. */
export async function FundNamesPreview({ prn, preview }: { prn: string; preview: number }) {
  const result = await readFundNames(prn);
  // "Not found" is the register's way of saying the fund has no other names.
  if (result.kind === 'not-found') return NONE;
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={listOf('fund', FUND_SECTIONS.names, prn)} />;
  const total = result.page.totalCount ?? result.data.length;
  return (
    <div className="space-y-2">
      <StaleNotice notice={result.notice} />
      <FundNamesTable prn={prn} names={result.data.slice(0, preview)} total={total} />
      {result.data.length > preview ? (
        <p className="text-sm">
          <TextLink href={fundPath(prn, 'names')}>All {total} other names</TextLink>
        </p>
      ) : null}
      <ProvenanceLine provenance={result.provenance} />
    </div>
  );
}

/** The other-names page: the fund's previous and alternative names, paged as every register list is. */
export function FundNamesList({ prn, view }: { prn: string; view: ListView }) {
  const client = getRegisterClient();
  return (
    <PagedRegisterList
      view={view}
      {...sectionListProps('fund', prn, FUND_SECTIONS.names)}
      badPage="reason"
      fetchPage={(page) => readFundNames(prn, page)}
      fetchAll={(onProgress) => client.allPages(client.fundNames, [prn], { onProgress })}
      rows={(names) => names.length}
      none={NONE}
      render={(names, _scope, where) => <FundNamesTable prn={prn} names={names} total={where?.totalCount ?? names.length} />}
    />
  );
}
