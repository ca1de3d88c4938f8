import type { ReactNode } from 'react';
import { EntityTabs, type EntityTab } from '@/components/register/entity-tabs';
import { ProvenanceLine } from '@/components/register/provenance-line';
import { RefreshButton } from '@/components/register/refresh-button';
import { StaleNotice } from '@/components/register/stale-notice';
import type { RegisterCall } from '@/lib/page-data/refresh-calls';
import type { Provenance } from '@/lib/register/result';

/**
 * The top of an individual's or a fund's every page: what kind of record it is, its name, its
 * facts line (reference number, status, …), where the data came from with the refresh button, and
 * the record's pages as tabs.
 */
export function EntityHeader({
  eyebrow,
  name,
  facts,
  provenance,
  notice,
  refreshCalls,
  tabsLabel,
  tabs,
}: {
  eyebrow: ReactNode;
  name: string;
  facts: ReactNode;
  provenance: Provenance;
  notice?: string;
  refreshCalls: RegisterCall[];
  tabsLabel: string;
  tabs: EntityTab[];
}) {
  return (
    <header className="space-y-3">
      <div>
        <p className="text-sm font-medium text-slate-600">{eyebrow}</p>
        <h1 className="text-2xl font-bold tracking-tight break-words">{name}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">{facts}</div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ProvenanceLine provenance={provenance} />
        <RefreshButton calls={refreshCalls} />
      </div>
      <StaleNotice notice={notice} />
      <EntityTabs label={tabsLabel} tabs={tabs} />
    </header>
  );
}
