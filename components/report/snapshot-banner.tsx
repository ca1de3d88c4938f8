import { firmPath } from '@/lib/routes/portal-paths';
import { formatDateTime } from '@/lib/format/date';
import type { Snapshot } from '@/lib/report/snapshot-store';
import { TextLink } from '@/components/ui/text-link';

/**
 * Above a saved report: this is a stored snapshot, not the register today; who saved it and when;
 * its SHA-256 and whether the stored bytes still match it. Printed, so a paper copy says the same.
 */
export function SnapshotBanner({ snapshot }: { snapshot: Snapshot }) {
  return (
    <section aria-labelledby="snapshot-heading" className="snapshot-banner space-y-2 rounded border-2 border-amber-600 bg-amber-50 p-4 text-sm" data-testid="snapshot-banner">
      <h2 id="snapshot-heading" className="text-base font-bold">
        Saved evidence snapshot: not live register data
      </h2>
      <p>
        This is the report exactly as it was saved on <time dateTime={snapshot.createdAt}>{formatDateTime(snapshot.createdAt)}</time> by {snapshot.createdByEmail}. It is
        re-rendered from the stored data, not read from the register again; the register may say something different today.{' '}
        <TextLink href={firmPath(snapshot.frn)} className="no-print">
          Open the firm as it is now
        </TextLink>
      </p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Snapshot</dt>
        <dd className="font-mono" data-testid="snapshot-id">
          {snapshot.id}
        </dd>
        <dt className="font-semibold">SHA-256</dt>
        <dd className="font-mono break-all" data-testid="snapshot-sha256">
          {snapshot.sha256}
        </dd>
        <dt className="font-semibold">Integrity</dt>
        <dd data-testid="snapshot-integrity" className={snapshot.intact ? 'text-emerald-900' : 'font-bold text-red-800'}>
          {snapshot.intact
            ? 'Verified: the stored data still hashes to this SHA-256.'
            : 'FAILED: the stored data no longer hashes to this SHA-256. Do not rely on this copy; tell an administrator.'}
        </dd>
      </dl>
    </section>
  );
}
