import { firstValue } from './list-view';

/**
 * One page of a list the portal holds itself (a principal's ARs with their standings, its reviews
 * due): which rows a `?param=N` shows. The number is read leniently (missing, not a number or
 * below 1 is the first page; past the end is the last), because it comes from a URL a person
 * may have typed or kept. Finding rows in it is `list-find.ts`'s, as in the register's lists.
 */
export interface RowsPage<Row> {
  rows: Row[];
  /** 1-based page shown, and how many there are (at least 1, so an empty list is page 1 of 1). */
  page: number;
  totalPages: number;
  /** 1-based positions of the first and last row shown (0 and 0 when the list is empty). */
  first: number;
  last: number;
  total: number;
}

export function rowsPage<Row>(rows: readonly Row[], raw: string | string[] | undefined, size: number): RowsPage<Row> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`A page holds at least one row, not ${size}.`);
  const totalPages = Math.max(1, Math.ceil(rows.length / size));
  const text = firstValue(raw);
  const asked = text === 'last' ? totalPages : /^\d{1,6}$/.test(text?.trim() ?? '') ? Number(text!.trim()) : 1;
  const page = Math.min(Math.max(asked, 1), totalPages);
  const start = (page - 1) * size;
  const shown = rows.slice(start, start + size);
  return { rows: shown, page, totalPages, first: shown.length ? start + 1 : 0, last: start + shown.length, total: rows.length };
}
