import { EntityTabs } from '@/components/register/entity-tabs';
import { ProvenanceLine } from '@/components/register/provenance-line';
import { RefreshButton } from '@/components/register/refresh-button';
import type { RegisterCall } from '@/lib/page-data/refresh-calls';
import { StaleNotice } from '@/components/register/stale-notice';
import { StatusTag, toneForStatus } from '@/components/ui/status-tag';
import type { Individual } from '@/lib/register/model';
import type { Provenance } from '@/lib/register/result';
import { individualPath, type IndividualSection } from '@/lib/routes/portal-paths';

/** Who this is (name, IRN, status), the individual's pages, and where the data came from. */
export function IndividualHeader({
  individual,
  provenance,
  notice,
  current,
  refreshCalls,
}: {
  individual: Individual;
  provenance: Provenance;
  notice?: string;
  current: 'overview' | IndividualSection;
  refreshCalls: RegisterCall[];
}) {
  const { irn } = individual;
  return (
    <header className="space-y-3">
      <div>
        <p className="text-sm font-medium text-slate-600">Individual</p>
        <h1 className="text-2xl font-bold tracking-tight break-words">{individual.fullName ?? `Individual ${irn}`}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span>
            IRN <strong className="font-mono">{irn}</strong>
          </span>
          {individual.status ? (
            <span className="inline-flex items-center gap-1">
              <span className="text-slate-600">Status:</span>
              {individual.status.split(';').map((s) => (
                <StatusTag key={s} tone={toneForStatus(s.trim())}>
                  {s.trim()}
                </StatusTag>
              ))}
            </span>
          ) : null}
          {individual.commonlyUsedName ? (
            <span>
              <span className="text-slate-600">Known as</span> {individual.commonlyUsedName}
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ProvenanceLine provenance={provenance} />
        <RefreshButton calls={refreshCalls} />
      </div>
      <StaleNotice notice={notice} />
      <EntityTabs
        label="Individual’s pages"
        tabs={[
          { href: individualPath(irn), label: 'Overview', current: current === 'overview' },
          { href: individualPath(irn, 'controlled-functions'), label: 'Controlled functions', current: current === 'controlled-functions' },
          { href: individualPath(irn, 'disciplinary-history'), label: 'Disciplinary history', current: current === 'disciplinary-history' },
          { href: individualPath(irn, 'history'), label: 'History', current: current === 'history' },
        ]}
      />
    </header>
  );
}
