import type { Metadata } from 'next';
import { StatusTag } from '@/components/ui/status-tag';
import { SummaryList } from '@/components/ui/summary-list';
import { recordAudit } from '@/lib/audit/record';
import { requireRole } from '@/lib/auth/session';
import { auditStore, describeAuditChain } from '@/lib/audit/audit-store';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Audit chain verification' };

const PROBLEM_LABEL = {
  changed: 'An entry was changed',
  missing: 'Entries are missing',
  reordered: 'Entries were reordered',
  unchained: 'An entry is outside the chain',
} as const;

/** The check and how long it took (a measurement, so outside the page's pure render). */
async function timedVerification() {
  const started = Date.now();
  const report = await auditStore.verifyAuditChain();
  return { report, ms: Date.now() - started };
}

/**
 * Walks the audit log's hash chain on request (it reads every entry, so not on every view of the
 * log) and shows "intact: N entries" or the first broken link, like `npm run audit-verify`. The
 * check is itself recorded.
 */
export default async function AuditVerifyPage() {
  const admin = await requireRole('admin');
  const { report, ms } = await timedVerification();
  await recordAudit({
    action: 'admin.audit.verify',
    user: admin,
    outcome: report.intact ? 'success' : 'failure',
    detail: {
      intact: report.intact,
      entries: report.entries,
      lastSeq: report.lastSeq,
      ...(report.break ? { problem: report.break.problem, entryId: report.break.entryId, seq: report.break.seq } : {}),
    },
  });

  return (
    <div className="space-y-6">
      <PageHeader
        caption={<TextLink href="/admin/audit">← Audit log</TextLink>}
        title="Audit chain verification"
        description={
          <>
            Every audit entry carries a SHA-256 hash of its content chained to the entry before it. Changing, deleting or reordering an entry directly in the database, even with
            the database&apos;s guards removed, breaks the chain at that entry. The same check runs from the shell with <code>npm run audit-verify</code>.
          </>
        }
      />
      <div role="status" data-testid="audit-chain-status" className="space-y-3">
        <p className="text-base">
          <StatusTag tone={report.intact ? 'positive' : 'negative'}>{report.intact ? 'Intact' : 'Broken'}</StatusTag>{' '}
          <span data-testid="audit-chain-summary" className="wrap-anywhere">
            {describeAuditChain(report)}
          </span>
        </p>
        <SummaryList
          items={[
            { label: 'Entries verified', value: report.entries.toLocaleString('en-GB') },
            {
              label: 'Positions',
              value: report.entries > 0 ? `${report.firstSeq.toLocaleString('en-GB')} to ${report.lastSeq.toLocaleString('en-GB')}` : 'none',
            },
            {
              label: 'Removed by retention',
              value: report.anchorSeq > 0 ? `positions up to ${report.anchorSeq.toLocaleString('en-GB')}` : 'none',
            },
            { label: 'Head hash', value: <code className="break-all text-xs">{report.headHash || 'none'}</code> },
            ...(report.break
              ? [
                  { label: 'First broken link', value: PROBLEM_LABEL[report.break.problem] },
                  { label: 'Entry', value: report.break.entryId !== null ? `id ${report.break.entryId}` : 'after the newest stored entry' },
                  { label: 'What is wrong', value: report.break.message },
                ]
              : []),
            { label: 'Checked in', value: `${ms.toLocaleString('en-GB')} ms` },
          ]}
        />
      </div>
    </div>
  );
}
