import type { Metadata } from 'next';
import Link from 'next/link';
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
import { firmPageMetadata, loadFirmPage } from '@/lib/firm/load-firm-page';
import { checkCaseReference } from '@/lib/report/case-reference';
import { generateFirmReport } from '@/lib/report/generate-firm-report';
import { readReportLimits } from '@/lib/report/limits';
import { requestNonce } from '@/lib/security/request-nonce';
import { publicOrigin } from '@/lib/server/public-url';

type Props = { params: Promise<{ frn: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return firmPageMetadata(params, 'Report');
}

/** Next's notFound() error, recognised so a report of an unknown firm is audited before the 404 goes out. */
function isNotFound(error: unknown): boolean {
  return typeof (error as { digest?: unknown })?.digest === 'string' && (error as { digest: string }).digest.startsWith('NEXT_HTTP_ERROR_FALLBACK;404');
}

/**
 * /firm/[frn]/report?case=…: every section of the firm in full, streamed with progress while it
 * is assembled, stamped for print, and savable as evidence. The audit entry is written before
 * anything streams; a second one ("report.complete") before the finished report is sent.
 */
export default async function FirmReportPage({ params, searchParams }: Props) {
  const user = await requireUser();
  let page: Awaited<ReturnType<typeof loadFirmPage>>;
  try {
    page = await loadFirmPage(params);
  } catch (error) {
    if (isNotFound(error)) await recordAudit({ action: 'report.view', user, outcome: 'failure', reference: (await params).frn.slice(0, 20), detail: { reason: 'not-found' } });
    throw error;
  }
  if (page.kind === 'bad-input') {
    await recordAudit({ action: 'report.view', user, outcome: 'failure', reference: page.input.slice(0, 20), detail: { reason: 'bad-input', field: page.field } });
    return <BadReference page={page} />;
  }
  const { frn } = page;
  const checkedCase = checkCaseReference((await searchParams).case);
  const caseReference = checkedCase.ok ? checkedCase.value : undefined;
  await recordAudit({
    action: 'report.view',
    user,
    reference: frn,
    outcome: checkedCase.ok ? 'success' : 'failure',
    detail: checkedCase.ok ? { caseReference: caseReference ?? null } : { reason: 'bad-input', field: 'case' },
  });
  const name = page.firm.kind === 'ok' && page.firm.data.name ? page.firm.data.name : `Firm ${frn}`;
  const limits = readReportLimits();
  const nonce = await requestNonce();

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <p className="no-print flex flex-wrap gap-x-4 text-sm">
          <Link href={firmPath(frn)} className="text-brand-700 underline">
            ← {name}
          </Link>
          <Link href={reportsPath({ firm: frn, user: 'all' })} className="text-brand-700 underline">
            Saved reports for this firm
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">
          Firm report: {name} <span className="font-mono text-lg font-normal text-slate-600">FRN {frn}</span>
        </h1>
        <p className="no-print max-w-3xl text-sm text-slate-700">
          Every section of the firm in full, read from the register now (or from the portal&apos;s recent cache), for printing or saving as evidence. Lists are read up to{' '}
          {limits.reportMaxPages} pages each; anything cut short says so.
        </p>
      </div>
      <CaseReferenceForm
        action={firmPath(frn, 'report')}
        value={checkedCase.ok ? caseReference : String((await searchParams).case ?? '').slice(0, 200)}
        error={checkedCase.ok ? undefined : checkedCase.message}
      />
      {checkedCase.ok ? (
        <ReportAssembly
          start={(progress) => generateFirmReport(user, frn, caseReference, progress)}
          render={({ data, draftId }) => (
            <div className="space-y-6">
              <ReportPrintStyle data={data} origin={publicOrigin()} nonce={nonce} />
              <div className="no-print flex flex-wrap items-center gap-4 rounded border border-slate-200 bg-white p-3">
                <PrintButton />
                <SaveEvidenceForm draftId={draftId} />
              </div>
              <FirmReport data={data} />
            </div>
          )}
        />
      ) : null}
    </div>
  );
}
