import { describe, expect, it } from 'vitest';
import { rowsPage } from './rows-page';

const rows = Array.from({ length: 714 }, (_, i) => i + 1);

describe('a page of rows the portal holds', () => {
  it('shows the asked page with the positions of its first and last rows', () => {
    expect(rowsPage(rows, '2', 50)).toMatchObject({ page: 2, totalPages: 15, first: 51, last: 100, total: 714 });
    expect(rowsPage(rows, '2', 50).rows).toEqual(rows.slice(50, 100));
    expect(rowsPage(rows, '15', 50)).toMatchObject({ page: 15, first: 701, last: 714 });
    expect(rowsPage(rows, 'last', 50).page).toBe(15);
  });

  it('reads a missing, malformed or out-of-range number as the nearest page that exists', () => {
    expect(rowsPage(rows, undefined, 50).page).toBe(1);
    expect(rowsPage(rows, 'two', 50).page).toBe(1);
    expect(rowsPage(rows, '0', 50).page).toBe(1);
    expect(rowsPage(rows, '-3', 50).page).toBe(1);
    expect(rowsPage(rows, '99', 50).page).toBe(15);
    expect(rowsPage(rows, ['3', '4'], 50).page).toBe(3);
  });

  it('is page 1 of 1 with no rows', () => {
    expect(rowsPage([], '4', 50)).toEqual({ rows: [], page: 1, totalPages: 1, first: 0, last: 0, total: 0 });
  });

  it('refuses a page size below one', () => {
    expect(() => rowsPage(rows, '1', 0)).toThrow(RangeError);
  });
});
