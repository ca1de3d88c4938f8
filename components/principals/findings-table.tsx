import { DataTable } from '@/components/tables/data-table';
import { ChangeReview } from '@/components/watch/change-review';
import { formatDateTime } from '@/lib/format/date';
import { updateFindingAction } from '@/lib/principals/actions';
import type { StoredFinding } from '@/lib/principals/principal-store';
import { firmPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

export const FINDING_KIND_LABELS: Record<StoredFinding['kind'], string> = {
  'not-in-book': 'Not in the book',
  'not-on-register': 'Not on the register',
  'date-mismatch': 'Dates differ',
  'type-mismatch': 'Type differs',
  'name-mismatch': 'Name differs',
  standing: 'Standing changed',
  'other-principal': 'Under another principal',
};

const STATE_LABELS: Record<StoredFinding['state'], string> = { new: 'New', acknowledged: 'Acknowledged', escalated: 'Escalated', expected: 'Expected' };

/**
 * A principal's open findings: what differs between the register and the book, both sides in
 * words, and the review (state, assignee, note) behind a Review button, as the inbox's changes.
 */
export function FindingsTable({ findings, canManage }: { findings: StoredFinding[]; canManage: boolean }) {
  return (
    <DataTable
      id="findings"
      caption="Open findings"
      captionExtra={`${findings.length.toLocaleString('en-GB')} open`}
      rows={findings}
      rowKey={(f) => f.id}
      emptyText="No open findings: the book and the register agree (or no check has compared them yet)."
      columns={[
        { header: 'Finding', cell: (f) => FINDING_KIND_LABELS[f.kind] },
        {
          header: 'Appointed representative',
          rowHeader: true,
          cell: (f) => (
            <span className="flex flex-col">
              <TextLink href={firmPath(f.arFrn)}>{f.arName || `FRN ${f.arFrn}`}</TextLink>
              <span className="text-slate-700 tabular-nums">FRN {f.arFrn}</span>
            </span>
          ),
        },
        { header: 'Register says', cell: (f) => f.register },
        { header: 'Book says', cell: (f) => f.book },
        {
          header: 'Review',
          cell: (f) => (
            <span className="flex flex-col items-start gap-1">
              <span>
                {STATE_LABELS[f.state]}
                {f.assigneeEmail ? `, ${f.assigneeEmail}` : ''}
              </span>
              {f.note ? <span className="text-slate-700">{f.note}</span> : null}
              {canManage ? (
                <ChangeReview
                  changeId={f.id}
                  summary={`${FINDING_KIND_LABELS[f.kind]}: ${f.arName || f.arFrn} (${f.arFrn})`}
                  state={f.state}
                  assigneeEmail={f.assigneeEmail}
                  note={f.note}
                  save={updateFindingAction}
                  noun="finding"
                />
              ) : null}
            </span>
          ),
        },
        { header: 'Found', className: 'whitespace-nowrap', cell: (f) => <time dateTime={f.detectedAt}>{formatDateTime(f.detectedAt)}</time> },
      ]}
    />
  );
}
