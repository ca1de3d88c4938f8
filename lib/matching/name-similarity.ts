import { legalFormsAgree, type FoldedName } from './fold-name';

/**
 * How alike two folded names are, 0 to 100, and why, for people. The scale:
 *
 * - **100**: the same name once folded (fold-name.ts), legal forms agreeing or given on one side.
 * - **88**: the same name with different legal forms ("Ltd" given, "LLP" on the register): often
 *   the same firm written carelessly, but sometimes another firm of the same name (the register
 *   holds both "Greyfriars Insurance Brokers LLP" and "… Limited"), so never a match by itself: a
 *   person decides unless the register holds nothing closer.
 * - **92**: one letter different, missing, extra or two letters swapped across the whole name of
 *   at least 8 letters ("Albion Crwn Bank" for "Albion Crown Bank"): a typing slip.
 * - **84**: two letters different in a name of at least 14 letters.
 * - **97**: the same words in another order ("Crown Albion Bank").
 * - otherwise the **weighted word overlap** (a Dice coefficient): each word of one name is paired
 *   with its best word of the other (the same word counts 1; a word that starts the other, such as
 *   "Revolution" and "Revolutions", or a one-letter slip in a word of 4 letters or more, 0.8; two
 *   slips in a word of 7 or more, 0.6; for people an initial and its name, 0.5), and words common
 *   in firm names ("Financial", "Services", "Capital"…) weigh half as much as distinctive ones,
 *   so "Albion Services" is far from "Harbour Services". Overlap alone stops at 89: below a
 *   match, so a person decides.
 *
 * People's names: a typed name whose every word is in the register's name, with the same first
 * and last word, scores 93 ("Edward Thornton" for "Edward James Thornton"): middle names are
 * usually left out, but several people may share the rest, which the decision sees.
 */

export interface NameComparison {
  score: number;
  /** The same name once folded, legal forms agreeing. */
  exact: boolean;
  /** Only a spelling slip separates the names. */
  spelling: boolean;
  /** Why, in words. */
  notes: string[];
}

