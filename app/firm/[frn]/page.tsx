import { Suspense } from 'react';
import { FirmAtAGlance } from '@/components/firm/firm-at-a-glance';
import { FIRM_PAGES } from '@/components/firm/firm-pages';
import { FirmKeyFacts } from '@/components/firm/firm-key-facts';
import { FirmSectionLinks } from '@/components/firm/firm-section-links';
import { FirmWarnings } from '@/components/firm/firm-warnings';
import { KnownUnderPrincipals } from '@/components/firm/known-under-principals';
import { overviewRoute } from '@/components/register/entity-route';
import { FirmReportLinks } from '@/components/report/firm-report-links';
import { WatchControl } from '@/components/watch/watch-control';

/**
 * /firm/[frn]: the firm at a glance. Header (with its principal address and trading names, which
 * stream in) and warnings (or "No warnings on the register") first; every section's count streams in.
 */
const route = overviewRoute(FIRM_PAGES, ({ frn, firm }) => ({
  refreshCalls: [],
  summary: (
    <Suspense
      fallback={
        <p className="text-sm text-slate-500" data-testid="firm-at-a-glance-loading">
          Reading the address and trading names…
        </p>
      }
    >
      <FirmAtAGlance frn={frn} />
    </Suspense>
  ),
  content: (
    <>
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
    </>
  ),
}));
export const generateMetadata = route.generateMetadata;
export default route.Page;
