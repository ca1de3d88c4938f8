import type { ReactNode } from 'react';
import type { RegisterCall } from '@/lib/page-data/refresh-calls';
import type { FirmSectionSlug } from '@/lib/sections/firm-sections';
import type { FirmPage } from '@/lib/firm/load-firm-page';
import { FirmHeader } from './firm-header';
import { FirmSectionTabs } from './firm-section-tabs';

/**
 * Every firm section page: the firm header (already fetched, so it is in the first bytes sent),
 * the section tabs, then the section itself, which streams.
 */
export function FirmPageShell({
  page,
  section,
  heading,
  refreshCalls,
  children,
}: {
  page: Extract<FirmPage, { kind: 'ready' }>;
  /** The tab to mark as current: a register section, or the firm's History. */
  section: FirmSectionSlug | 'history';
  heading: ReactNode;
  /** The register calls the page shows besides the firm record, for the refresh button. */
  refreshCalls: RegisterCall[];
  children: ReactNode;
}) {
  return (
    <div className="space-y-5">
      <FirmHeader frn={page.frn} result={page.firm} heading={heading} refreshCalls={[{ endpoint: 'firm', args: [page.frn] }, ...refreshCalls]} />
      <FirmSectionTabs frn={page.frn} current={section} />
      {children}
    </div>
  );
}
