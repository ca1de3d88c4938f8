import type { Metadata } from 'next';
import { AuditFilterForm } from '@/components/audit/audit-filter-form';
import { AuditTable } from '@/components/audit/audit-table';
import { auditFilterQuery, parseAuditFilters } from '@/lib/audit/audit-filters';
import { recordAudit } from '@/lib/audit/record';
import { readAuditRetentionDays } from '@/lib/audit/retention';
import { requireRole } from '@/lib/auth/session';
import { auditExportHref } from '@/lib/export/export-paths';
import { auditPath } from '@/lib/routes/portal-paths';
import { auditStore } from '@/lib/audit/audit-store';
import { TextAnchor, TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Audit log' };

const PAGE_SIZE = 100;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The audit log for administrators: who did what, to which reference, when, with what outcome.
 * Filters travel in the URL; "older entries" pages by id (stable while new entries arrive). Read
 * only: the database refuses changes to entries for everyone, the portal included.
 */
export default async function AuditLogPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await requireRole('admin');
  const parsed = parseAuditFilters(await searchParams);
  const valid = parsed.problems.length === 0;
  // One more than a page tells whether older entries exist.
  const found = valid ? await auditStore.listAudit({ ...parsed.filter, limit: PAGE_SIZE + 1 }) : [];
  const entries = found.slice(0, PAGE_SIZE);
  const older = found.length > PAGE_SIZE ? entries.at(-1)?.id : undefined;
  await recordAudit({ action: 'admin.audit.view', user: admin, outcome: valid ? 'success' : 'failure', detail: { filters: parsed.values } });
  const query = auditFilterQuery(parsed.values);
  const retentionDays = readAuditRetentionDays();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit log"
        description={
          <>
            Every search, page view of a firm, individual or fund, report, saved snapshot, export, sign-in and administrative action, written before the response it records.
            Entries cannot be changed or deleted by anyone; they are kept for {retentionDays.toLocaleString('en-GB')} days (AUDIT_RETENTION_DAYS) and then removed by the daily
            clean-up. Each entry is hash-chained to the one before it:{' '}
            <TextLink href="/admin/audit/verify" weight="medium" data-testid="verify-chain-link">
              verify the chain
            </TextLink>{' '}
            to see whether any entry was changed, deleted or reordered in the database.
          </>
        }
      />
      <AuditFilterForm parsed={parsed} />
      {valid ? (
        <div className="space-y-3">
          <AuditTable
            entries={entries}
            captionExtra={
              <>
                {parsed.filter.beforeId !== undefined ? 'older entries, ' : ''}
                {entries.length.toLocaleString('en-GB')} shown ·{' '}
                <TextAnchor href={auditExportHref(query)} download weight="medium" className="no-print" data-testid="export-link">
                  Download CSV<span className="sr-only"> of every matching entry</span>
                </TextAnchor>
              </>
            }
          />
          <nav aria-label="Audit log pages" className="no-print flex gap-4 text-sm">
            {parsed.filter.beforeId !== undefined ? <TextLink href={auditPath(query)}>← Newest entries</TextLink> : null}
            {older !== undefined ? (
              <TextLink href={auditPath(auditFilterQuery(parsed.values, older))} rel="next">
                Older entries →
              </TextLink>
            ) : null}
          </nav>
        </div>
      ) : (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          Correct the filters above: {parsed.problems.map((p) => p.message).join(' ')}
        </p>
      )}
    </div>
  );
}
