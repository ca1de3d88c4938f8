import { EntityTabs } from '@/components/register/entity-tabs';
import { ProvenanceLine } from '@/components/register/provenance-line';
import { RefreshButton } from '@/components/register/refresh-button';
import type { RegisterCall } from '@/lib/page-data/refresh-calls';
import { StaleNotice } from '@/components/register/stale-notice';
import { StatusTag, toneForStatus } from '@/components/ui/status-tag';
import type { Fund, SearchResult } from '@/lib/register/model';
import type { Provenance } from '@/lib/register/result';
import { fundPath, type FundSection } from '@/lib/routes/portal-paths';

/** The fund's name (from the register's search listing; the record itself has none), PRN, status and pages. */
export function FundHeader({
  fund,
  listing,
  provenance,
  notice,
  current,
  refreshCalls,
}: {
  fund: Fund;
  listing?: SearchResult;
  provenance: Provenance;
  notice?: string;
  current: 'overview' | FundSection;
  refreshCalls: RegisterCall[];
}) {
  const { prn } = fund;
  return (
    <header className="space-y-3">
      <div>
        <p className="text-sm font-medium text-slate-600">Fund (collective investment scheme){fund.schemeType ? ` · ${fund.schemeType}` : ''}</p>
        <h1 className="text-2xl font-bold tracking-tight break-words">{listing?.name ?? `Fund PRN ${prn}`}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span>
            PRN <strong className="font-mono">{prn}</strong>
          </span>
          {fund.status ? (
            <span className="inline-flex items-center gap-1">
              <span className="text-slate-600">Status:</span>
              <StatusTag tone={toneForStatus(fund.status)}>{fund.status}</StatusTag>
            </span>
          ) : null}
          {!listing?.name ? <span className="text-slate-600">(the register’s search did not give this fund’s name)</span> : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ProvenanceLine provenance={provenance} />
        <RefreshButton calls={refreshCalls} />
      </div>
      <StaleNotice notice={notice} />
      <EntityTabs
        label="Fund’s pages"
        tabs={[
          { href: fundPath(prn), label: 'Overview', current: current === 'overview' },
          { href: fundPath(prn, 'names'), label: 'Other names', current: current === 'names' },
          { href: fundPath(prn, 'subfunds'), label: 'Sub-funds', current: current === 'subfunds' },
          { href: fundPath(prn, 'history'), label: 'History', current: current === 'history' },
        ]}
      />
    </header>
  );
}
