import type { SearchType } from './model';

/**
 * Input checks that run before anything reaches a URL. Each returns the canonical value (trimmed,
 * upper-cased where the register's numbers are) or a message saying what is wrong and what is
 * expected. Pure functions: pages may use them to route a bare reference number.
 */

export type Checked<T = string> = { ok: true; value: T } | { ok: false; field: string; message: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const bad = (field: string, message: string): Checked<never> => ({ ok: false, field, message });

function shown(v: string): string {
  return v.length > 40 ? `"${v.slice(0, 40)}…"` : `"${v}"`;
}

/** Firm Reference Number: 1 to 7 digits (e.g. 122702). */
export function checkFrn(input: unknown): Checked {
  if (typeof input !== 'string' || input.trim() === '') return bad('frn', 'Enter a firm reference number (FRN): 1 to 7 digits, e.g. 122702.');
  const v = input.trim();
  if (!/^\d{1,7}$/.test(v)) return bad('frn', `${shown(v)} is not a firm reference number: an FRN is 1 to 7 digits, e.g. 122702.`);
  return ok(v);
}

/** Individual Reference Number: 3 letters and 5 digits (e.g. MXC29012). */
export function checkIrn(input: unknown): Checked {
  if (typeof input !== 'string' || input.trim() === '') return bad('irn', 'Enter an individual reference number (IRN): 3 letters and 5 digits, e.g. MXC29012.');
  const v = input.trim().toUpperCase();
  if (!/^[A-Z]{3}\d{5}$/.test(v)) return bad('irn', `${shown(input.trim())} is not an individual reference number: an IRN is 3 letters and 5 digits, e.g. MXC29012.`);
  return ok(v);
}

/** Product Reference Number of a fund: 1 to 7 digits (e.g. 185045). */
export function checkPrn(input: unknown): Checked {
  if (typeof input !== 'string' || input.trim() === '') return bad('prn', 'Enter a product reference number (PRN): 1 to 7 digits, e.g. 185045.');
  const v = input.trim();
  if (!/^\d{1,7}$/.test(v)) return bad('prn', `${shown(v)} is not a product reference number: a PRN is 1 to 7 digits, e.g. 185045.`);
  return ok(v);
}

/** A passport country as the register names it ("GIBRALTAR", "ISLE OF MAN", "GUINEA-BISSAU"). */
export function checkCountry(input: unknown): Checked {
  if (typeof input !== 'string' || input.trim() === '') return bad('country', 'Enter a country name, e.g. GIBRALTAR.');
  const v = input.trim().replace(/\s+/g, ' ');
  if (v.length > 60) return bad('country', 'A country name is at most 60 characters.');
  if (!/^\p{L}[\p{L} .'’()-]*$/u.test(v)) {
    return bad('country', `${shown(v)} is not a country name: use letters, spaces, hyphens and apostrophes only, e.g. GIBRALTAR.`);
  }
  return ok(v.toUpperCase());
}

/** A requirement reference: two to four letters, a hyphen and digits (e.g. OR-0262545). */
export function checkRequirementRef(input: unknown): Checked {
  if (typeof input !== 'string' || input.trim() === '') return bad('requirementRef', 'Enter a requirement reference, e.g. OR-0262545.');
  const v = input.trim().toUpperCase();
  if (!/^[A-Z]{2,4}-\d{1,12}$/.test(v)) {
    return bad('requirementRef', `${shown(input.trim())} is not a requirement reference: expected letters, a hyphen and digits, e.g. OR-0262545.`);
  }
  return ok(v);
}

/** The register refuses wildcard and markup characters in search text (FSR-API-04-01-21). */
const SEARCH_FORBIDDEN = /[*%?"<>\\{}[\]|^~`$#;=_]/u;

/** Search text: 1 to 100 characters of letters, digits, spaces and & ' - . , ( ) / + @ ! */
export function checkSearchText(input: unknown): Checked {
  if (typeof input !== 'string' || input.trim() === '') return bad('q', 'Enter something to search for: a name or a reference number.');
  const v = input.trim().replace(/\s+/g, ' ');
  if (v.length > 100) return bad('q', 'Search text is at most 100 characters.');
  const forbidden = SEARCH_FORBIDDEN.exec(v);
  if (forbidden) return bad('q', `Search text cannot contain "${forbidden[0]}": use words or a reference number (the register does not support wildcards).`);
  if (!/^[\p{L}\p{M}\p{N} &'’.,()/+@!:-]+$/u.test(v)) {
    return bad('q', "Search text may only contain letters, digits, spaces and & ' - . , ( ) / + @ ! :");
  }
  if (!/[\p{L}\p{N}]/u.test(v)) return bad('q', 'Search text needs at least one letter or digit.');
  return ok(v);
}

export function checkSearchType(input: unknown): Checked<SearchType> {
  if (input === 'firm' || input === 'individual' || input === 'fund') return ok(input);
  return bad('type', `Search type must be firm, individual or fund${typeof input === 'string' ? ` (got ${shown(input)})` : ''}.`);
}

/** A 1-based page number, at most 10000. */
export function checkPage(input: unknown): Checked<number> {
  if (input === undefined) return ok(1);
  const n = typeof input === 'string' && /^\d+$/.test(input.trim()) ? Number(input) : input;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 10_000) {
    return bad('page', 'Page must be a whole number from 1 to 10000.');
  }
  return ok(n);
}

/**
 * What a bare reference number typed into search points at, if it is one: an IRN is unambiguous;
 * digits are a PRN when searching funds and an FRN otherwise.
 */
export function classifyReference(input: string, type: SearchType = 'firm'): { type: SearchType; value: string } | undefined {
  const v = input.trim();
  if (/^\d{1,7}$/.test(v)) return { type: type === 'fund' ? 'fund' : 'firm', value: v };
  if (/^[A-Za-z]{3}\d{5}$/.test(v)) return { type: 'individual', value: v.toUpperCase() };
  return undefined;
}
