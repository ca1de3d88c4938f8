import { FIRM_PAGES } from '@/components/firm/firm-pages';
import { InvestmentTypesSection } from '@/components/firm/investment-types-section';
import { RequirementSummary } from '@/components/firm/requirement-summary';
import { entityRoute } from '@/components/register/entity-route';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ResultProvenance } from '@/components/register/result-provenance';
import { StreamedBody } from '@/components/register/streamed-body';
import { checkFirmParams } from '@/lib/page-data/entity-params';
import { getRegisterClient } from '@/lib/register/client';

/**
 * /firm/[frn]/requirements/[ref]: one requirement and the investment types it covers. The firm's
 * requirements list (usually cached: the reader came from it) says whether the reference is the
 * firm's at all, before anything is sent, so an unknown reference is a real 404; the investment
 * types then stream in.
 */
const route = entityRoute(FIRM_PAGES, {
  tab: 'requirements',
  what: (params) => {
    const checked = checkFirmParams({ frn: params.frn, ref: params.ref });
    return checked.ok ? `Requirement ${checked.ref}` : 'Requirement';
  },
  // Asked for beside the firm lookup rather than after it: both decide the status, neither needs the other.
  start: (params) => {
    const checked = checkFirmParams({ frn: params.frn, ref: params.ref });
    const client = getRegisterClient();
    return checked.ok ? client.allPages(client.firmRequirements, [checked.frn], { priority: 'interactive' }) : undefined;
  },
  body: async (page, { started: requirements }) => {
    const { frn, ref } = page;
    if (requirements === undefined || ref === undefined) return { kind: 'not-found', entity: 'firm', ref: frn };
    const list = await requirements;
    if (list.kind === 'not-found') return { kind: 'not-found', entity: 'firm', ref: frn };
    const requirement = list.kind === 'ok' ? list.data.find((r) => r.reference?.toUpperCase() === ref) : undefined;
    if (list.kind === 'ok' && !requirement) return { kind: 'not-found', entity: 'firm', ref: frn };
    return {
      heading: `Requirement ${ref}`,
      refreshCalls: [
        { endpoint: 'firmRequirements', args: [frn] },
        { endpoint: 'firmRequirementInvestmentTypes', args: [frn, ref] },
      ],
      content: (
        <>
          <section aria-labelledby="requirement-heading" className="space-y-2">
            <h2 id="requirement-heading" className="text-lg font-semibold">
              {requirement?.title ?? 'The requirement'}
            </h2>
            {list.kind === 'ok' && requirement ? (
              <>
                <RequirementSummary requirement={requirement} />
                <ResultProvenance provenance={list.provenance} notice={list.notice} />
              </>
            ) : list.kind !== 'ok' ? (
              <RegisterFailureMessage failure={list} what={`the requirements of FRN ${frn}`} />
            ) : null}
          </section>
          <section aria-labelledby="investment-types-heading" className="space-y-2">
            <h2 id="investment-types-heading" className="text-lg font-semibold">
              Investment types
            </h2>
            <StreamedBody label="investment types">
              <InvestmentTypesSection frn={frn} reference={ref} />
            </StreamedBody>
          </section>
        </>
      ),
    };
  },
});
export const generateMetadata = route.generateMetadata;
export default route.Page;