/** Words so common in firm names that they tell little apart; they weigh half. */
const GENERIC = new Set(
  `financial finance services service management capital investments investment invest wealth asset assets partners partnership group holdings holding
  international uk gb europe european global advisers advisors advisory adviser advisor consultants consulting consultancy solutions mortgage mortgages
  insurance brokers broker associates planning planners bank banking trust securities markets market fund funds private trading direct money credit
  loans lending payments payment pay home homes property properties estates estate agency agents network plc ltd fx of uk london national general first one`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Words common in firm and fund names, spelt right: a typed word one slip from exactly one of them
 * ("morgage", "welath", "insurence") is read as it (register-queries.ts), because the register's
 * search needs every word spelt as the register has it.
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set([
  ...GENERIC,
  ...`mortgage mortgages insurance services financial management wealth advisers investments planning associates partners capital securities holdings
  international consultants solutions brokers protection assurance finance lending leasing trustees trustee managers private clients independent payments
  exchange markets bank building society asset fund funds equity income growth global european american property limited company group network direct
  online advisory underwriting agency commercial consumer credit loans motor motors vehicle estates lettings transfer currency pensions pension retirement
  trading investment portfolio strategic sterling`
    .split(/\s+/)
    .filter(Boolean),
]);

export function wordWeight(word: string): number {
  return GENERIC.has(word) ? 0.5 : 1;
}

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps), stopping past `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let prevPrev = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const cur = new Array<number>(cols).fill(0);
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prevPrev[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = cur;
  }
  return prev[cols - 1];
}

/** How much one word counts as another (0 to 1). */
export function wordCredit(a: string, b: string, person = false): number {
  if (a === b) return 1;
  const shorter = Math.min(a.length, b.length);
  if (person && (a.length === 1 || b.length === 1)) return (a.length === 1 ? b : a).startsWith(a.length === 1 ? a : b) ? 0.5 : 0;
  if (shorter >= 4 && (a.startsWith(b) || b.startsWith(a))) return 0.8;
  const d = editDistance(a, b, 2);
  if (d === 1 && shorter >= 4) return 0.8;
  if (d === 2 && shorter >= 7) return 0.6;
  return 0;
}

interface Pairing {
  credit: number;
  a: string;
  b: string;
}

/** Each word of `a` paired with at most one word of `b`, best pairs first. */
function pairWords(a: string[], b: string[], person: boolean): Pairing[] {
  const options: Array<Pairing & { i: number; j: number }> = [];
  a.forEach((x, i) =>
    b.forEach((y, j) => {
      const credit = wordCredit(x, y, person);
      if (credit > 0) options.push({ credit, a: x, b: y, i, j });
    }),
  );
  options.sort((p, q) => q.credit - p.credit || p.i - q.i || p.j - q.j);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const out: Pairing[] = [];
  for (const o of options) {
    if (usedA.has(o.i) || usedB.has(o.j)) continue;
    usedA.add(o.i);
    usedB.add(o.j);
    out.push(o);
  }
  return out;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** Compares a typed name (`given`) with one of the register's names (`listed`). */
export function compareNames(given: FoldedName, listed: FoldedName, options: { person?: boolean } = {}): NameComparison {
  const person = options.person ?? false;
  if (given.compact === '' || listed.compact === '') return { score: 0, exact: false, spelling: false, notes: [] };
  const formsAgree = legalFormsAgree(given, listed);
  const formNote = formsAgree ? [] : [`legal form differs (${given.legalForms.join(' ')} given, ${listed.legalForms.join(' ')} on the register)`];
  if (given.compact === listed.compact) {
    const spaced = given.words.join(' ') !== listed.words.join(' ') ? ['the same name written with different spacing'] : [];
    return formsAgree ? { score: 100, exact: true, spelling: false, notes: spaced } : { score: 88, exact: false, spelling: false, notes: [...spaced, ...formNote] };
  }
  const length = Math.min(given.compact.length, listed.compact.length);
  const d = length >= 8 ? editDistance(given.compact, listed.compact, 2) : 3;
  if (d === 1 || (d === 2 && length >= 14)) {
    const slips = spellingPairs(given.words, listed.words);
    const score = (d === 1 ? 92 : 84) - (formsAgree ? 0 : 8);
    return { score, exact: false, spelling: true, notes: [`spelling differs${slips ? `: ${slips}` : ` by ${d === 1 ? 'one letter' : 'two letters'}`}`, ...formNote] };
  }
  if (person && given.words.length >= 2 && listed.words.length > given.words.length) {
    const first = given.words[0] === listed.words[0];
    const last = given.words[given.words.length - 1] === listed.words[listed.words.length - 1];
    const all = given.words.every((w) => listed.words.includes(w));
    if (first && last && all) return { score: 93, exact: false, spelling: false, notes: ['middle names not given'] };
  }
  const pairs = pairWords(given.words, listed.words, person);
  const weigh = (words: string[]) => words.reduce((n, w) => n + (person ? 1 : wordWeight(w)), 0);
  const matchedGiven = pairs.reduce((n, p) => n + p.credit * (person ? 1 : wordWeight(p.a)), 0);
  const matchedListed = pairs.reduce((n, p) => n + p.credit * (person ? 1 : wordWeight(p.b)), 0);
  const sameWords = pairs.length === given.words.length && pairs.length === listed.words.length && pairs.every((p) => p.credit === 1);
  if (sameWords) return { score: formsAgree ? 97 : 87, exact: false, spelling: false, notes: ['the same words in another order', ...formNote] };
  let score = (100 * (matchedGiven + matchedListed)) / (weigh(given.words) + weigh(listed.words));
  if (!formsAgree) score *= 0.9;
  const notes: string[] = [];
  const slipped = pairs.filter((p) => p.credit < 1);
  if (slipped.length > 0) notes.push(`words read as alike: ${slipped.map((p) => `"${p.a}" ~ "${p.b}"`).join(', ')}`);
  const missing = listed.words.filter((w) => !pairs.some((p) => p.b === w));
  const extra = given.words.filter((w) => !pairs.some((p) => p.a === w));
  if (extra.length > 0) notes.push(`not in the register's name: ${extra.join(' ')}`);
  if (missing.length > 0) notes.push(`not given: ${missing.join(' ')}`);
  // Overlapping words alone never reach a match (90): a person decides.
  return { score: round(Math.min(score, 89)), exact: false, spelling: false, notes: [...notes, ...formNote] };
}

/** "'crwn' ~ 'crown'" for the words that differ by a slip, or undefined when the slip spans words. */
function spellingPairs(given: string[], listed: string[]): string | undefined {
  const differing = given.filter((w) => !listed.includes(w));
  const other = listed.filter((w) => !given.includes(w));
  if (differing.length === 1 && other.length === 1) return `"${differing[0]}" ~ "${other[0]}"`;
  return undefined;
}
