import { WarningCallout } from '@/components/ui/warning-callout';

/** Said when a report read only some of the per-country or per-requirement lists (FSR_REPORT_MAX_DETAILS). */
export function DetailsCutNote({ cut, what }: { cut?: { fetched: number; total: number }; what: string }) {
  if (!cut) return null;
  return (
    <WarningCallout title={`Incomplete: ${what} read for ${cut.fetched} of ${cut.total}`}>
      The report reads at most {cut.fetched} of these lists (FSR_REPORT_MAX_DETAILS); the rest are on the firm&apos;s own pages.
    </WarningCallout>
  );
}
