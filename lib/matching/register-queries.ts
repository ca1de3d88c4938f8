import type { FoldedName } from './fold-name';
import { wordWeight } from './name-similarity';

/**
 * What to ask the register's search for a name, in order. The register's search finds an entry
 * only when every word of the query starts a word of one of its names (reference §4), so the
 * words typed decide what can be found: "Castlegate Securities Ltd" finds nothing for "Castlegate
 * Securities Limited" ("ltd" starts no word of it), "Albion Crwn Bank" nothing at all.
 *
 * 1. First, the significant words (fold-name.ts: no legal form, no "the" or "and", no
 *    punctuation or accents), at most six: "castlegate securities". This finds every way of
 *    writing the legal form and most names at once, in one call.
 * 2. Only when that gives no candidate worth a person's look, the name without one of its words,
 *    longest word first (a slip is likelier in a long word, and a word the register's name does
 *    not have is dropped the same way): "crown bank", then "albion bank". When what is left is a
 *    single common word ("payments"), the dropped word's first two letters stay, to keep the
 *    answer short: "qu payments".
 *
 * At most `MAX_QUERIES` in all (find-match.ts stops at the first that settles the row), so a name
 * costs one search when it is written any way the register knows, and at most four when it is not.
 */

export const MAX_QUERIES = 4;
const MAX_QUERY_WORDS = 6;

function queryOf(words: string[]): string {
  if (words.length <= MAX_QUERY_WORDS) return words.join(' ');
  // Keep the most distinctive (then longest) words, in their order.
  const keep = new Set(
    words
      .map((w, i) => ({ w, i }))
      .sort((a, b) => wordWeight(b.w) - wordWeight(a.w) || b.w.length - a.w.length || a.i - b.i)
      .slice(0, MAX_QUERY_WORDS)
      .map((x) => x.i),
  );
  return words.filter((_, i) => keep.has(i)).join(' ');
}

/** The first query: every significant word. Empty when the name has none. */
export function firstQuery(name: FoldedName): string {
  return queryOf(name.words);
}

/** The fallback queries, in the order they are tried, never repeating the first. */
export function fallbackQueries(name: FoldedName): string[] {
  const words = name.words;
  const first = firstQuery(name);
  const out: string[] = [];
  if (words.length === 1) {
    // One long word with a slip in it: its first half still starts the right word.
    const w = words[0];
    if (w.length >= 6) out.push(w.slice(0, Math.ceil(w.length / 2)));
  } else {
    const order = words.map((w, i) => ({ w, i })).sort((a, b) => b.w.length - a.w.length || b.i - a.i);
    for (const { i } of order) {
      const rest = words.filter((_, j) => j !== i);
      const distinctive = rest.some((w) => wordWeight(w) === 1);
      const query = distinctive || rest.length >= 2 ? queryOf(rest) : queryOf([words[i].slice(0, 2), ...rest]);
      out.push(query);
    }
  }
  return [...new Set(out)].filter((q) => q !== '' && q !== first).slice(0, MAX_QUERIES - 1);
}
