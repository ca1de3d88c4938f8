import { canonicalJson } from '@/lib/db/queries/snapshots';

/**
 * What of a register row the watch compares: only what the register says about the row, never
 * where the row happened to sit. The register numbers and orders its lists afresh on every answer
 * (a firm's controlled functions carry a "(N)" prefix that shifts by one for every row added or
 * ended above them; pages are cut over an unstable sort), so these are left out of every
 * comparison:
 *
 * - **positions**: a controlled function's `order` (its "(N)" prefix, on the firm's and the
 *   individual's lists) and a workplace's `index` ("Workplace Location N");
 * - **order**: rows are matched by identity (section-diff.ts), and every list inside a row
 *   (customer types, Exceptional Info notices, workplaces, a waiver's rules…) is compared as a set;
 * - **hosts**: a register link (a row's `url`, a passport's permissions link, a requirement's
 *   investment types link, a waiver's document link) is compared by its path below the API's base,
 *   so an answer served from another host (the register's own, or Salesforce's, as seen live) or
 *   by a sandbox on another port is the same row; what the link names (an IRN, an FRN, a
 *   document) still counts.
 *
 * Page numbers never reach a row (the client walks the pages and keeps rows only).
 */

/** Model fields that hold a position in the register's answer, not something it says. */
export const POSITIONAL_FIELDS: ReadonlySet<string> = new Set(['order', 'index']);

/** Model fields that hold a register link (compared by path). `websiteUrl` is the firm's own site and compared whole. */
export const LINK_FIELDS: ReadonlySet<string> = new Set(['url', 'permissionsUrl', 'investmentTypesUrl', 'documentUrl']);

/** A register link without its scheme, host and API base: "https://register.fca.org.uk/services/V0.1/Individuals/ABC01234" → "/Individuals/ABC01234". */
export function linkPath(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(url.trim());
  if (!m) return url;
  return m[1].replace(/^\/services\/(?:apexrest\/)?V0\.1(?=[/?#]|$)/i, '') || '/';
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function comparableValue(value: unknown, key: string | undefined, insideExtra: boolean): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => comparableValue(v, undefined, insideExtra));
    const keyed = items.map((v) => [canonicalJson(v ?? null), v] as const);
    keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return keyed.map(([, v]) => v);
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      // `extra` holds the register's own keys as sent: nothing in it is the portal's positional field.
      if (!insideExtra && POSITIONAL_FIELDS.has(k)) continue;
      out[k] = comparableValue(v, k, insideExtra || k === 'extra');
    }
    return out;
  }
  if (!insideExtra && key && LINK_FIELDS.has(key) && typeof value === 'string') return linkPath(value);
  return value;
}

/** A row as the watch compares and stores it: positions dropped, links by path, lists inside it as sets (sorted). */
export function comparableRow(row: Record<string, unknown>): Record<string, unknown> {
  return comparableValue(row, undefined, false) as Record<string, unknown>;
}

/** True when two rows say the same once positions, order and hosts are set aside. */
export function sameRow(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return canonicalJson(comparableRow(a)) === canonicalJson(comparableRow(b));
}
