import type { Extra } from './model';

/**
 * Value-level normalisation shared by every endpoint: absent values, ISO dates, string flags,
 * lists, and reference numbers parsed out of register URLs. Nothing here throws on odd data; a
 * value that cannot be read is left for `extra`.
 */

/** Thrown inside normalisers when the body's structure (not a field) is unusable; the client maps it to upstream-error. */
export class MalformedBody extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedBody';
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const ABSENT = new Set(['', 'none', 'null']);

/**
 * A text value, or undefined for the register's ways of saying "nothing" ("", "None", "null",
 * null). NBSPs become spaces and the ends are trimmed (free text carries both).
 */
export function text(v: unknown): string | undefined {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v !== 'string') return undefined;
  const t = v.replace(/\u00a0/g, ' ').trim();
  return ABSENT.has(t.toLowerCase()) ? undefined : t;
}

/** True for values that mean "absent", so they may be dropped without losing information. */
export function isAbsent(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && text(v) === undefined);
}

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1000 || y > 9999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const londonOffsetFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'longOffset' });

/** "+00:00" or "+01:00": London's offset from UTC at that instant. */
function londonOffsetAt(utcMs: number): string {
  const name = londonOffsetFormat.formatToParts(new Date(utcMs)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
}

/** ISO timestamp for a UK wall-clock time (the register's System Timestamp is UK local time). */
function londonTimestamp(y: number, mo: number, d: number, h: number, mi: number, s: number): string {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // The offset at the wall time read as UTC is right except within an hour of a clock change; a second pass settles it.
  let offset = londonOffsetAt(wall);
  const shift = (o: string) => (o.startsWith('-') ? -1 : 1) * (Number(o.slice(1, 3)) * 60 + Number(o.slice(4, 6))) * 60_000;
  offset = londonOffsetAt(wall - shift(offset));
  return `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}${offset}`;
}

/**
 * An ISO date from the register's date forms: "dd/mm/yyyy" → "yyyy-mm-dd"; "dd/mm/yyyy HH:MM"
 * → UK timestamp with offset; also ISO forms and the Java form of the old docs
 * ("Wed Sep 01 00:00:00 GMT 2004"). `unreadable` is set for a non-empty value that is none of those.
 */
export function isoDate(v: unknown): { value?: string; unreadable: boolean } {
  const t = text(v);
  if (t === undefined) return { unreadable: !isAbsent(v) };
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(t);
  if (m) {
    const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!validDate(y, mo, d)) return { unreadable: true };
    if (m[4] === undefined) return { value: `${y}-${pad(mo)}-${pad(d)}`, unreadable: false };
    const [h, mi, s] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
    if (h > 23 || mi > 59 || s > 59) return { unreadable: true };
    return { value: londonTimestamp(y, mo, d, h, mi, s), unreadable: false };
  }
  m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(t);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!validDate(y, mo, d)) return { unreadable: true };
    if (m[4] === undefined) return { value: `${m[1]}-${m[2]}-${m[3]}`, unreadable: false };
    if (m[7]) return { value: new Date(t.replace(' ', 'T')).toISOString(), unreadable: false };
    return { value: londonTimestamp(y, mo, d, Number(m[4]), Number(m[5]), Number(m[6] ?? 0)), unreadable: false };
  }
  m = /^[A-Za-z]{3} ([A-Za-z]{3}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) ([A-Z]{2,5}) (\d{4})$/.exec(t);
  if (m && MONTHS[m[1].toLowerCase()]) {
    const [y, mo, d] = [Number(m[7]), MONTHS[m[1].toLowerCase()], Number(m[2])];
    if (!validDate(y, mo, d)) return { unreadable: true };
    const [h, mi, s] = [Number(m[3]), Number(m[4]), Number(m[5])];
    if (h === 0 && mi === 0 && s === 0) return { value: `${y}-${pad(mo)}-${pad(d)}`, unreadable: false };
    const zone = m[6] === 'BST' ? '+01:00' : m[6] === 'GMT' || m[6] === 'UTC' ? '+00:00' : undefined;
    if (!zone) return { value: londonTimestamp(y, mo, d, h, mi, s), unreadable: false };
    return { value: `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}${zone}`, unreadable: false };
  }
  return { unreadable: true };
}

/** "true"/"TRUE"/"false"/"FALSE" (and real booleans) → boolean; anything else is unreadable. */
export function flag(v: unknown): { value?: boolean; unreadable: boolean } {
  if (typeof v === 'boolean') return { value: v, unreadable: false };
  const t = text(v)?.toLowerCase();
  if (t === undefined) return { unreadable: !isAbsent(v) };
  if (t === 'true' || t === 'yes' || t === 'y') return { value: true, unreadable: false };
  if (t === 'false' || t === 'no' || t === 'n') return { value: false, unreadable: false };
  return { unreadable: true };
}

