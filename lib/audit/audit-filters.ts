import type { AuditFilter } from '@/lib/db/queries/audit';

/**
 * The audit log's filters as they travel in a URL (the /admin/audit form and its CSV link share
 * them): user e-mail, reference number, action (exact, or a family ending in "."), a date range
 * of whole UK days (from and to both inclusive), and the keyset cursor for older entries. Pure:
 * the page and the export route parse the same way and show the same messages.
 */

export interface AuditFilterValues {
  user: string;
  reference: string;
  action: string;
  from: string;
  to: string;
}

export interface ParsedAuditFilters {
  values: AuditFilterValues;
  /** For listAudit (without limit). */
  filter: AuditFilter;
  problems: { field: keyof AuditFilterValues | 'before'; message: string }[];
}

type Params = Record<string, string | string[] | undefined> | URLSearchParams;

function read(params: Params, name: string): string {
  const raw = params instanceof URLSearchParams ? params.get(name) : params[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return (value ?? '').trim();
}

/** Minutes Europe/London is ahead of UTC at `instant` (0 in winter, 60 in summer). */
function londonOffsetMinutes(instant: number): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'shortOffset' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name ?? '');
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** The instant a UK calendar day starts ("2026-07-01" → 2026-06-30T23:00:00.000Z), or undefined for an impossible date. */
export function londonDayStart(day: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const utcMidnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const check = new Date(utcMidnight);
  if (check.getUTCFullYear() !== Number(m[1]) || check.getUTCMonth() !== Number(m[2]) - 1 || check.getUTCDate() !== Number(m[3])) return undefined;
  // Midnight in London is never inside a clock change (they happen at 01:00 UTC), so one lookup is exact.
  return new Date(utcMidnight - londonOffsetMinutes(utcMidnight) * 60_000).toISOString();
}

/**
 * A date as people in the UK write it, to the ISO day ("1/7/2026", "01/07/2026", "01.07.2026" →
 * "2026-07-01"); an ISO day ("2026-07-01", in links made before the form took UK dates) is
 * accepted as it is. Undefined for anything else, including impossible days.
 */
export function ukDay(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const uk = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const day = iso ? text : uk ? `${uk[3]}-${uk[2].padStart(2, '0')}-${uk[1].padStart(2, '0')}` : undefined;
  return day && londonDayStart(day) ? day : undefined;
}

function nextDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const ACTION = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*\.?$/;
const MAX_TEXT = 200;

export function parseAuditFilters(params: Params): ParsedAuditFilters {
  const values: AuditFilterValues = {
    user: read(params, 'user'),
    reference: read(params, 'reference'),
    action: read(params, 'action'),
    from: read(params, 'from'),
    to: read(params, 'to'),
  };
  const problems: ParsedAuditFilters['problems'] = [];
  const filter: AuditFilter = {};

  if (values.user) {
    if (values.user.length > MAX_TEXT) problems.push({ field: 'user', message: `A user e-mail is at most ${MAX_TEXT} characters.` });
    else filter.userEmail = values.user;
  }
  if (values.reference) {
    if (values.reference.length > MAX_TEXT) problems.push({ field: 'reference', message: `A reference is at most ${MAX_TEXT} characters.` });
    // Register numbers are stored upper-case (IRNs); other references (e-mails) as written.
    else filter.reference = /^[a-z]{3}\d{5}$/i.test(values.reference) ? values.reference.toUpperCase() : values.reference;
  }
  if (values.action) {
    if (!ACTION.test(values.action) || values.action.length > 100) {
      problems.push({ field: 'action', message: 'An action is a dotted name such as firm.view or export.csv; end it with "." for a family (auth.).' });
    } else filter.action = values.action;
  }
  if (values.from) {
    const day = ukDay(values.from);
    if (!day) problems.push({ field: 'from', message: `"${values.from.slice(0, 20)}" is not a date: use dd/mm/yyyy, e.g. 01/07/2026.` });
    else filter.from = londonDayStart(day);
  }
  if (values.to) {
    const day = ukDay(values.to);
    if (!day) problems.push({ field: 'to', message: `"${values.to.slice(0, 20)}" is not a date: use dd/mm/yyyy, e.g. 01/07/2026.` });
    else filter.to = londonDayStart(nextDay(day));
  }
  if (filter.from && filter.to && filter.from >= filter.to) {
    problems.push({ field: 'to', message: 'The end date is before the start date.' });
  }
  const before = read(params, 'before');
  if (before) {
    if (!/^\d{1,15}$/.test(before)) problems.push({ field: 'before', message: 'The page position is not a number.' });
    else filter.beforeId = Number(before);
  }
  return { values, filter, problems };
}

/** The query string for a set of filter values (empty ones left out), plus an optional cursor. */
export function auditFilterQuery(values: AuditFilterValues, before?: number): '' | `?${string}` {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) q.set(k, v);
  if (before !== undefined) q.set('before', String(before));
  const s = q.toString();
  return s ? `?${s}` : '';
}
