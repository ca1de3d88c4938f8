import type { FoldedName } from './fold-name';
import { COMMON_WORDS, editDistance, wordWeight } from './name-similarity';

/**
 * What to ask the register's search for a name, in order. The register's search finds an entry
 * only when every word of the query starts a word of one of its names (reference §4), so the
 * words typed decide what can be found: "Castlegate Securities Ltd" finds nothing for "Castlegate
 * Securities Limited" ("ltd" starts no word of it), "Albion Crwn Bank" nothing at all.
 *
 * 1. First, the significant words (fold-name.ts: no legal form, no "the" or "and", no
 *    punctuation or accents), at most six: "castlegate securities". This finds every way of
 *    writing the legal form and most names at once, in one call.
 * 2. Only when that gives no candidate worth a person's look: the name with a misspelt common word
 *    spelt right ("kingsmere mortgage network" for "Morgage"), every word cut to its first third
 *    ("al cr ba"; half for a one-word name; a slip later in any word, or two words run together,
 *    "Bluepeak" for "Blue Peak", still starts the register's word), then the name without one of its words,
 *    distinctive words first, longest first (a slip early in a name, or a word the register's
 *    name does not have), then common words, shortest first: "crwn bank", "albion bank". When what is left is a single common word ("payments"),
 *    the dropped word's first two letters stay, to keep the answer short: "qu payments".
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

/**
 * The start of a word that a slip later in it leaves intact: its first third beside other words
 * (which narrow the answer), its first half alone; at least two letters, and a word of three
 * letters or fewer stays whole.
 */
export function wordStart(word: string, alone: boolean): string {
  return word.length <= 3 ? word : word.slice(0, Math.max(2, Math.ceil(word.length / (alone ? 2 : 3))));
}

/**
 * A word one slip from exactly one common word of firm names, read as that word ("morgage" →
 * "mortgage"); other words as typed. Names (distinctive words) have no dictionary and stay.
 */
export function correctCommonWord(word: string): string {
  if (word.length < 5 || COMMON_WORDS.has(word)) return word;
  const reach = word.length >= 8 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = reach + 1;
  let ties = 0;
  for (const common of COMMON_WORDS) {
    if (Math.abs(common.length - word.length) > reach) continue;
    const d = editDistance(word, common, reach);
    if (d < bestDistance) {
      best = common;
      bestDistance = d;
      ties = 1;
    } else if (d === bestDistance) ties += 1;
  }
  return best && ties === 1 ? best : word;
}

/** The fallback queries, in the order they are tried, never repeating the first. */
export function fallbackQueries(name: FoldedName): string[] {
  const words = name.words;
  const first = firstQuery(name);
  const out: string[] = [];
  // A common word misspelt ("Kingsmere Morgage Network"): the name with it spelt right.
  const corrected = words.map(correctCommonWord);
  if (corrected.some((w, i) => w !== words[i])) out.push(queryOf(corrected));
  // Every word cut to its start (a third, or half for a name of one word): a slip later in any
  // word, or two words run together ("Bluepeak" for "Blue Peak"), still starts the register's word.
  out.push(queryOf(words.map((w) => wordStart(w, words.length === 1))));
  if (words.length > 1) {
    // Then without one word: distinctive words first, longest first (a slip early in a name), then
    // common ones, shortest first (a fragment of words the register runs together, "Revolution FX"
    // for "RevolutionFX").
    const order = words
      .map((w, i) => ({ w, i, common: wordWeight(w) < 1 }))
      .sort((a, b) => Number(a.common) - Number(b.common) || (a.common ? a.w.length - b.w.length : b.w.length - a.w.length) || b.i - a.i);
    for (const { i } of order) {
      const rest = words.filter((_, j) => j !== i);
      const distinctive = rest.some((w) => wordWeight(w) === 1);
      out.push(distinctive || rest.length >= 2 ? queryOf(rest) : queryOf([words[i].slice(0, 2), ...rest]));
    }
  }
  return [...new Set(out)].filter((q) => q !== '' && q !== first).slice(0, MAX_QUERIES - 1);
}
