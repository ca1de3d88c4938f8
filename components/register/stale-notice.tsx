import { WarningCallout } from '@/components/ui/warning-callout';

/** Said whenever the client served saved data because the register failed: the age matters for a check. */
export function StaleNotice({ notice }: { notice?: string }) {
  if (!notice) return null;
  return <WarningCallout title="The register did not answer; this is the portal’s saved copy">{notice}</WarningCallout>;
}
