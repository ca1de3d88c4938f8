import type { CellValue, SourceRow } from './spreadsheet-types';

/**
 * Finding the header row of a table as people make them: title rows, a merged banner, notes and
 * blank rows above it. The caller says what a header cell means (`recognise`) and what is plainly
 * data (`isData`: a number, a reference); the header is the row among the first `searchRows` rows
 * with values that names the most known columns and holds no data cell, the earliest on a tie.
 */

export interface HeaderMatch<Role> {
  /** Index into the rows given. */
  index: number;
  /** The row's number in the source. */
  number: number;
  /** Column → role, for the cells recognised. */
  roles: Map<number, Role>;
}

export const HEADER_SEARCH_ROWS = 20;

/** A cell as text: numbers as written, dates as ISO days, whitespace tidied. */
export function cellString(cell: CellValue | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return cell
    .replace(/[\u00a0\u2007\u202f\u200b-\u200d\u2060\ufeff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function findHeaderRow<Role>(
  rows: SourceRow[],
  recognise: (text: string) => Role | undefined,
  isData: (cell: CellValue) => boolean,
  searchRows: number = HEADER_SEARCH_ROWS,
): HeaderMatch<Role> | undefined {
  let best: HeaderMatch<Role> | undefined;
  for (const [index, row] of rows.slice(0, searchRows).entries()) {
    if (row.cells.some((c) => c !== null && isData(c))) continue;
    const roles = new Map<number, Role>();
    row.cells.forEach((cell, column) => {
      const role = recognise(cellString(cell));
      if (role !== undefined) roles.set(column, role);
    });
    if (roles.size > 0 && (!best || roles.size > best.roles.size)) best = { index, number: row.number, roles };
  }
  return best;
}
