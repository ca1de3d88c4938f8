import type { EntityKind } from '@/lib/db/schema';
import { defaultWatchedSections, ENTITY_KINDS, normaliseWatchedSections, sectionNames, watchSection, WATCH_SECTIONS } from '@/lib/watch/watch-sections';

/**
 * Which sections a watchlist watches, per entity kind, as stored in `watchlists.sections`
 * ({"firm": [...], "individual": [...], "fund": [...]}). The sections themselves, their defaults
 * and the rule that the record is always watched are the engine's (lib/watch/watch-sections.ts);
 * this module checks a list's choice and words it for people.
 */
export type SectionsChoice = Record<EntityKind, string[]>;

export { ENTITY_KINDS };

export const KIND_LABELS: Record<EntityKind, { noun: string; plural: string; number: string }> = {
  firm: { noun: 'firm', plural: 'Firms', number: 'FRN' },
  individual: { noun: 'individual', plural: 'Individuals', number: 'IRN' },
  fund: { noun: 'fund', plural: 'Funds', number: 'PRN' },
};

export interface WatchableSection {
  slug: string;
  title: string;
  /** The record: watched whatever the list says. */
  always: boolean;
}

/** The watchable sections of one kind, in the engine's order. */
export function watchableSections(kind: EntityKind): WatchableSection[] {
  return WATCH_SECTIONS[kind].map((s) => ({ slug: s.slug, title: s.title, always: s.slug === 'record' }));
}

/** A section's title for people ("Appointed representatives", "Standing"), or the slug when the engine no longer knows it. */
export function sectionTitle(kind: EntityKind, slug: string): string {
  return sectionNames(kind, slug).title;
}

/** What a new list watches: the engine's defaults (every section of each kind). */
export function defaultSectionsChoice(): SectionsChoice {
  return defaultWatchedSections();
}

export class SectionsChoiceError extends Error {
  override name = 'SectionsChoiceError';
}

/**
 * Checks a choice: known slugs only (anything else is refused, naming it), in the engine's order
 * without repeats, the record always included. Throws SectionsChoiceError with a message for people.
 */
export function checkSectionsChoice(input: Partial<Record<EntityKind, readonly string[]>>): SectionsChoice {
  const choice = {} as SectionsChoice;
  for (const kind of ENTITY_KINDS) {
    const wanted = input[kind] ?? [];
    for (const slug of wanted) {
      if (!watchSection(kind, slug)) throw new SectionsChoiceError(`"${slug}" is not a section of a ${KIND_LABELS[kind].noun} the portal can watch.`);
    }
    choice[kind] = normaliseWatchedSections(kind, wanted);
  }
  return choice;
}

/** The stored JSON read back as the engine reads it: a kind missing from it (or unreadable JSON) watches the defaults. */
export function parseSectionsChoice(json: string): SectionsChoice {
  const choice = defaultSectionsChoice();
  try {
    const parsed = JSON.parse(json) as Partial<Record<EntityKind, unknown>>;
    for (const kind of ENTITY_KINDS) {
      const slugs = parsed?.[kind];
      if (Array.isArray(slugs))
        choice[kind] = normaliseWatchedSections(
          kind,
          slugs.filter((s): s is string => typeof s === 'string'),
        );
    }
  } catch {
    // As the engine: a list whose settings cannot be read watches everything.
  }
  return choice;
}
