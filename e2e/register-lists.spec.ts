import { SHOWCASE } from '../sandbox/dataset/showcase';
import { expect, expectAccessible, sectionsLoaded, test } from './support/register-fixtures';

// The lists outside the firm pages (a fund's sub-funds and other names, an individual's
// disciplinary history, the regulated markets, search results) page through the same machine as
// the firm sections: ?page=N, ?all=1 with progress, a page past the end, an impossible page.

const UMBRELLA = SHOWCASE.umbrellaFundPrn;

/** Waits for a "show all" walk to finish (its progress note is a role=status placeholder). */
async function walkDone(page: import('@playwright/test').Page): Promise<void> {
  await expect(page.getByRole('main').locator('[data-testid="walk-progress"], .animate-pulse')).toHaveCount(0, { timeout: 60_000 });
}

test.describe('register lists page as the firm sections do', () => {
  test('sub-funds: show all lists every sub-fund on one page, with the way back to one page at a time', async ({ page }) => {
    await page.goto(`/fund/${UMBRELLA}/subfunds`);
    await sectionsLoaded(page);
    const caption = await page
      .getByRole('table', { name: /Sub-funds/ })
      .locator('caption')
      .textContent();
    const total = Number(caption?.match(/(\d+) sub-funds/)?.[1]);
    expect(total).toBeGreaterThan(20);
    await page.getByRole('link', { name: /^Show all sub-funds on one page/ }).click();
    await expect(page).toHaveURL(new RegExp(`/fund/${UMBRELLA}/subfunds\\?all=1$`));
    await walkDone(page);
    const table = page.getByRole('table', { name: /Sub-funds/ });
    await expect(table.getByRole('row')).toHaveCount(total + 1);
    await expect(table.locator('caption')).toContainText(`${total} sub-funds`);
    await expect(page.getByRole('link', { name: 'Show one page at a time' })).toHaveAttribute('href', `/fund/${UMBRELLA}/subfunds`);
    await expect(page.getByRole('navigation', { name: 'Sub-funds pages' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a page past the end says so and leads back to the first page', async ({ page }) => {
    // (Not the markets or a fund's other names: the register answers every page of those with
    // its one page.)
    for (const path of [`/fund/${UMBRELLA}/subfunds`, `/individual/${SHOWCASE.prohibitedIrn}/disciplinary-history`]) {
      await page.goto(`${path}?page=99`);
      await sectionsLoaded(page);
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'There is no page 99 of this list.' }), path).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Go to the first page' }), path).toHaveAttribute('href', path);
    }
  });

  test('an impossible page is a 400 with the reason, and nothing is asked of the register', async ({ page, sandbox }) => {
    for (const path of [`/individual/${SHOWCASE.prohibitedIrn}/disciplinary-history`, `/fund/${UMBRELLA}/names`, '/markets']) {
      await page.goto(path);
      await sectionsLoaded(page);
      const beforeBad = JSON.stringify(sandbox.stats());
      const res = await page.goto(`${path}?page=0`);
      expect(res?.status(), path).toBe(400);
      await expect(page.getByRole('main').getByRole('alert'), path).toHaveText('Page must be a whole number from 1 to 10000.');
      // The record's own calls come from the cache; the list asks nothing for an impossible page.
      expect(JSON.stringify(sandbox.stats()), path).toBe(beforeBad);
    }
  });

  test('search results: show all keeps the query and type, and lists every match', async ({ page }) => {
    await page.goto(`/search?q=${SHOWCASE.unauthorisedSearch}&type=firm`);
    await sectionsLoaded(page);
    const total = Number((await page.getByTestId('result-count').textContent())?.match(/^([\d,]+) firms/)?.[1].replace(/,/g, ''));
    expect(total).toBeGreaterThan(20);
    const showAll = page.getByRole('link', { name: /^Show all firms on one page/ });
    await expect(showAll).toHaveAttribute('href', `/search?q=${SHOWCASE.unauthorisedSearch}&type=firm&all=1`);
    await showAll.click();
    await walkDone(page);
    await expect(page.getByRole('table', { name: /Firms matching “revolution”/ }).getByRole('row')).toHaveCount(total + 1);
    await expect(page.getByTestId('result-count')).toHaveText(`${total.toLocaleString('en-GB')} firms match “${SHOWCASE.unauthorisedSearch}”`);
    await expect(page.getByRole('link', { name: 'Show one page at a time' })).toHaveAttribute('href', `/search?q=${SHOWCASE.unauthorisedSearch}&type=firm`);
    await expectAccessible(page);
  });
});