/** A list of texts; absent entries dropped. A lone string counts as a one-item list. Undefined if not a list. */
export function textList(v: unknown): string[] | undefined {
  if (v === null || v === undefined) return [];
  if (typeof v === 'string') {
    const t = text(v);
    return t === undefined ? [] : [t];
  }
  if (!Array.isArray(v)) return undefined;
  if (!v.every((x) => x === null || typeof x === 'string' || typeof x === 'number')) return undefined;
  return v.map(text).filter((x): x is string => x !== undefined);
}

/** Splits "A;B" / "A; B" into its parts. */
export function splitList(v: string | undefined, separator = ';'): string[] {
  if (!v) return [];
  return v
    .split(separator)
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && !ABSENT.has(s.toLowerCase()));
}

/** A whole number from a ResultInfo string ("20"); undefined for "" or anything else. */
export function count(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  if (typeof v !== 'string' || !/^\s*\d+\s*$/.test(v)) return undefined;
  return Number(v);
}

/** The FRN, IRN or PRN at the end of a register URL (any host; the apexrest path included). */
export function refFromUrl(url: string | undefined, kind: 'firm' | 'individual' | 'fund'): string | undefined {
  if (!url) return undefined;
  const pattern = kind === 'firm' ? /\/Firm\/(\d+)(?:[/?#]|$)/i : kind === 'individual' ? /\/Individuals\/([A-Za-z0-9]+)(?:[/?#]|$)/i : /\/CIS\/(\d+)(?:[/?#]|$)/i;
  const m = pattern.exec(url);
  return m ? (kind === 'individual' ? m[1].toUpperCase() : m[1]) : undefined;
}

/** Makes a website linkable: "www.example.co.uk" → "https://www.example.co.uk". */
export function websiteUrl(site: string | undefined): string | undefined {
  if (!site) return undefined;
  if (/^https?:\/\//i.test(site)) return site;
  if (/\s/.test(site) || !/\.[a-z]{2,}/i.test(site)) return undefined;
  return `https://${site.replace(/^\/+/, '')}`;
}

/**
 * Reads a wire object field by field, remembering which keys were understood; whatever is left
 * (unknown keys, and known keys whose values could not be read) becomes `extra`, untouched.
 */
export class Fields {
  private readonly used = new Set<string>();

  constructor(readonly obj: Record<string, unknown>) {}

  has(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.obj, key);
  }

  /** Marks keys as understood without reading them (e.g. absent-only or structural keys). */
  consume(...keys: string[]): void {
    for (const k of keys) this.used.add(k);
  }

  text(key: string): string | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      this.used.add(key);
      return text(v);
    }
    return undefined;
  }

  date(key: string): string | undefined {
    const { value, unreadable } = isoDate(this.obj[key]);
    if (!unreadable) this.used.add(key);
    return value;
  }

  flag(key: string): boolean | undefined {
    const { value, unreadable } = flag(this.obj[key]);
    if (!unreadable) this.used.add(key);
    return value;
  }

  list(key: string): string[] {
    const v = textList(this.obj[key]);
    if (v === undefined) return [];
    this.used.add(key);
    return v;
  }

  /** The raw value, consumed. */
  raw(key: string): unknown {
    this.used.add(key);
    return this.obj[key];
  }

  /** Keys not yet consumed, in wire order. */
  rest(): string[] {
    return Object.keys(this.obj).filter((k) => !this.used.has(k));
  }

  extra(): Extra {
    const out: Extra = {};
    for (const k of this.rest()) out[k] = this.obj[k];
    return out;
  }
}

/** What a normaliser knows about the request beside the body. */
export interface NormaliseContext {
  /** Upstream path, for error messages. */
  path: string;
  frn?: string;
  irn?: string;
  prn?: string;
  searchType?: 'firm' | 'individual' | 'fund';
}

/** Data as a list of objects; null (no rows) is an empty list. Anything else is a malformed body. */
export function requireList(data: unknown): Record<string, unknown>[] {
  if (data === null || data === undefined) return [];
  if (!Array.isArray(data)) throw new MalformedBody(`Data should be a list but is ${describeType(data)}`);
  data.forEach((item, i) => {
    if (!isRecord(item)) throw new MalformedBody(`Data[${i}] should be an object but is ${describeType(item)}`);
  });
  return data as Record<string, unknown>[];
}

/** Data as one object; null is an empty object. */
export function requireRecord(data: unknown): Record<string, unknown> {
  if (data === null || data === undefined) return {};
  if (!isRecord(data)) throw new MalformedBody(`Data should be an object but is ${describeType(data)}`);
  return data;
}

export function describeType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
