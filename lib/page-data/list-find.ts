/**
 * Finding rows in a whole register list (`?find=`): a row matches when every word of the text is
 * in its name or reference number (FRN, IRN), ignoring case, accents and punctuation around the
 * words. Pure: the list page walks every page (from the cache or the register) and passes the
 * rows here.
 */

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The words of a find text, folded. */
export function findWords(text: string): string[] {
  return fold(text)
    .split(/[\s,;]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/** Whether a row, known by these fields, matches every word. */
export function rowMatches(words: string[], fields: (string | undefined)[]): boolean {
  if (words.length === 0) return true;
  const haystack = fold(fields.filter(Boolean).join(' '));
  return words.every((word) => haystack.includes(word));
}

/** A list of rows, or two buckets of them with whatever else the register sent beside them. */
type Buckets<R> = { current: R[]; previous: R[] };

/** A list's row type. */
export type RowOf<D> = D extends (infer R)[] ? R : D extends Buckets<infer R> ? R : never;

/** The same list holding only the matching rows (both buckets kept apart). */
export function findInList<D extends unknown[] | Buckets<unknown>>(data: D, text: string, fields: (row: RowOf<D>) => (string | undefined)[]): D {
  const words = findWords(text);
  const keep = (rows: unknown[]) => rows.filter((row) => rowMatches(words, fields(row as RowOf<D>)));
  if (Array.isArray(data)) return keep(data) as D;
  const buckets = data as Buckets<unknown>;
  return { ...buckets, current: keep(buckets.current), previous: keep(buckets.previous) } as D;
}

/** How many rows a list holds (both buckets together). */
export function listSize<R>(data: R[] | Buckets<R>): number {
  return Array.isArray(data) ? data.length : data.current.length + data.previous.length;
}
