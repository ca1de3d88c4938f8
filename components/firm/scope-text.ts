/**
 * What a table holds: one register page, the whole list, (in a summary report) the first rows
 * of each list, the rest being in the list's file, or the rows of the whole list that match a find.
 */
export type TableScope = 'page' | 'all' | 'first' | 'match';

/** Caption and empty-table wording for a table that holds one register page, the whole list or its first rows. */
export function shownText(count: number, scope: TableScope): string {
  const n = count.toLocaleString('en-GB');
  return scope === 'page' ? `${n} on this page` : scope === 'first' ? `${n} shown here` : scope === 'match' ? `${n} matching` : `${n} in all`;
}

export function emptyText(noun: string, scope: TableScope): string {
  return scope === 'page' ? `No ${noun} on this page of the register's list.` : scope === 'match' ? `No ${noun} match.` : `The register lists no ${noun}.`;
}
