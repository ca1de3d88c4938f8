/**
 * A record's standing: one answer to "can we rely on this entry?", the same on every screen.
 *
 * The register never says it in one field. A prohibited person's status reads "Regulatory approval
 * no longer required" (the prohibition is in the disciplinary history); a firm in administration
 * reads "Authorised" (the administration is in its sub-status and notices); a clone has no record
 * at all. The standing reads everything the register says about the entry and gives:
 *
 * - a **level**: `stop` (do not rely on it: prohibited, unauthorised, a clone, no longer
 *   authorised, insolvent or suspended), `caution` (a person must read something before relying
 *   on it: a notice, a restriction, disciplinary history, an appointed representative, a status
 *   the portal does not know, a source that could not be read), or `clear` (nothing of the above);
 * - its **reasons**, each a code, its own level, a few words for a badge and a sentence in plain
 *   English that quotes the register's own words.
 *
 * Every rule is in `firm-standing.ts`, `individual-standing.ts`, `fund-standing.ts` and
 * `listing-standing.ts`, written down with why in docs/screening.md and tested one by one. The
 * functions are pure: callers read the register and pass what they read, and say what they could
 * not read (`Read` below), which is a reason in itself: a standing is never clear because a source
 * was missing.
 */

export type StandingLevel = 'clear' | 'caution' | 'stop';

export const LEVEL_ORDER: Record<StandingLevel, number> = { clear: 0, caution: 1, stop: 2 };

/** The level's word, as every screen and download writes it. */
export const LEVEL_WORD: Record<StandingLevel, string> = { clear: 'Clear', caution: 'Caution', stop: 'Stop' };

export type StandingCode =
  // firms
  | 'firm-no-longer-authorised'
  | 'firm-unauthorised-status'
  | 'firm-appointed-representative'
  | 'firm-agent'
  | 'firm-status-unknown'
  | 'firm-status-missing'
  | 'firm-insolvency'
  | 'firm-suspended'
  | 'firm-sub-status'
  | 'firm-exceptional-info'
  | 'firm-requirement-stops-business'
  | 'firm-requirement-restricts'
  | 'firm-disciplinary-history'
  | 'firm-clone-listed'
  // individuals
  | 'individual-prohibited'
  | 'individual-deceased'
  | 'individual-disciplinary-history'
  | 'individual-restriction'
  | 'individual-not-approved'
  | 'individual-status-unknown'
  | 'individual-status-missing'
  // funds
  | 'fund-ended'
  | 'fund-status-unknown'
  | 'fund-status-missing'
  // search listings without a record
  | 'unauthorised-firm'
  | 'clone-firm'
  // a source the standing needs could not be read
  | 'not-read';

export interface StandingReason {
  code: StandingCode;
  level: StandingLevel;
  /** A few words for a badge: "Prohibited", "In administration", "Register notice". */
  label: string;
  /** One plain-English sentence that quotes the register's words. */
  text: string;
}

export interface Standing {
  level: StandingLevel;
  /** Badge words: the most serious reason's label, or the register's status when clear. */
  label: string;
  /** Most serious first; empty when clear. */
  reasons: StandingReason[];
  /** What was read to reach it: "the firm's record", "its requirements", … */
  basis: string[];
}

/**
 * A source the standing needs, as the caller read it: the rows, or why it could not be read. The
 * register's "not found" for a list (no disciplinary history, no requirements) is an empty list,
 * not a failure.
 */
export type Read<T> = { ok: true; rows: T } | { ok: false; why: string };

export function readOk<T>(rows: T): Read<T> {
  return { ok: true, rows };
}

export function readFailed<T>(why: string): Read<T> {
  return { ok: false, why };
}

/** Orders reasons (most serious first, then in rule order) and takes the level and badge words. */
export function combine(reasons: StandingReason[], clearLabel: string, basis: string[]): Standing {
  const sorted = reasons.map((r, i) => ({ r, i })).sort((a, b) => LEVEL_ORDER[b.r.level] - LEVEL_ORDER[a.r.level] || a.i - b.i);
  const ordered = sorted.map((x) => x.r);
  const top = ordered[0];
  if (!top || top.level === 'clear') return { level: 'clear', label: clearLabel, reasons: ordered.filter((r) => r.level !== 'clear'), basis };
  return { level: top.level, label: top.label, reasons: ordered, basis };
}

/** The caution every unread source gives: the standing cannot be clear without it. */
export function notReadReason(what: string, why: string, couldHide: string): StandingReason {
  return {
    code: 'not-read',
    level: 'caution',
    label: 'Not fully checked',
    text: `${what} could not be read (${why.replace(/[.\s]+$/, '')}), so ${couldHide} cannot be ruled out.`,
  };
}

/** Register free text in a sentence: one line, at most `max` characters, cut at a word. */
export function quote(text: string, max = 220): string {
  const one = text.replace(/\s+/g, ' ').trim();
  if (one.length <= max) return one;
  const cut = one.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,;:.\s]+$/, '')}…`;
}

/** "Stop · Prohibited": the level in words and the badge words, for text-only places (CSV, XLSX, e-mail). */
export function standingText(standing: Pick<Standing, 'level' | 'label'>): string {
  return `${LEVEL_WORD[standing.level]} · ${standing.label}`;
}

/** Every reason's sentence, one after another: the downloads' "reasons" column. */
export function reasonsText(standing: Pick<Standing, 'reasons'>): string {
  return standing.reasons.map((r) => r.text).join(' ');
}

/** Whether two standings say the same (level and reason sentences), for the watch. */
export function sameStanding(a: Pick<Standing, 'level' | 'reasons'>, b: Pick<Standing, 'level' | 'reasons'>): boolean {
  if (a.level !== b.level || a.reasons.length !== b.reasons.length) return false;
  return a.reasons.every((r, i) => r.code === b.reasons[i].code && r.text === b.reasons[i].text);
}
