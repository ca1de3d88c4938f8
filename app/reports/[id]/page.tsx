import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FirmReport } from '@/components/report/firm-report';
import { PrintButton } from '@/components/report/print-button';
import { ReportPrintStyle } from '@/components/report/report-print-style';
import { SnapshotBanner } from '@/components/report/snapshot-banner';
import { WarningCallout } from '@/components/ui/warning-callout';
import { recordAudit } from '@/lib/audit/record';
import { requireUser } from '@/lib/auth/session';
import { FIRM_REPORT_FORMAT, type FirmReportData } from '@/lib/report/firm-report-data';
import { reportFileHref } from '@/lib/export/export-paths';
import { requestNonce } from '@/lib/security/request-nonce';
import { publicOrigin } from '@/lib/runtime/public-url';
import { snapshotStore } from '@/lib/report/snapshot-store';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

type Props = { params: Promise<{ id: string }> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const metadata: Metadata = { title: 'Saved report' };

/**
 * /reports/[id]: an evidence snapshot, re-rendered from its stored data with the same components
 * as the live report (never from the register), with its hash and whether it still verifies.
 */
export default async function SnapshotPage({ params }: Props) {
  const user = await requireUser();
  const { id } = await params;
  const snapshot = UUID.test(id) ? await snapshotStore.getSnapshot(id) : null;
  if (!snapshot) {
    await recordAudit({ action: 'snapshot.view', user, outcome: 'failure', detail: { id: id.slice(0, 40), reason: 'not-found' } });
    notFound();
  }
  await recordAudit({
    action: 'snapshot.view',
    user,
    reference: snapshot.frn,
    outcome: snapshot.intact ? 'success' : 'failure',
    detail: { id: snapshot.id, sha256: snapshot.sha256, intact: snapshot.intact },
  });
  const data = snapshot.data as Partial<FirmReportData> | null;
  const renderable = data?.format === FIRM_REPORT_FORMAT;
  const nonce = await requestNonce();

  return (
    <div className="space-y-6">
      <PageHeader
        caption={
          <TextLink href="/reports" className="no-print">
            ← Saved reports
          </TextLink>
        }
        title={
          <>
            Saved report: {snapshot.subjectName ?? `Firm ${snapshot.frn}`} <span className="font-mono text-lg font-normal text-slate-600">FRN {snapshot.frn}</span>
          </>
        }
      />
      <SnapshotBanner snapshot={snapshot} />
      <div className="no-print">
        <PrintButton />
      </div>
      {renderable ? (
        <>
          <ReportPrintStyle data={data as FirmReportData} origin={publicOrigin()} nonce={nonce} extraFooter={`Saved snapshot ${snapshot.id}`} />
          <FirmReport data={data as FirmReportData} fileHref={(key) => reportFileHref('snapshot', snapshot.id, key)} />
        </>
      ) : (
        <WarningCallout tone="danger" title="This snapshot cannot be displayed">
          It was saved in a format ({String(data?.format ?? 'unknown')}) this version of the portal does not render. Its stored data and hash are unchanged.
        </WarningCallout>
      )}
    </div>
  );
}
