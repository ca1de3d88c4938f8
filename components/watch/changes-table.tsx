import Link from 'next/link';
import { DataTable } from '@/components/tables/data-table';
import type { ChangeSummary } from '@/lib/db/queries/watch-changes';
import { formatDateTime } from '@/lib/format/date';
import { changePath, entityPath } from '@/lib/routes/portal-paths';
import { KIND_LABELS, sectionTitle } from '@/lib/watchlists/sections-choice';
import { BULK_FORM_ID } from './bulk-change-form';
import { ChangeReview } from './change-review';
import { ChangeStateTag, SeverityTag } from './watch-tags';

/** A change as the inbox lists it: its summary and how many rows it has, in words (lib/watch/change-words.ts). */
export type InboxChange = ChangeSummary & { sentences: string[] };

/** The first two sentences, then "and N more" linking to the change. */
function WhatChanged({ change }: { change: InboxChange }) {
  const shown = change.sentences.slice(0, 2);
  const more = change.sentences.length - shown.length;
  if (shown.length === 0) return <span className="text-slate-700">Only the order of the register’s rows changed.</span>;
  return (
    <span className="flex flex-col">
      {shown.map((text, i) => (
        <span key={i}>{text}</span>
      ))}
      {more > 0 ? (
        <Link href={changePath(change.id)} className="text-brand-700 underline">
          and {more.toLocaleString('en-GB')} more
        </Link>
      ) : null}
    </span>
  );
}

/**
 * The inbox: one compact row per change, newest first. What changed is said in sentences; the
 * state, assignee and note are behind one "Review" button; analysts tick rows to acknowledge (or
 * mark expected) several at once with the bulk form above.
 */
export function ChangesTable({ changes, caption, extra, canManage }: { changes: InboxChange[]; caption: string; extra: string; canManage: boolean }) {
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
        ...(canManage
          ? [
              {
                header: 'Select',
                cell: (c: InboxChange) => (
                  <input
                    type="checkbox"
                    name="ids"
                    value={c.id}
                    form={BULK_FORM_ID}
                    className="h-4 w-4"
                    aria-label={`Select the change to ${c.entityName ?? c.ref}: ${c.summary}`}
                  />
                ),
              },
            ]
          : []),
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
            <span>
              <Link href={entityPath(c.kind, c.ref)} className="text-brand-700 underline">
                {c.entityName ?? `${KIND_LABELS[c.kind].number} ${c.ref}`}
              </Link>{' '}
              <span className="text-xs font-normal whitespace-nowrap text-slate-700">
                {KIND_LABELS[c.kind].number}{' '}
                <span className="font-mono" data-testid="change-ref">
                  {c.ref}
                </span>
              </span>
            </span>
          ),
        },
        { header: 'Section', className: 'whitespace-nowrap', cell: (c) => <span data-section={c.section}>{sectionTitle(c.kind, c.section)}</span> },
        { header: 'Severity', cell: (c) => <SeverityTag severity={c.severity} /> },
        { header: 'What changed', cell: (c) => <WhatChanged change={c} /> },
        {
          header: 'State',
          cell: (c) => (
            <span className="flex flex-col items-start gap-0.5">
              <ChangeStateTag state={c.state} />
              {c.assigneeEmail ? <span className="text-xs text-slate-700">{c.assigneeEmail}</span> : null}
            </span>
          ),
        },
        ...(canManage
          ? [
              {
                header: 'Review',
                cell: (c: InboxChange) => <ChangeReview changeId={c.id} summary={c.summary} state={c.state} assigneeEmail={c.assigneeEmail} note={c.note} />,
              },
            ]
          : []),
      ]}
    />
  );
}
