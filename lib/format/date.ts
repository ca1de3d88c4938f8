/**
 * Dates as people read them in the UK ("22 Nov 2026"). Register dates reach the portal as ISO
 * strings (yyyy-mm-dd or a full timestamp); formatting is fixed to en-GB and Europe/London so the
 * server render, the browser and a printed report all agree.
 */
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
  timeZoneName: 'short',
});

function parse(value: string): Date | undefined {
  // A bare date is a calendar date, not an instant: pin it to midday UTC so no time zone moves it a day.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "22 Nov 2026"; an absent value gives the fallback; an unparseable one is shown as it came. */
export function formatDate(value: string | undefined | null, fallback = '—'): string {
  if (!value) return fallback;
  const date = parse(value);
  return date ? dateFormat.format(date) : value;
}

/** "22 Nov 2026, 14:05 GMT". */
export function formatDateTime(value: string | Date | undefined | null, fallback = '—'): string {
  if (!value) return fallback;
  const date = value instanceof Date ? value : parse(value);
  return date ? dateTimeFormat.format(date) : String(value);
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
