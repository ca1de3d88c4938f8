import type { EntityKind } from '@/lib/db/schema';
import { FIRM_SECTIONS } from './firm-sections';
import { FUND_SECTIONS } from './fund-sections';
import { INDIVIDUAL_SECTIONS } from './individual-sections';
import type { AnyListSection } from './section-kit';

/**
 * Every entity's lists, by kind, in each registry's order, for code that handles every section of
 * every entity alike (the watch, the CSV exports). Pages use the typed registries themselves.
 */
export const ENTITY_SECTIONS: Record<EntityKind, readonly AnyListSection[]> = {
  firm: Object.values(FIRM_SECTIONS),
  individual: Object.values(INDIVIDUAL_SECTIONS),
  fund: Object.values(FUND_SECTIONS),
};

/** One list of an entity by its slug, or undefined. */
export function entitySection(kind: EntityKind, slug: string): AnyListSection | undefined {
  return ENTITY_SECTIONS[kind].find((s) => s.slug === slug);
}
