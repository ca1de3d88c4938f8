/**
 * Wall-clock time in Europe/London (British Summer Time included), for everything the portal does
 * by the London day: the nightly watch cycle's date and time of day, the daily digest's date (which
 * keys the day's digest, so several instances send one) and the UTC instant of a London time of
 * day, and the date in export file names.
 */

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function londonParts(at: number | Date): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const parts = Object.fromEntries(PARTS.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  return { y: parts.year, mo: parts.month, d: parts.day, h: parts.hour, mi: parts.minute, s: parts.second };
}

/** London's offset from UTC at an instant, in milliseconds (0 in winter, one hour in summer). */
function londonOffsetMs(at: number): number {
  const p = londonParts(at);
  const wall = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  return wall - Math.floor(at / 1000) * 1000;
}

function dateText(p: { y: number; mo: number; d: number }): string {
  return `${String(p.y).padStart(4, '0')}-${String(p.mo).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/** The London date (yyyy-mm-dd) at an instant. */
export function londonDate(at: number | Date = Date.now()): string {
  return dateText(londonParts(at));
}

/** The London calendar date (yyyy-mm-dd) and minutes since London midnight at instant `ms`. */
export function londonClock(ms: number): { date: string; minutes: number } {
  const p = londonParts(ms);
  return { date: dateText(p), minutes: p.h * 60 + p.mi };
}

/** The London date `days` after `date` (yyyy-mm-dd). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant (ms since the epoch) of `hour:minute` London time on `date` (yyyy-mm-dd). */
export function londonTimeOn(date: string, hour: number, minute: number): number {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const first = wall - londonOffsetMs(wall);
  // Near a clock change the offset at the first guess may differ from the offset at the answer.
  return wall - londonOffsetMs(first);
}
