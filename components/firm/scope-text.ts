/**
 * What a table holds: one register page, the whole list, or (in a summary report) the first rows
 * of each list, the rest being in the list's file.
 */
export type TableScope = 'page' | 'all' | 'first';

/** Caption and empty-table wording for a table that holds one register page, the whole list or its first rows. */
export function shownText(count: number, scope: TableScope): string {
  const n = count.toLocaleString('en-GB');
  return scope === 'page' ? `${n} on this page` : scope === 'first' ? `${n} shown here` : `${n} in all`;
}

export function emptyText(noun: string, scope: TableScope): string {
  return scope === 'page' ? `No ${noun} on this page of the register's list.` : `The register lists no ${noun}.`;
}
