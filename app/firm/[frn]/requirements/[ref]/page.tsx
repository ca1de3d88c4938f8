import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BadReference } from '@/components/register/bad-reference';
import { FirmPageShell } from '@/components/firm/firm-page-shell';
import { InvestmentTypesSection } from '@/components/firm/investment-types-section';
import { RequirementSummary } from '@/components/firm/requirement-summary';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ResultProvenance } from '@/components/register/result-provenance';
import { StreamedBody } from '@/components/register/streamed-body';
import { checkFirmParams } from '@/lib/firm/firm-route-input';
import { firmPageMetadata, loadFirmPage } from '@/lib/firm/load-firm-page';
import { getRegisterClient } from '@/lib/register/client';
import { requireUser } from '@/lib/auth/session';

type Props = { params: Promise<{ frn: string; ref: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const checked = checkFirmParams(await params);
  return firmPageMetadata(params, checked.ok ? `Requirement ${checked.ref}` : 'Requirement');
}

/**
 * /firm/[frn]/requirements/[ref]: one requirement and the investment types it covers. The firm's
 * requirements list (usually cached: the reader came from it) says whether the reference is the
 * firm's at all, before anything is sent, so an unknown reference is a real 404; the investment
 * types then stream in.
 */
export default async function FirmRequirementPage({ params }: Props) {
  await requireUser();
  const checked = checkFirmParams(await params);
  const client = getRegisterClient();
  // Asked for beside the firm lookup rather than after it: both decide the status, neither needs the other.
  const requirements = checked.ok ? client.allPages(client.firmRequirements, [checked.frn], { priority: 'interactive' }) : undefined;
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input' || requirements === undefined || page.ref === undefined) {
    return page.kind === 'bad-input' ? <BadReference page={page} /> : notFound();
  }
  const { frn, ref } = page;
  const list = await requirements;
  if (list.kind === 'not-found') notFound();
  const requirement = list.kind === 'ok' ? list.data.find((r) => r.reference?.toUpperCase() === ref) : undefined;
  if (list.kind === 'ok' && !requirement) notFound();
  return (
    <FirmPageShell
      page={page}
      section="requirements"
      heading={`Requirement ${ref}`}
      refreshCalls={[
        { endpoint: 'firmRequirements', args: [frn] },
        { endpoint: 'firmRequirementInvestmentTypes', args: [frn, ref] },
      ]}
    >
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
    </FirmPageShell>
  );
}
