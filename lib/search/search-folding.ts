import { foldName } from '@/lib/matching/fold-name';
import { firstQuery } from '@/lib/matching/register-queries';
import type { SearchType } from '@/lib/register/model';

/**
 * What the search page asks the register for a typed name. The register's search finds an entry
 * only when every word of the query starts a word of its names, so "castlegate securities ltd"
 * finds nothing for "Castlegate Securities Limited". The page asks for the name as the matcher
 * reads it (lib/matching: the significant words, without legal forms, "the", "and", punctuation or
 * accents) and says so, with a link to search the words exactly as typed (`exact`).
 */
export interface SearchReading {
  /** The words sent to the register. */
  registerQuery: string;
  /** What folding did, in words, when the register query differs from what was typed. */
  folded?: string[];
}

export function readSearchQuery(typed: string, type: SearchType, exact: boolean): SearchReading {
  if (exact) return { registerQuery: typed };
  const folded = foldName(typed, { person: type === 'individual' });
  const query = firstQuery(folded);
  const plain = typed.toLowerCase().replace(/\s+/g, ' ').trim();
  if (query === '' || query === plain) return { registerQuery: typed };
  return { registerQuery: query, folded: folded.notes.length > 0 ? folded.notes : ['punctuation ignored'] };
}
