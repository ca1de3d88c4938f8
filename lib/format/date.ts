/**
 * Dates as people read them in the UK ("22 Nov 2026"). Register dates reach the portal as ISO
 * strings (yyyy-mm-dd or a full timestamp); formatting is fixed to en-GB and Europe/London so the
 * server render, the browser and a printed report all agree.
 */
// Current ICU abbreviates September as "Sept" in en-GB; staff (and the register) write "Sep", so
// the month comes from this table and Intl supplies only the numbers in London time.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/London',
  timeZoneName: 'short',
});

function londonParts(date: Date): Record<string, string> {
  return Object.fromEntries(partsFormat.formatToParts(date).map((part) => [part.type, part.value]));
}

function parse(value: string): Date | undefined {
  // A bare date is a calendar date, not an instant: pin it to midday UTC so no time zone moves it a day.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "22 Nov 2026"; an absent value gives the fallback; an unparseable one is shown as it came. */
export function formatDate(value: string | undefined | null, fallback = '—'): string {
  if (!value) return fallback;
  const date = parse(value);
  if (!date) return value;
  const p = londonParts(date);
  return `${Number(p.day)} ${MONTHS[Number(p.month) - 1]} ${p.year}`;
}

/** "22 Nov 2026, 14:05 GMT". */
export function formatDateTime(value: string | Date | undefined | null, fallback = '—'): string {
  if (!value) return fallback;
  const date = value instanceof Date ? value : parse(value);
  if (!date) return String(value);
  const p = londonParts(date);
  return `${Number(p.day)} ${MONTHS[Number(p.month) - 1]} ${p.year}, ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/** "just now", "4 min ago", "3 h ago", "2 days ago": the age of cached data. */
export function formatAge(seconds: number): string {
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}
