import { DataTable } from '@/components/tables/data-table';
import { formatDate, formatDateTime } from '@/lib/format/date';
import type { ArReview, Attestation } from '@/lib/principals/principal-store';
import type { DueReview } from '@/lib/principals/reviews';
import { DUE_REVIEWS_ANCHOR } from '@/lib/principals/review-reminders';
import { firmPath, principalAttestationPath } from '@/lib/routes/portal-paths';
import { ApproveReviewButton } from './review-forms';
import { TextLink } from '@/components/ui/text-link';

const ASSESSMENT_LABELS: Record<ArReview['assessment'], string> = { satisfactory: 'Satisfactory', concerns: 'Concerns', unsatisfactory: 'Unsatisfactory' };

/** Each current AR's next annual review: overdue ones first, said in words. */
export function DueReviewsTable({
  due,
  overdue,
  total,
  position,
  filterable,
  emptyText,
}: {
  /** The rows shown (a page of the schedule, most overdue first). */
  due: DueReview[];
  /** Overdue and current ARs in the whole schedule. */
  overdue: number;
  total: number;
  position?: string;
  filterable: boolean;
  emptyText: string;
}) {
  const counts = `${overdue.toLocaleString('en-GB')} overdue of ${total.toLocaleString('en-GB')} current ARs`;
  return (
    <DataTable
      id={DUE_REVIEWS_ANCHOR}
      caption="Annual reviews due"
      captionExtra={position ? `${counts}; ${position}` : counts}
      rows={due}
      rowKey={(d) => d.arFrn}
      filterable={filterable}
      emptyText={emptyText}
      columns={[
        {
          header: 'Appointed representative',
          rowHeader: true,
          cell: (d) => (
            <TextLink href={firmPath(d.arFrn)}>
              {d.arName || `FRN ${d.arFrn}`} ({d.arFrn})
            </TextLink>
          ),
        },
        { header: 'Appointed', className: 'whitespace-nowrap', cell: (d) => formatDate(d.appointed) },
        { header: 'Last approved review', className: 'whitespace-nowrap', cell: (d) => (d.lastApprovedAt ? formatDate(d.lastApprovedAt.slice(0, 10)) : 'None') },
        {
          header: 'Next review',
          className: 'whitespace-nowrap',
          cell: (d) => (
            <span>
              {formatDate(d.nextReviewDate)}
              {d.overdue ? <strong className="ml-1 font-semibold text-red-900">Overdue</strong> : null}
            </span>
          ),
        },
        { header: 'Awaiting approval', cell: (d) => (d.pendingReviewId ? 'Yes' : 'No') },
      ]}
    />
  );
}

/** Every review: who prepared it, who approved it (never the same person), and its evidence's SHA-256. */
export function ReviewsTable({ frn, reviews, userEmail, canManage }: { frn: string; reviews: ArReview[]; userEmail: string; canManage: boolean }) {
  return (
    <DataTable
      id="reviews"
      caption="Reviews"
      captionExtra={`${reviews.length.toLocaleString('en-GB')} ${reviews.length === 1 ? 'review' : 'reviews'}`}
      rows={reviews}
      rowKey={(r) => r.id}
      emptyText="No reviews yet."
      columns={[
        { header: 'Appointed representative', rowHeader: true, cell: (r) => `${r.arName} (${r.arFrn})` },
        { header: 'Assessment', cell: (r) => ASSESSMENT_LABELS[r.assessment] },
        { header: 'Self-assessment', cell: (r) => <span className="whitespace-pre-line">{r.notes}</span> },
        { header: 'Prepared', cell: (r) => `${r.preparedBy}, ${formatDateTime(r.preparedAt)}` },
        {
          header: 'Approved',
          cell: (r) =>
            r.state === 'approved' ? (
              `${r.approvedBy}, ${formatDateTime(r.approvedAt)}`
            ) : canManage && r.preparedBy !== userEmail.toLowerCase() ? (
              <ApproveReviewButton frn={frn} reviewId={r.id} arName={r.arName} />
            ) : (
              'Awaiting a second person'
            ),
        },
        { header: 'Evidence SHA-256', cell: (r) => <code className="text-xs break-all">{r.evidenceSha256}</code> },
      ]}
    />
  );
}

/** Every attestation of the AR list, each a link to its printable snapshot. */
export function AttestationsTable({ frn, attestations }: { frn: string; attestations: Attestation[] }) {
  return (
    <DataTable
      id="attestations"
      caption="Attestations"
      captionExtra={`${attestations.length.toLocaleString('en-GB')}`}
      rows={attestations}
      rowKey={(a) => a.id}
      emptyText="No attestation yet."
      columns={[
        {
          header: 'Attested',
          rowHeader: true,
          className: 'whitespace-nowrap',
          cell: (a) => <TextLink href={principalAttestationPath(frn, a.id)}>{formatDateTime(a.attestedAt)}</TextLink>,
        },
        { header: 'By', cell: (a) => a.attestedBy },
        { header: 'Current ARs', className: 'text-right tabular-nums', cell: (a) => a.arCount.toLocaleString('en-GB') },
        { header: 'Open findings', className: 'text-right tabular-nums', cell: (a) => a.openFindings.toLocaleString('en-GB') },
        { header: 'SHA-256', cell: (a) => <code className="text-xs break-all">{a.sha256}</code> },
      ]}
    />
  );
}
