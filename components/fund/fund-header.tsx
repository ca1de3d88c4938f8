import { EntityHeader } from '@/components/register/entity-header';
import { recordTabs } from '@/components/register/entity-tabs';
import { RecordStanding } from '@/components/standing/record-standing';
import type { FundPage } from '@/lib/page-data/entity-page';
import type { RegisterCall } from '@/lib/page-data/refresh-calls';
import { fundPath, type FundSection } from '@/lib/routes/portal-paths';
import { FUND_SECTIONS } from '@/lib/sections/fund-sections';

/** The fund's name (from the register's search listing; the record itself has none), PRN, status and pages. */
export function FundHeader({ page, current, refreshCalls }: { page: Extract<FundPage, { kind: 'ready' }>; current: 'overview' | FundSection; refreshCalls: RegisterCall[] }) {
  const { prn, result, listing } = page;
  const fund = result.data;
  return (
    <EntityHeader
      eyebrow={`Fund (collective investment scheme)${fund.schemeType ? ` · ${fund.schemeType}` : ''}`}
      name={listing?.name ?? `Fund PRN ${prn}`}
      facts={
        <>
          <span>
            PRN <strong className="font-mono">{prn}</strong>
          </span>
          {fund.status ? (
            <span className="inline-flex items-center gap-1">
              <span className="text-slate-600">Status:</span>
              <span className="font-semibold">{fund.status}</span>
            </span>
          ) : null}
          {!listing?.name ? <span className="text-slate-600">(the register’s search did not give this fund’s name)</span> : null}
          <div className="basis-full">
            <RecordStanding kind="fund" record={fund} />
          </div>
        </>
      }
      provenance={result.provenance}
      notice={result.notice}
      refreshCalls={refreshCalls}
      tabsLabel="Fund’s pages"
      tabs={recordTabs((section) => fundPath(prn, section), Object.values(FUND_SECTIONS), current)}
    />
  );
}
