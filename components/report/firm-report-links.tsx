import Link from 'next/link';
import { firmPath, reportsPath } from '@/lib/routes/portal-paths';

/** On the firm overview: the printable report of the whole firm, and the evidence already saved for it. */
export function FirmReportLinks({ frn }: { frn: string }) {
  return (
    <p className="no-print flex flex-wrap gap-x-6 gap-y-2 text-sm" data-testid="firm-report-links">
      {/* A document load, not a client navigation: the report's print style carries the new document's CSP nonce. */}
      <a href={firmPath(frn, 'report')} className="font-semibold text-brand-700 underline">
        Printable report of every section
      </a>
      <Link href={reportsPath({ firm: frn, user: 'all' })} className="text-brand-700 underline">
        Saved reports (evidence) for this firm
      </Link>
    </p>
  );
}
