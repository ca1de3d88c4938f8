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
import { readFundSubfunds } from '@/lib/page-data/cached-reads';
import { getRegisterClient } from '@/lib/register/client';
import type { SubFund } from '@/lib/register/model';
import { checkSearchText } from '@/lib/register/validate';
import { fundPath, searchPath } from '@/lib/routes/portal-paths';
import { FUND_SECTIONS } from '@/lib/sections/fund-sections';
import { countText, listOf } from '@/lib/sections/section-kit';
import { TextLink } from '@/components/ui/text-link';

function NameCell({ row }: { row: SubFund }) {
  if (!row.name) return <>—</>;
  // A sub-fund row carries no PRN of its own; a fund search by its name finds its record.
  if (!checkSearchText(row.name).ok) return <>{row.name}</>;
  return (
    <TextLink href={searchPath(row.name, 'fund')} title="Find this sub-fund’s own register record">
      {row.name}
    </TextLink>
  );
}

const NONE = <p className="text-sm text-slate-700">The register records no sub-funds for this fund.</p>;

/**
 * The sub-funds as a table: `total` is the register's count of the whole list, `where` (on the
 * sub-funds page) which page this is. Each row's parent link points at its parent, which is what
 * the register's URL says.
 */
function SubfundsTable({ prn, rows, total, where, filterable }: { prn: string; rows: SubFund[]; total: number; where?: { page: number; pages: number }; filterable: boolean }) {
  return (
    <>
      <DataTable
        id="subfunds"
        caption={FUND_SECTIONS.subfunds.title}
        captionExtra={
          <>
            {`${countText(total, FUND_SECTIONS.subfunds.unit)}${where && where.pages > 1 ? `, page ${where.page} of ${where.pages}` : ''}`}
            <ExportLink href={fundExportHref(prn, 'subfunds')} what={FUND_SECTIONS.subfunds.label} />
          </>
        }
        rows={rows}
        rowKey={(s, i) => `${s.name ?? ''}-${i}`}
        filterable={filterable}
        columns={[
          { header: 'Sub-fund', rowHeader: true, cell: (s) => <NameCell row={s} /> },
          { header: 'Sub-fund type', cell: (s) => s.type ?? '—' },
          // The parent of a sub-fund listed on its umbrella's page is the umbrella: said once, above,
          // not on every row; the column appears only when the register names another parent.
          ...(rows.some((s) => s.parentPrn && s.parentPrn !== prn)
            ? [
                {
                  header: 'Parent fund',
                  cell: (s: SubFund) =>
                    s.parentPrn ? (
                      <TextLink href={fundPath(s.parentPrn)}>
                        PRN {s.parentPrn}
                        {s.parentPrn === prn ? <span className="sr-only"> (this fund)</span> : null}
                      </TextLink>
                    ) : (
                      '—'
                    ),
                  className: 'whitespace-nowrap',
                },
              ]
            : []),
        ]}
      />
      {rows.map((s, i) => (Object.keys(s.extra).length ? <ExtraFields key={i} extra={s.extra} label={`Other fields for ${s.name ?? 'a sub-fund'}`} /> : null))}
    </>
  );
}

/** On the fund's overview: the first few sub-funds, with a link to all of them. */
export async function SubfundsPreview({ prn, preview }: { prn: string; preview: number }) {
  const result = await readFundSubfunds(prn);
  if (result.kind === 'not-found') return NONE;
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={listOf('fund', FUND_SECTIONS.subfunds, prn)} />;
  const rows = result.data.slice(0, preview);
  const total = result.page.totalCount ?? result.data.length;
  return (
    <div className="space-y-2">
      <StaleNotice notice={result.notice} />
      <SubfundsTable prn={prn} rows={rows} total={total} filterable={false} />
      {total > rows.length ? (
        <p className="text-sm">
          <TextLink href={fundPath(prn, 'subfunds')}>All {total} sub-funds</TextLink>
        </p>
      ) : null}
      <ProvenanceLine provenance={result.provenance} />
    </div>
  );
}

/**
 * The sub-funds page: 20 per register page, paged as every register list is. Paging follows the
 * page count worked out from total_count, never the register's own Previous/Next links (page 1
 * says pgnp=0, the last page points past the end).
 */
export function SubfundsList({ prn, view }: { prn: string; view: ListView }) {
  const client = getRegisterClient();
  return (
    <PagedRegisterList
      view={view}
      {...sectionListProps('fund', prn, FUND_SECTIONS.subfunds)}
      positionInRows
      badPage="reason"
      fetchPage={(page) => readFundSubfunds(prn, page)}
      fetchAll={(onProgress) => client.allPages(client.fundSubfunds, [prn], { onProgress })}
      rows={(rows) => rows.length}
      none={NONE}
      render={(rows, _scope, where) => <SubfundsTable prn={prn} rows={rows} total={where?.totalCount ?? rows.length} where={where} filterable />}
    />
  );
}
