import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BadReference } from '@/components/register/bad-reference';
import { CaseReferenceForm } from '@/components/report/case-reference-form';
import { FirmReport } from '@/components/report/firm-report';
import { PrintButton } from '@/components/report/print-button';
import { ReportPrintStyle } from '@/components/report/report-print-style';
import { ReportAssembly } from '@/components/report/report-assembly';
import { SaveEvidenceForm } from '@/components/report/save-evidence-form';
import { recordAudit } from '@/lib/audit/record';
import { requireUser } from '@/lib/auth/session';
import { firmPath, reportsPath } from '@/lib/routes/portal-paths';
import { firmTitle, loadFirmPage } from '@/lib/page-data/entity-page';
import { reportFileHref } from '@/lib/export/export-paths';
import { summariseReport } from '@/lib/export/report-files';
import { checkCaseReference } from '@/lib/report/case-reference';
import { checkReportView } from '@/lib/report/report-view';
import { generateFirmReport } from '@/lib/report/generate-firm-report';
import { readReportLimits } from '@/lib/report/limits';
import { requestNonce } from '@/lib/security/request-nonce';
import { publicOrigin } from '@/lib/runtime/public-url';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

type Props = { params: Promise<{ frn: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: await firmTitle(await params, 'Report') };
}

/**
 * /firm/[frn]/report?case=…: every section of the firm in full, streamed with progress while it
 * is assembled, stamped for print, and savable as evidence. The audit entry is written before
 * anything streams; a second one ("report.complete") before the finished report is sent.
 */
export default async function FirmReportPage({ params, searchParams }: Props) {
  const user = await requireUser();
  const page = await loadFirmPage(await params);
  if (page.kind === 'not-found') {
    // Audited before the 404 goes out, as every report view is.
    await recordAudit({ action: 'report.view', user, outcome: 'failure', reference: page.ref, detail: { reason: 'not-found' } });
    notFound();
  }
  if (page.kind === 'bad-input') {
    await recordAudit({ action: 'report.view', user, outcome: 'failure', reference: page.input.slice(0, 20), detail: { reason: 'bad-input', field: page.field } });
    return <BadReference page={page} />;
  }
  const { frn } = page;
  const query = await searchParams;
  const checkedCase = checkCaseReference(query.case);
  const caseReference = checkedCase.ok ? checkedCase.value : undefined;
  const checkedView = checkReportView(query.view);
  const view = checkedView.ok ? checkedView.value : 'full';
  const inputOk = checkedCase.ok && checkedView.ok;
  await recordAudit({
    action: 'report.view',
    user,
    reference: frn,
    outcome: inputOk ? 'success' : 'failure',
    detail: inputOk ? { caseReference: caseReference ?? null, view } : { reason: 'bad-input', field: checkedCase.ok ? 'view' : 'case' },
  });
  const name = page.firm.kind === 'ok' && page.firm.data.name ? page.firm.data.name : `Firm ${frn}`;
  const limits = readReportLimits();
  const nonce = await requestNonce();

  return (
    <div className="space-y-6">
      <PageHeader
        caption={
          <span className="no-print flex flex-wrap gap-x-4">
            <TextLink href={firmPath(frn)}>← {name}</TextLink>
            <TextLink href={reportsPath({ firm: frn, user: 'all' })}>Saved reports for this firm</TextLink>
          </span>
        }
        title={
          <>
            Firm {view === 'summary' ? 'summary report' : 'report'}: {name} <span className="font-mono text-lg font-normal text-slate-600">FRN {frn}</span>
          </>
        }
      >
        <p className="no-print max-w-3xl text-sm text-slate-700">
          Every section of the firm, read from the register now (or from the portal&apos;s recent cache), for printing or saving as evidence: in full, or as a summary (each
          section&apos;s count and first rows, with every list in full as a CSV file whose SHA-256 is printed), which keeps a large firm&apos;s printout short. Lists are read up to{' '}
          {limits.reportMaxPages} pages each; anything cut short says so.
        </p>
      </PageHeader>
      <CaseReferenceForm
        action={firmPath(frn, 'report')}
        value={checkedCase.ok ? caseReference : String(query.case ?? '').slice(0, 200)}
        view={view}
        error={checkedCase.ok ? (checkedView.ok ? undefined : checkedView.message) : checkedCase.message}
      />
      {inputOk ? (
        <ReportAssembly
          start={(progress) => generateFirmReport(user, frn, caseReference, progress, view === 'summary' ? summariseReport : undefined)}
          render={({ data, draftId }) => (
            <div className="space-y-6">
              <ReportPrintStyle data={data} origin={publicOrigin()} nonce={nonce} />
              <div className="no-print flex flex-wrap items-center gap-4 rounded border border-slate-200 bg-white p-3">
                <PrintButton />
                <SaveEvidenceForm draftId={draftId} caseReference={data.caseReference} />
              </div>
              <FirmReport data={data} fileHref={(key) => reportFileHref('draft', draftId, key)} />
            </div>
          )}
        />
      ) : null}
    </div>
  );
}
