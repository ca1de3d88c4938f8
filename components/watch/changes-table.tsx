import Link from 'next/link';
import { DataTable } from '@/components/tables/data-table';
import type { ChangeSummary } from '@/lib/db/queries/watch-changes';
import { formatDateTime } from '@/lib/format/date';
import { changePath, entityPath } from '@/lib/routes/portal-paths';
import { KIND_LABELS, sectionTitle } from '@/lib/watchlists/sections-choice';
import { ChangeStateForm } from './change-state-form';
import { ChangeStateTag, SeverityTag } from './watch-tags';

/** The inbox: one row per change, newest first, each with its state form for analysts. */
export function ChangesTable({ changes, caption, extra, canManage }: { changes: ChangeSummary[]; caption: string; extra: string; canManage: boolean }) {
  return (
    <DataTable
      id="changes"
      caption={caption}
      captionExtra={extra}
      rows={changes}
      filterable={false}
      rowKey={(c) => c.id}
      emptyText="No changes match."
      columns={[
        {
          header: 'Detected',
          className: 'whitespace-nowrap',
          cell: (c) => (
            <Link href={changePath(c.id)} className="text-brand-700 underline">
              <time dateTime={c.detectedAt}>{formatDateTime(c.detectedAt)}</time>
            </Link>
          ),
        },
        {
          header: 'Record',
          rowHeader: true,
          cell: (c) => (
            <span className="flex flex-col">
              <Link href={entityPath(c.kind, c.ref)} className="text-brand-700 underline">
                {c.entityName ?? `${KIND_LABELS[c.kind].number} ${c.ref}`}
              </Link>
              <span className="text-slate-700">
                {KIND_LABELS[c.kind].number}{' '}
                <span className="font-mono" data-testid="change-ref">
                  {c.ref}
                </span>
              </span>
            </span>
          ),
        },
        { header: 'Section', cell: (c) => <span data-section={c.section}>{sectionTitle(c.kind, c.section)}</span> },
        { header: 'Severity', cell: (c) => <SeverityTag severity={c.severity} /> },
        {
          header: 'What changed',
          cell: (c) => (
            <Link href={changePath(c.id)} className="text-brand-700 underline">
              {c.summary}
            </Link>
          ),
        },
        {
          header: 'State',
          cell: (c) => (
            <span className="flex flex-col gap-1">
              <ChangeStateTag state={c.state} />
              {c.assigneeEmail ? <span className="text-slate-700">Assigned to {c.assigneeEmail}</span> : null}
              {c.note ? <span className="text-slate-700">Note: {c.note}</span> : null}
            </span>
          ),
        },
        ...(canManage
          ? [{ header: 'Update', cell: (c: ChangeSummary) => <ChangeStateForm compact changeId={c.id} state={c.state} assigneeEmail={c.assigneeEmail} note={c.note} /> }]
          : []),
      ]}
    />
  );
}
