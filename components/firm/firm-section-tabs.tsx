import { EntityTabs, recordTabs } from '@/components/register/entity-tabs';
import { firmPath } from '@/lib/routes/portal-paths';
import { FIRM_SECTIONS, type FirmSectionSlug } from '@/lib/sections/firm-sections';

/** Every part of the firm's register entry, one click away from any of them, then the firm's History. */
export function FirmSectionTabs({ frn, current = 'overview' }: { frn: string; current?: 'overview' | FirmSectionSlug | 'history' }) {
  return <EntityTabs label="Firm sections" tabs={recordTabs((section) => firmPath(frn, section), Object.values(FIRM_SECTIONS), current)} />;
}
