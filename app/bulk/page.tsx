import type { Metadata } from 'next';
import { BulkForm } from '@/components/bulk/bulk-form';
import { DataTable, type Column } from '@/components/tables/data-table';
import { recordAudit } from '@/lib/audit/record';
import { requireRole } from '@/lib/auth/session';
import { readBulkSettings } from '@/lib/bulk/bulk-config';
import { bulkStore, type BulkJob } from '@/lib/bulk/bulk-store';
import { FIRM_SECTIONS, FIRM_SECTION_SLUGS } from '@/lib/sections/firm-sections';
import { formatDateTime } from '@/lib/format/date';
import { bulkPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Bulk checks' };

const STATE_TEXT = { running: 'Running', finished: 'Finished', cancelled: 'Cancelled' } as const;

const RECENT_COLUMNS: Column<BulkJob>[] = [
  {
    header: 'Started',
    rowHeader: true,
    className: 'whitespace-nowrap',
    cell: (j) => <TextLink href={bulkPath(j.id)}>{formatDateTime(j.createdAt)}</TextLink>,
  },
  { header: 'By', cell: (j) => j.createdByEmail },
  { header: 'Input', cell: (j) => j.filename ?? (j.source === 'paste' ? 'Pasted' : j.source) },
  { header: 'Rows', cell: (j) => j.rowCount.toLocaleString('en-GB'), className: 'text-right tabular-nums' },
  { header: 'Fetched', cell: (j) => (j.mode === 'status' ? 'Status only' : `Status and ${j.sections.length} sections`) },
  { header: 'State', cell: (j) => STATE_TEXT[j.state] },
];

/** /bulk: start a bulk check (paste or upload), and the recent ones. Analysts and admins. */
export default async function BulkPage() {
  const user = await requireRole('analyst');
  const settings = readBulkSettings();
  const jobs = await bulkStore.listBulkJobs({ limit: 50 });
  await recordAudit({ action: 'bulk.list', user });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Bulk checks"
        description={
          <>
            Check a list of firms, individuals or funds against the register in one go: every row is checked in the background at a priority below people&apos;s pages, within the
            key&apos;s budget, and comes back with its outcome and when the register said it. Results are kept for {settings.retentionDays} days.
          </>
        }
      />
      <BulkForm
        sections={FIRM_SECTION_SLUGS.map((slug) => ({ slug, title: FIRM_SECTIONS[slug].title }))}
        maxRows={settings.maxRows}
        maxUploadMb={Math.round((settings.maxUploadBytes / 1024 / 1024) * 10) / 10}
      />
      <section aria-labelledby="bulk-recent-heading">
        <h2 id="bulk-recent-heading" className="text-lg font-semibold">
          Recent bulk checks
        </h2>
        {jobs.length === 0 ? (
          <p className="text-sm text-slate-700">No bulk check has been run yet (or their results have expired).</p>
        ) : (
          <DataTable id="bulk-recent" caption="Newest first" columns={RECENT_COLUMNS} rows={jobs} rowKey={(j) => j.id} filterable={false} />
        )}
      </section>
    </div>
  );
}
