/**
 * Building blocks shared by the population generator and the showcase builder: register-style
 * dates, reference-number allocation, people's and firms' names, addresses.
 */
import type { Rng } from '../prng';
import {
  APOSTROPHE_SURNAMES,
  BUILDING_NAMES,
  COMPANY_SUFFIXES,
  FEMALE_FIRST,
  FIRM_ACTIVITY_WORDS,
  FIRM_PLACE_WORDS,
  MALE_FIRST,
  NICKNAMES,
  NON_ASCII_FIRST,
  NON_ASCII_SURNAMES,
  PLACES,
  STREET_NAMES,
  SURNAMES,
  type Place,
} from './vocabulary';
import type { AddressRecord, FirmProfile } from './types';

// ---------------------------------------------------------------------------------------------
// Dates: whole days since 1970-01-01 (UTC), printed dd/mm/yyyy.

export function dayNumber(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
}

/** The dataset's "today": fixed so a seed always gives the same records. */
export const REFERENCE_DAY = dayNumber(2026, 1, 30);

// Tens of thousands of dates are printed and read back during generation; both directions are memoised.
const printed = new Map<number, string>();
const parsed = new Map<string, number>();

export function formatDay(day: number): string {
  let text = printed.get(day);
  if (text === undefined) {
    const d = new Date(day * 86_400_000);
    text = `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    printed.set(day, text);
    parsed.set(text, day);
  }
  return text;
}

export function parseDay(text: string): number {
  let day = parsed.get(text);
  if (day === undefined) {
    const m = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(text);
    if (!m) throw new Error(`not a register date: ${text}`);
    day = dayNumber(Number(m[3]), Number(m[2]), Number(m[1]));
    parsed.set(text, day);
  }
  return day;
}

export function randomDay(rng: Rng, from: number, to: number): number {
  return from >= to ? from : rng.int(from, to);
}

/** Dates the regimes changed; functions and regulators follow them. */
export const DAYS = {
  hmtPlaceholder: dayNumber(1901, 1, 1),
  n2: dayNumber(2001, 12, 1),
  twinPeaks: dayNumber(2013, 4, 1),
  smcrBanks: dayNumber(2016, 3, 7),
  smcrSoloRegulated: dayNumber(2019, 12, 9),
  earliestFirm: dayNumber(1988, 4, 29),
};

// ---------------------------------------------------------------------------------------------
// Text helpers

/** Lower-case ASCII letters only: strips accents and apostrophes ("Ó Súilleabháin" → "o suilleabhain"). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .replace(/å/g, 'a')
    .replace(/Å/g, 'A')
    .toLowerCase();
}

function initialOf(name: string): string {
  const folded = foldText(name).replace(/[^a-z]/g, '');
  return (folded[0] ?? 'x').toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Reference numbers

/**
 * Hands out unique FRNs, PRNs (one number space, so a number never means two things) and IRNs.
 * Showcase numbers are reserved before anything is generated.
 */
export class ReferenceAllocator {
  private readonly numbers = new Set<string>();
  private readonly irns = new Set<string>();

  reserveNumber(n: string): void {
    if (this.numbers.has(n)) throw new Error(`reference number ${n} reserved twice`);
    this.numbers.add(n);
  }

  reserveIrn(irn: string): void {
    if (this.irns.has(irn)) throw new Error(`IRN ${irn} reserved twice`);
    this.irns.add(irn);
  }

  /** A 6-digit number, sometimes 7 (newer firms), as the register issues them. */
  number(rng: Rng): string {
    for (;;) {
      const n = rng.chance(0.15) ? rng.int(1_000_000, 1_099_999) : rng.int(100_000, 999_999);
      const s = String(n);
      if (!this.numbers.has(s)) {
        this.numbers.add(s);
        return s;
      }
    }
  }

  /** Initials (first, middle or X, surname) and five digits: "JXS01234". */
  irn(rng: Rng, first: string, middles: string[], last: string): string {
    const prefix = initialOf(first) + (middles.length > 0 ? initialOf(middles[0]) : 'X') + initialOf(last);
    for (;;) {
      const irn = prefix + String(rng.int(0, 99_999)).padStart(5, '0');
      if (!this.irns.has(irn)) {
        this.irns.add(irn);
        return irn;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// People

export interface PersonName {
  first: string;
  middles: string[];
  last: string;
  full: string;
  /** Nicknames people search with (lower case). */
  aliases: string[];
}

export function personName(rng: Rng): PersonName {
  const male = rng.chance(0.52);
  const first = rng.chance(0.03) ? rng.pick(NON_ASCII_FIRST) : rng.pick(male ? MALE_FIRST : FEMALE_FIRST);
  const middles: string[] = [];
  if (rng.chance(0.45)) middles.push(rng.pick(male ? MALE_FIRST : FEMALE_FIRST));
  if (middles.length > 0 && rng.chance(0.12)) middles.push(rng.pick(male ? MALE_FIRST : FEMALE_FIRST));
  let last: string;
  const r = rng.next();
  if (r < 0.035) last = rng.pick(APOSTROPHE_SURNAMES);
  else if (r < 0.055) last = rng.pick(NON_ASCII_SURNAMES);
  else if (r < 0.085) last = `${rng.pick(SURNAMES)}-${rng.pick(SURNAMES)}`;
  else last = rng.pick(SURNAMES);
  return makePersonName(first, middles, last);
}

export function makePersonName(first: string, middles: string[], last: string): PersonName {
  const full = [first, ...middles, last].join(' ');
  return { first, middles, last, full, aliases: NICKNAMES[first] ?? [] };
}

// ---------------------------------------------------------------------------------------------
// Firms

function surnameForFirm(rng: Rng): string {
  const r = rng.next();
  if (r < 0.04) return rng.pick(APOSTROPHE_SURNAMES);
  if (r < 0.06) return rng.pick(NON_ASCII_SURNAMES);
  return rng.pick(SURNAMES);
}

const LETTERS = 'ABCDEFGHJKLMNPRSTW';

/** UK-style company names by line of business. */
export function firmName(rng: Rng, profile: FirmProfile): string {
  const activity = rng.pick(FIRM_ACTIVITY_WORDS[profile] ?? FIRM_ACTIVITY_WORDS.adviser);
  const suffix = rng.weighted(COMPANY_SUFFIXES);
  const pattern = rng.int(0, 99);
  let name: string;
  if (profile === 'ar' && pattern < 6) {
    // Sole traders appear under their own name.
    const person = personName(rng);
    return `${person.first} ${person.last}`;
  } else if (pattern < 38) {
    name = `${rng.pick(FIRM_PLACE_WORDS)} ${activity} ${suffix}`;
  } else if (pattern < 66) {
    name = `${surnameForFirm(rng)} ${activity} ${suffix}`;
  } else if (pattern < 78) {
    const partnership = rng.chance(0.6);
    name = `${surnameForFirm(rng)} & ${surnameForFirm(rng)} ${partnership ? 'LLP' : suffix}`;
  } else if (pattern < 90) {
    const initials = rng.chance(0.5) ? `${rng.pick([...LETTERS])} ${rng.pick([...LETTERS])}` : `${rng.pick([...LETTERS])}${rng.pick([...LETTERS])}${rng.pick([...LETTERS])}`;
    name = `${initials} ${activity} ${suffix}`;
  } else {
    name = `${rng.pick(FIRM_PLACE_WORDS)} ${rng.pick(FIRM_PLACE_WORDS)} ${activity} ${suffix}`;
  }
  // Some firms are registered in capitals.
  return rng.chance(0.05) ? name.toUpperCase() : name;
}

/** Short brand from a firm name, for trading names and fund ranges ("Thames Wealth Management Ltd" → "Thames"). */
export function brandOf(name: string): string {
  const words = name
    .replace(/\(.*?\)/g, '')
    .split(/\s+/)
    .filter(Boolean);
  return words[0] === 'The' && words.length > 1 ? `${words[0]} ${words[1]}` : words[0];
}

// ---------------------------------------------------------------------------------------------
// Addresses

const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export function postcodeIn(rng: Rng, place: Place): string {
  return `${rng.pick(place.areas)} ${rng.int(1, 9)}${rng.pick([...POSTCODE_LETTERS])}${rng.pick([...POSTCODE_LETTERS])}`;
}

/**
 * Phone numbers from Ofcom's ranges reserved for drama, so none rings anyone. The live register
 * prints many as "+44" followed by the national number with its leading 0 ("+4402079460123").
 */
export function phoneFor(rng: Rng, place: Place): string {
  const local4 = `0${String(rng.int(0, 999)).padStart(3, '0')}`;
  let national: string;
  if (place.phone === '20') national = `0207946${local4}`;
  else if (place.phone.length === 3) national = `0${place.phone}496${local4}`;
  else national = `01632960${String(rng.int(0, 999)).padStart(3, '0')}`;
  return rng.chance(0.8) ? `+44${national}` : national;
}

function slug(name: string): string {
  return foldText(name)
    .replace(/\b(limited|ltd|llp|plc|group|uk|co)\b/g, '')
    .replace(/[^a-z0-9]+/g, '');
}

export function websiteFor(rng: Rng, name: string): string {
  const s = slug(name).slice(0, 24) || 'firm';
  const r = rng.next();
  if (r < 0.45) return `www.${s}.co.uk`;
  if (r < 0.7) return `https://www.${s}.com`;
  if (r < 0.8) return `http://${s}.co.uk`;
  return '';
}

export function ukAddress(rng: Rng, name: string, place: Place = rng.pick(PLACES)): AddressRecord {
  const building = rng.chance(0.4) ? rng.pick(BUILDING_NAMES) : '';
  const street = `${rng.int(1, 240)} ${rng.pick(STREET_NAMES)}`;
  return {
    line1: building || street,
    line2: building ? street : '',
    line3: '',
    line4: '',
    town: place.town,
    county: place.county,
    postcode: postcodeIn(rng, place),
    country: 'UNITED KINGDOM',
    phone: phoneFor(rng, place),
    website: websiteFor(rng, name),
  };
}
