import { describe, expect, it } from 'vitest';
import { pageFacts } from './page-facts';

describe('pageFacts', () => {
  it('uses the exact page count when the register’s numbers give it', () => {
    // Waivers: 34 items, 10 per page.
    expect(pageFacts({ page: 1, perPage: 10, totalCount: 34, pageCount: 4, hasNext: true }, { rowsOnPage: 10 })).toEqual({
      page: 1,
      totalPages: 4,
      hasNext: true,
      pastEnd: false,
    });
    // Permissions: 42 keys, 20 per page, last page.
    expect(pageFacts({ page: 3, perPage: 20, totalCount: 42, pageCount: 3, hasNext: false }, { rowsOnPage: 2 })).toMatchObject({ totalPages: 3, hasNext: false });
  });

  it('bounds a two-bucket list from below while both buckets are still full', () => {
    // AR: 1,544 rows, page 1 shows 10 current and 10 previous; at least 78 pages (1,544 / 20), at most 155.
    expect(pageFacts({ page: 1, perPage: 10, totalCount: 1544, hasNext: true }, { buckets: true, rowsOnPage: 20 })).toEqual({
      page: 1,
      minTotalPages: 78,
      hasNext: true,
      pastEnd: false,
    });
    // CF: 93 rows → at least 5 pages; on page 7 with more to come, at least 8.
    expect(pageFacts({ page: 1, perPage: 20, totalCount: 93, hasNext: true }, { buckets: true, rowsOnPage: 20 }).minTotalPages).toBe(5);
    expect(pageFacts({ page: 7, perPage: 20, totalCount: 93, hasNext: true }, { buckets: true, rowsOnPage: 20 }).minTotalPages).toBe(8);
  });

  it('falls back to the pages known to exist when there is no total', () => {
    expect(pageFacts({ page: 2, hasNext: true }, { rowsOnPage: 20 })).toEqual({ page: 2, minTotalPages: 3, hasNext: true, pastEnd: false });
    expect(pageFacts({ page: 2, perPage: 20, hasNext: false }, { rowsOnPage: 5 }).minTotalPages).toBe(2);
  });

  it('notices a page past the end', () => {
    // The register answered page 9 of a 4-page list with an empty page; the paging rule says 8 pages at most.
    expect(pageFacts({ page: 9, perPage: 10, totalCount: 34, pageCount: 4, hasNext: false }, { rowsOnPage: 0 })).toEqual({
      page: 9,
      totalPages: 4,
      hasNext: false,
      pastEnd: true,
    });
  });
});
