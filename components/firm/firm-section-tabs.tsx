import { EntityTabs } from '@/components/register/entity-tabs';
import { firmPath } from '@/lib/routes/portal-paths';
import { FIRM_SECTION_SLUGS, FIRM_SECTIONS, type FirmSectionSlug } from '@/lib/sections/firm-sections';

/**
 * Every part of the firm's register entry, one click away from any of them, then the firm's
 * pages that are not register sections (History: what the watch checks saw change).
 */
export function FirmSectionTabs({ frn, current }: { frn: string; current?: FirmSectionSlug | 'history' }) {
  return (
    <EntityTabs
      label="Firm sections"
      tabs={[
        { href: firmPath(frn), label: 'Overview', current: current === undefined },
        ...FIRM_SECTION_SLUGS.map((slug) => ({ href: firmPath(frn, slug), label: FIRM_SECTIONS[slug].title, current: slug === current })),
        { href: firmPath(frn, 'history'), label: 'History', current: current === 'history' },
      ]}
    />
  );
}
