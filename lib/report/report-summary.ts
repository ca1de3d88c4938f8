/**
 * What a summary report shows of each list: its first rows (a bucketed list's current and
 * previous each cut alike). Every row is in the list's CSV file (lib/export/report-files.ts).
 */

/** Rows shown of each list in a summary report; the rest are in its file. */
export const SUMMARY_FIRST_ROWS = 25;

/** A list's data with each of its lists (a bucketed section's current and previous) cut to its first `n` rows. */
export function firstRowsOf<T>(data: T, n: number): T {
  if (Array.isArray(data)) return data.slice(0, n) as T;
  if (data && typeof data === 'object') {
    return Object.fromEntries(Object.entries(data as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.slice(0, n) : v])) as T;
  }
  return data;
}

/** Whether any of a list's lists holds more than `n` rows (so the summary shows only the first rows). */
export function longerThan(data: unknown, n: number): boolean {
  if (Array.isArray(data)) return data.length > n;
  if (data && typeof data === 'object') return Object.values(data as Record<string, unknown>).some((v) => Array.isArray(v) && v.length > n);
  return false;
}
