/**
 * Name matching for reconciliation. Names are compared after normalisation: accents folded,
 * "&" read as "and", punctuation dropped, case ignored, and the legal-form words that vary
 * between spreadsheets and the register ("Limited"/"Ltd", "plc", "LLP", "Company"/"Co") made
 * equal. The score (0-100) is the Dice coefficient of the two names' word sets, times 100:
 * 100 when the normalised names have exactly the same words, 0 when they share none. It says how
 * much of both names the other accounts for, so a short query inside a long name scores low.
 */

const LEGAL_FORMS: Record<string, string> = {
  limited: 'ltd',
  ltd: 'ltd',
  plc: 'plc',
  'public limited company': 'plc',
  llp: 'llp',
  'limited liability partnership': 'llp',
  company: 'co',
  co: 'co',
  incorporated: 'inc',
  inc: 'inc',
};

export function normaliseName(name: string): string {
  let s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  for (const [long, short] of Object.entries(LEGAL_FORMS)) {
    if (long.includes(' ')) s = s.replace(new RegExp(`\\b${long}\\b`, 'g'), short);
  }
  return s
    .split(' ')
    .filter(Boolean)
    .map((w) => LEGAL_FORMS[w] ?? w)
    .join(' ');
}

function words(normalised: string): Set<string> {
  return new Set(normalised.split(' ').filter(Boolean));
}

/** 0-100: Dice coefficient of the normalised names' word sets. */
export function nameScore(query: string, candidate: string): number {
  const a = words(normaliseName(query));
  const b = words(normaliseName(candidate));
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return Math.round(((200 * shared) / (a.size + b.size)) * 10) / 10;
}

/** Whether the two names are the same once normalised. */
export function sameName(query: string, candidate: string): boolean {
  const q = normaliseName(query);
  return q.length > 0 && q === normaliseName(candidate);
}
