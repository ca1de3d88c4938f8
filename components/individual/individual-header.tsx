import { EntityHeader } from '@/components/register/entity-header';
import { recordTabs } from '@/components/register/entity-tabs';
import { RecordStanding } from '@/components/standing/record-standing';
import type { IndividualPage } from '@/lib/page-data/entity-page';
import type { RegisterCall } from '@/lib/page-data/refresh-calls';
import { individualPath, type IndividualSection } from '@/lib/routes/portal-paths';
import { INDIVIDUAL_SECTIONS } from '@/lib/sections/individual-sections';

/** Who this is (name, IRN, status, standing), the individual's pages, and where the data came from. */
export function IndividualHeader({
  page,
  current,
  refreshCalls,
}: {
  page: Extract<IndividualPage, { kind: 'ready' }>;
  current: 'overview' | IndividualSection;
  refreshCalls: RegisterCall[];
}) {
  const { irn, result } = page;
  const individual = result.data;
  return (
    <EntityHeader
      eyebrow="Individual"
      name={individual.fullName ?? `Individual ${irn}`}
      facts={
        <>
          <span>
            IRN <strong className="font-mono">{irn}</strong>
          </span>
          {individual.status ? (
            <span className="inline-flex items-center gap-1">
              <span className="text-slate-600">Status:</span>
              {/* In the register's words, plain: a prohibited person's can read "Regulatory approval no longer required"; the standing says what it means. */}
              <span className="font-semibold">
                {individual.status
                  .split(';')
                  .map((s) => s.trim())
                  .join('; ')}
              </span>
            </span>
          ) : null}
          {individual.commonlyUsedName ? (
            <span>
              <span className="text-slate-600">Known as</span> {individual.commonlyUsedName}
            </span>
          ) : null}
          <div className="basis-full">
            <RecordStanding kind="individual" record={individual} />
          </div>
        </>
      }
      provenance={result.provenance}
      notice={result.notice}
      refreshCalls={refreshCalls}
      tabsLabel="Individual’s pages"
      tabs={recordTabs((section) => individualPath(irn, section), Object.values(INDIVIDUAL_SECTIONS), current)}
    />
  );
}
