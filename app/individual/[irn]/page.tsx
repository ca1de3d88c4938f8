import { CurrentRoles } from '@/components/individual/current-roles';
import { DisciplinarySummary } from '@/components/individual/disciplinary-summary';
import { IndividualDetails } from '@/components/individual/individual-details';
import { IndividualWarnings } from '@/components/individual/individual-warnings';
import { overviewRoute } from '@/components/register/entity-route';
import { INDIVIDUAL_PAGES } from '@/components/individual/individual-pages';
import { StreamedSection } from '@/components/register/streamed-section';
import { WatchControl } from '@/components/watch/watch-control';
import { INDIVIDUAL_SECTIONS } from '@/lib/sections/individual-sections';

/** /individual/[irn]: who the individual is, warnings, details, current roles and disciplinary history at a glance. */
const route = overviewRoute(INDIVIDUAL_PAGES, ({ irn, result }) => ({
  refreshCalls: [
    { endpoint: 'individualControlledFunctions', args: [irn] },
    { endpoint: 'individualDisciplinaryHistory', args: [irn] },
  ],
  content: (
    <>
      <WatchControl kind="individual" refNumber={irn} name={result.data.fullName ?? null} />
      <StreamedSection id="warnings" title="Warnings" label="warnings" rows={2}>
        <IndividualWarnings individual={result.data} />
      </StreamedSection>
      <section aria-labelledby="details-heading" className="space-y-3">
        <h2 id="details-heading" className="text-lg font-semibold">
          Details
        </h2>
        <IndividualDetails individual={result.data} />
      </section>
      <StreamedSection id="roles" title="Current roles" label="current controlled functions">
        <CurrentRoles irn={irn} />
      </StreamedSection>
      <StreamedSection id="disciplinary" title={INDIVIDUAL_SECTIONS['disciplinary-history'].title} label={INDIVIDUAL_SECTIONS['disciplinary-history'].label}>
        <DisciplinarySummary irn={irn} />
      </StreamedSection>
    </>
  ),
}));
export const generateMetadata = route.generateMetadata;
export default route.Page;
