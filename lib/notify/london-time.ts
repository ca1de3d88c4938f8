/**
 * Wall-clock time in Europe/London, for the daily digest: its date (which keys the day's digest,
 * so several instances send one) and the UTC instant of a London time of day on a date (British
 * Summer Time included).
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

function londonParts(at: number): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const get = (type: string) => Number(PARTS.formatToParts(new Date(at)).find((p) => p.type === type)?.value);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}

/** London's offset from UTC at an instant, in milliseconds (0 in winter, one hour in summer). */
function londonOffsetMs(at: number): number {
  const p = londonParts(at);
  const wall = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The London date (yyyy-mm-dd) at an instant. */
export function londonDate(at: number): string {
  const p = londonParts(at);
  return `${String(p.y).padStart(4, '0')}-${String(p.mo).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
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
