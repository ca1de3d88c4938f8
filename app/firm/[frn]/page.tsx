import type { Metadata } from 'next';
import { Suspense } from 'react';
import { BadReference } from '@/components/register/bad-reference';
import { FirmAtAGlance } from '@/components/firm/firm-at-a-glance';
import { FirmHeader } from '@/components/firm/firm-header';
import { FirmKeyFacts } from '@/components/firm/firm-key-facts';
import { FirmSectionLinks } from '@/components/firm/firm-section-links';
import { FirmWarnings } from '@/components/firm/firm-warnings';
import { KnownUnderPrincipals } from '@/components/firm/known-under-principals';
import { FirmReportLinks } from '@/components/report/firm-report-links';
import { WatchControl } from '@/components/watch/watch-control';
import { firmPageMetadata, loadFirmPage } from '@/lib/firm/load-firm-page';
import { requireUser } from '@/lib/auth/session';

type Props = { params: Promise<{ frn: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return firmPageMetadata(params);
}

/**
 * /firm/[frn]: the firm at a glance. Header (with its principal address and trading names, which
 * stream in) and warnings (or "No warnings on the register") first; every section's count streams in.
 */
export default async function FirmOverviewPage({ params }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <BadReference page={page} />;
  const { frn, firm } = page;
  return (
    <div className="space-y-6">
      <FirmHeader
        frn={frn}
        result={firm}
        refreshCalls={[{ endpoint: 'firm', args: [frn] }]}
        summary={
          <Suspense
            fallback={
              <p className="text-sm text-slate-500" data-testid="firm-at-a-glance-loading">
                Reading the address and trading names…
              </p>
            }
          >
            <FirmAtAGlance frn={frn} />
          </Suspense>
        }
      />
      <WatchControl kind="firm" refNumber={frn} name={firm.kind === 'ok' ? (firm.data.name ?? null) : null} />
      {/* The principals the portal has seen this firm under (its own store, streamed: never holds the page). */}
      <Suspense fallback={null}>
        <KnownUnderPrincipals frn={frn} />
      </Suspense>
      {firm.kind === 'ok' ? <FirmWarnings firm={firm.data} sayNone /> : null}
      <FirmSectionLinks frn={frn} />
      <FirmReportLinks frn={frn} />
      {firm.kind === 'ok' ? (
        <section aria-labelledby="facts-heading" className="space-y-2">
          <h2 id="facts-heading" className="text-lg font-semibold">
            Key facts
          </h2>
          <FirmKeyFacts firm={firm.data} />
        </section>
      ) : null}
    </div>
  );
}
