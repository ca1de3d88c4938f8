/**
 * Names as people write them, folded to one form so that two ways of writing the same name meet.
 * Each folding rule is one step below, applied to the typed name and the register's names alike
 * (docs/screening.md lists them; fold-name.test.ts tests each):
 *
 * 1. Letters: accents and ligatures fold to plain letters ("Zoë" = "Zoe", "Ørsted" = "Orsted",
 *    "Straße" = "Strasse"), case is ignored.
 * 2. Apostrophes join ("D'Arcy" = "Darcy", "O’Brien" = "OBrien"); dotted initials join
 *    ("L.L.P." = "LLP", "U.K." = "UK").
 * 3. "&" and "+" are "and"; other punctuation (hyphens, commas, brackets, slashes) separates words.
 * 4. Legal forms are read as one of a few canonical forms wherever they are in the name:
 *    Limited = Ltd; Public Limited Company = PLC; Limited Liability Partnership = LLP; Limited
 *    Partnership = LP; Company = Co; Incorporated = Inc; Corporation = Corp; Community Interest
 *    Company = CIC; foreign forms (GmbH, AG, SA, NV, BV, SE, LLC…) only as the last word.
 * 5. Common abbreviations are spelt out (Intl, Mgmt, Svcs, Assoc, Grp, Hldgs, Bros…).
 * 6. A leading "The" and the word "and" carry no meaning for matching and are left out.
 * 7. For people, titles (Mr, Mrs, Dr, Sir…) are left out.
 *
 * The result keeps the significant words (what a name is matched and searched by), the legal
 * forms apart (they weigh little: a spreadsheet's "Ltd" for the register's "LLP" is usually the
 * same firm, but not always), the words joined without spaces (so "RevolutionFX" meets
 * "Revolution FX"), and notes on what was folded, so a screen can say how it read the query.
 */

export interface FoldedName {
  /** The significant words, folded, in order (legal forms, a leading "the" and "and" left out). */
  words: string[];
  /** Canonical legal forms found ("ltd", "plc", "llp", …), in order. */
  legalForms: string[];
  /** `words` joined without spaces. */
  compact: string;
  /** What folding changed, in words, for people ("Ltd" read as a legal form, accents ignored…). */
  notes: string[];
}

const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ŀ: 'l' };

/** Rule 1: accents, ligatures and case. */
export function foldLetters(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ßæœøłđðþıŀ]/g, (c) => LETTERS[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Multi-word legal forms, longest first, to their canonical word. */
const LEGAL_PHRASES: Array<[RegExp, string]> = [
  [/\bpublic limited company\b/g, 'plc'],
  [/\blimited liability partnership\b/g, 'llp'],
  [/\blimited liability company\b/g, 'llc'],
  [/\blimited partnership\b/g, 'lp'],
  [/\bcommunity interest company\b/g, 'cic'],
  [/\bpublic company limited by shares\b/g, 'plc'],
];

/** Single-word legal forms anywhere in a name. */
const LEGAL_WORDS: Record<string, string> = {
  limited: 'ltd',
  ltd: 'ltd',
  ltda: 'ltd',
  plc: 'plc',
  llp: 'llp',
  lp: 'lp',
  company: 'co',
  co: 'co',
  incorporated: 'inc',
  inc: 'inc',
  corporation: 'corp',
  corp: 'corp',
  cic: 'cic',
  llc: 'llc',
};

/** Foreign legal forms: only as the last word, where they cannot be a word of the name. */
const TRAILING_LEGAL_WORDS = new Set(['gmbh', 'ag', 'sa', 'nv', 'bv', 'se', 'spa', 'srl', 'sarl', 'sas', 'oy', 'ab', 'asa', 'kg', 'pty', 'pte', 'bhd', 'dac', 'ulc']);

/** Rule 5: abbreviations people write, spelt out. */
const ABBREVIATIONS: Record<string, string> = {
  intl: 'international',
  mgmt: 'management',
  mgt: 'management',
  svcs: 'services',
  svc: 'services',
  servs: 'services',
  assoc: 'associates',
  assocs: 'associates',
  grp: 'group',
  hldgs: 'holdings',
  hldg: 'holdings',
  bros: 'brothers',
  natl: 'national',
  invs: 'investments',
  finl: 'financial',
};

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'sir', 'dame', 'lord', 'lady', 'prof', 'professor', 'rev', 'revd']);

export interface FoldOptions {
  /** Names of people: titles are left out and legal forms are not looked for. */
  person?: boolean;
}

export function foldName(name: string, options: FoldOptions = {}): FoldedName {
  const notes = new Set<string>();
  const lettersFolded = foldLetters(name);
  if (/[\u0080-\uffff]/.test(name.replace(/[’‘`´]/g, '')) && lettersFolded !== name.toLowerCase()) notes.add('accents ignored');
  let s = lettersFolded
    // Rule 2: apostrophes (straight and curly) join the letters either side.
    .replace(/(\p{L})['’‘`´](?=\p{L})/gu, '$1')
    .replace(/['’‘`´]/g, '')
    // Dotted initials: "l.l.p." → "llp", "u.k." → "uk".
    .replace(/\b(?:[a-z]\.){2,}[a-z]?(?![a-z])/g, (m) => `${m.replace(/\./g, '')} `)
    // Rule 3: & and + are "and".
    .replace(/[&+]/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (/[&+]/.test(name)) notes.add('"&" read as "and"');
  if (!options.person) {
    for (const [phrase, form] of LEGAL_PHRASES) {
      if (phrase.test(s)) {
        notes.add(`"${phrase.source.replace(/\\b/g, '')}" read as a legal form`);
        s = s.replace(phrase, form);
      }
    }
  }
  const tokens = s.split(' ').filter(Boolean);
  const words: string[] = [];
  const legalForms: string[] = [];
  tokens.forEach((raw, i) => {
    const token = ABBREVIATIONS[raw] ?? raw;
    if (token !== raw) notes.add(`"${raw}" read as "${token}"`);
    if (options.person) {
      if (TITLES.has(token) && tokens.length > 1) {
        notes.add('titles left out');
        return;
      }
      words.push(token);
      return;
    }
    const legal = LEGAL_WORDS[token] ?? (i === tokens.length - 1 && i > 0 && TRAILING_LEGAL_WORDS.has(token) ? token : undefined);
    if (legal && (tokens.length > 1 || legalForms.length > 0)) {
      legalForms.push(legal);
      notes.add('legal forms (Ltd, Limited, PLC, LLP…) read alike');
      return;
    }
    if (token === 'the' && words.length === 0 && tokens.length > 1) {
      notes.add('a leading "The" left out');
      return;
    }
    if (token === 'and' && tokens.length > 1) return;
    words.push(token);
  });
  // A name that was all legal forms ("Limited") keeps them as its words.
  if (words.length === 0 && legalForms.length > 0) words.push(...legalForms.splice(0));
  return { words, legalForms, compact: words.join(''), notes: [...notes] };
}

/** Whether two names are the same once folded (legal forms aside). */
export function sameFoldedName(a: FoldedName, b: FoldedName): boolean {
  return a.compact !== '' && a.compact === b.compact;
}

/** Whether the legal forms of two names can be the same firm's: equal, or given on one side only. */
export function legalFormsAgree(a: FoldedName, b: FoldedName): boolean {
  if (a.legalForms.length === 0 || b.legalForms.length === 0) return true;
  const setB = new Set(b.legalForms);
  return a.legalForms.every((f) => setB.has(f)) || b.legalForms.every((f) => a.legalForms.includes(f));
}
