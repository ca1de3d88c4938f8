import { firmPath, reportsPath } from '@/lib/routes/portal-paths';
import { TextAnchor, TextLink } from '@/components/ui/text-link';

/** On the firm overview: the printable report of the whole firm, and the evidence already saved for it. */
export function FirmReportLinks({ frn }: { frn: string }) {
  return (
    <p className="no-print flex flex-wrap gap-x-6 gap-y-2 text-sm" data-testid="firm-report-links">
      {/* A document load, not a client navigation: the report's print style carries the new document's CSP nonce. */}
      <TextAnchor href={firmPath(frn, 'report')} weight="semibold">
        Printable report of every section
      </TextAnchor>
      <TextLink href={reportsPath({ firm: frn, user: 'all' })}>Saved reports (evidence) for this firm</TextLink>
    </p>
  );
}
