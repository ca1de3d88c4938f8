import { DataTable } from '@/components/tables/data-table';
import type { ChangeSummary } from '@/lib/watch/watch-store';
import { formatDate, formatDateTime } from '@/lib/format/date';
import { changePath, entityPath } from '@/lib/routes/portal-paths';
import { KIND_LABELS, sectionTitle } from '@/lib/watchlists/sections-choice';
import { BULK_FORM_ID } from './bulk-change-form';
import { ChangeReview } from './change-review';
import { ChangeStateTag, SeverityTag } from './watch-tags';
import { TextLink } from '@/components/ui/text-link';

/** A change as the inbox lists it: its summary and how many rows it has, in words (lib/watch/change-words.ts). */
export type InboxChange = ChangeSummary & { sentences: string[] };

/** The first two sentences and "and N more", as the link to the change. */
function WhatChanged({ change }: { change: InboxChange }) {
  const shown = change.sentences.slice(0, 2);
  const more = change.sentences.length - shown.length;
  const text = shown.length === 0 ? 'Only the order of the register’s rows changed.' : `${shown.join('; ')}${more > 0 ? `; and ${more.toLocaleString('en-GB')} more` : ''}`;
  return (
    <TextLink href={changePath(change.id)} data-testid="change-link">
      {text}
    </TextLink>
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
      compact
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
          header: 'Record',
          rowHeader: true,
          cell: (c) => (
            <span>
              <TextLink href={entityPath(c.kind, c.ref)}>
                {c.entityName ?? (
                  <>
                    {KIND_LABELS[c.kind].number}{' '}
                    <span className="font-mono" data-testid="change-ref">
                      {c.ref}
                    </span>
                  </>
                )}
              </TextLink>
              {c.entityName ? (
                <>
                  {' '}
                  <span className="text-xs font-normal whitespace-nowrap text-slate-700">
                    {KIND_LABELS[c.kind].number}{' '}
                    <span className="font-mono" data-testid="change-ref">
                      {c.ref}
                    </span>
                  </span>
                </>
              ) : null}
            </span>
          ),
        },
        {
          header: 'Section, detected',
          // One line where there is room: the section, then the day it was seen.
          cell: (c) => (
            <span className="flex flex-wrap items-baseline gap-x-1.5">
              <span data-section={c.section}>{sectionTitle(c.kind, c.section)}</span>
              <time dateTime={c.detectedAt} title={formatDateTime(c.detectedAt)} className="text-xs whitespace-nowrap text-slate-700">
                {formatDate(c.detectedAt)}
              </time>
            </span>
          ),
        },
        { header: 'What changed', cell: (c) => <WhatChanged change={c} /> },
        {
          header: 'Severity, state',
          cell: (c) => (
            <span className="flex flex-wrap items-start gap-1 whitespace-nowrap">
              <span className="flex gap-1">
                <SeverityTag severity={c.severity} />
                <ChangeStateTag state={c.state} />
              </span>
              {c.assigneeEmail ? <span className="text-xs break-all text-slate-700">{c.assigneeEmail}</span> : null}
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
