import type { EntityKind } from '@/lib/db/schema';
import { firmPath, fundPath, individualPath, type PortalPath } from '@/lib/routes/portal-paths';
import type { FirmSectionSlug } from '@/lib/sections/firm-sections';
import type { FundSectionSlug } from '@/lib/sections/fund-sections';
import type { IndividualSectionSlug } from '@/lib/sections/individual-sections';
import { listOf } from '@/lib/sections/section-kit';

/** Each kind's section slugs. */
type SectionSlugOf = { firm: FirmSectionSlug; individual: IndividualSectionSlug; fund: FundSectionSlug };

/** A section's own page, without a page number. */
function sectionPath<K extends EntityKind>(kind: K, ref: string, slug: SectionSlugOf[K]): PortalPath {
  if (kind === 'individual') return individualPath(ref, slug as IndividualSectionSlug);
  if (kind === 'fund') return fundPath(ref, slug as FundSectionSlug);
  return firmPath(ref, slug as FirmSectionSlug);
}

/**
 * What a paged section list (PagedRegisterList) says the same way for every section of every
 * entity, from its registry entry (lib/sections/): its page's address, what one row is, the list
 * mid-sentence, and whose list could not be read ("appointed representatives of FRN 700100").
 */
export function sectionListProps<K extends EntityKind>(kind: K, ref: string, entry: { slug: SectionSlugOf[K]; noun: string; unit: [string, string] }) {
  return {
    basePath: sectionPath(kind, ref, entry.slug),
    unit: entry.unit,
    label: entry.noun,
    failureWhat: listOf(kind, { label: entry.noun }, ref),
  };
}
