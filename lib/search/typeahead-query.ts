import type { PortalPath } from '@/lib/routes/portal-paths';

/**
 * Shared by the header typeahead (browser) and its route handler, so both agree on when a query
 * is worth sending and on its one spelling: the register's search ignores case and spacing, so
 * "Barc", "barc " and "BARC" are one request and one cache entry.
 */

/** Fewer characters match too much to be useful and would spend the register budget per keystroke. */
export const TYPEAHEAD_MIN_CHARS = 3;

/** Milliseconds of quiet typing before the browser asks. */
export const TYPEAHEAD_DEBOUNCE_MS = 250;

export function normaliseTypeaheadQuery(input: string): string {
  return input.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** One suggestion, as the route handler sends it. */
export interface TypeaheadResult {
  name: string;
  referenceNumber?: string;
  /** The register's "Type of business or Individual" ("Firm", "Individual", "Collective investment scheme", …). */
  type: string;
  status?: string;
  /** Where choosing it goes: the record's page, or a search for an entry that has no page (unauthorised firms). */
  href: PortalPath;
  entity: 'firm' | 'individual' | 'fund';
  /** Set for unauthorised and clone firms. */
  warning?: string;
}

export interface TypeaheadBody {
  query: string;
  results: TypeaheadResult[];
  /** Parts that could not be fetched (e.g. the register was busy for funds); results hold the rest. */
  notices?: string[];
}

export interface TypeaheadErrorBody {
  error: 'bad-input' | 'rate-limited' | 'register-unavailable' | 'register-refused-key';
  message: string;
  retryAfterSeconds?: number;
}
