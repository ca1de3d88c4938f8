/** The one timestamp format the portal stores (see schema.ts): ISO-8601 UTC with milliseconds. */
export function isoNow(now: number = Date.now()): string {
  return new Date(now).toISOString();
}
