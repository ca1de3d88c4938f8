/** Caption and empty-table wording for a table that holds one register page or the whole list. */
export function shownText(count: number, scope: 'page' | 'all'): string {
  const n = count.toLocaleString('en-GB');
  return scope === 'page' ? `${n} on this page` : `${n} in all`;
}

export function emptyText(noun: string, scope: 'page' | 'all'): string {
  return scope === 'page' ? `No ${noun} on this page of the register's list.` : `The register lists no ${noun}.`;
}
