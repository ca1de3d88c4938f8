import { SHOWCASE } from '../sandbox/dataset/showcase';
import { expect, expectAccessible, sectionsLoaded, test } from './support/register-fixtures';

const UMBRELLA = SHOWCASE.umbrellaFundPrn;

test.describe('fund pages', () => {
  test('an umbrella fund: key facts, operator and depositary linked to their firms, names and sub-funds', async ({ page }) => {
    await page.goto(`/fund/${UMBRELLA}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wessex Horizon Investment Funds ICVC');
    await expect(page.locator('main header').first()).toContainText(`PRN ${UMBRELLA}`);
    await sectionsLoaded(page);
    const facts = page.locator('dl').first();
    for (const text of ['Authorised', 'ICVC', 'UCITS (COLL)', '23 Dec 1998', 'IC000800']) await expect(facts).toContainText(text);
    await expect(facts.getByRole('link', { name: 'Wessex Horizon Fund Managers Limited' })).toHaveAttribute('href', /^\/firm\/\d+$/);
    await expect(facts.getByRole('link', { name: 'Albion Crown Bank plc' })).toHaveAttribute('href', `/firm/${SHOWCASE.bankFrn}`);
    await expect(page.getByRole('table', { name: /Other names/ })).toContainText('Wessex Investment Funds ICVC');
    const subfunds = page.getByRole('table', { name: /Sub-funds/ });
    const count = Number((await subfunds.locator('caption').textContent())?.match(/(\d+) sub-funds/)?.[1]);
    expect(count).toBeGreaterThanOrEqual(30);
    await expect(page.getByRole('link', { name: `All ${count} sub-funds` })).toHaveAttribute('href', `/fund/${UMBRELLA}/subfunds`);
    await expectAccessible(page);
  });

  test('other names, with their dates', async ({ page }) => {
    await page.goto(`/fund/${UMBRELLA}/names`);
    await sectionsLoaded(page);
    const table = page.getByRole('table', { name: /Other names/ });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Effective from', 'Effective to']);
    await expect(table.getByRole('row').filter({ hasText: 'Wessex Horizon OEIC' })).toContainText('23 Aug 2012');
    await expectAccessible(page);
  });

  test('sub-funds: 20 per page, type on every row (the parent, this fund, said once rather than on each), paging that ends at the last page', async ({ page }) => {
    await page.goto(`/fund/${UMBRELLA}/subfunds`);
    await sectionsLoaded(page);
    const table = page.getByRole('table', { name: /Sub-funds/ });
    await expect(table.getByRole('row')).toHaveCount(21);
    await expect(table.getByRole('columnheader')).toHaveText(['Sub-fund', 'Sub-fund type']);
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText('Other');
    const pages = page.getByRole('navigation', { name: 'Sub-funds pages' });
    await expect(pages).toBeVisible();
    // The position is said once, in the table's caption (not again at the pager).
    const last = Number((await table.locator('caption').textContent())?.match(/page 1 of (\d+)/)?.[1]);
    await expect(page.getByRole('main').getByText(/page 1 of \d+/i)).toHaveCount(1);
    expect(last).toBeGreaterThanOrEqual(2);
    await page.goto(`/fund/${UMBRELLA}/subfunds?page=${last}`);
    await sectionsLoaded(page);
    // The register's own Next link points past the end; the portal offers no next page.
    await expect(page.getByRole('navigation', { name: 'Sub-funds pages' }).getByRole('link', { name: 'Next page' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: /Sub-funds/ })).toContainText(`page ${last} of ${last}`);
    await expectAccessible(page);
  });

  test('a sub-fund record says it is one and how to find its umbrella', async ({ page }) => {
    await page.goto(`/fund/${SHOWCASE.subFundPrn}`);
    await sectionsLoaded(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wessex Horizon European Corporate Bond Fund');
    await expect(page.locator('dl').first()).toContainText('Sub-Fund (UCITS)');
    const note = page.getByRole('note').filter({ hasText: 'This is a sub-fund of an umbrella scheme' });
    await note.getByRole('link', { name: /Search funds for “Wessex Horizon”/ }).click();
    await sectionsLoaded(page);
    await expect(page.getByRole('table', { name: /Funds matching/ }).getByRole('link', { name: 'Wessex Horizon Investment Funds ICVC' })).toHaveAttribute(
      'href',
      `/fund/${UMBRELLA}`,
    );
  });

  test('an unknown PRN is a 404; an impossible one or a bad page is a 400', async ({ page }) => {
    const missing = await page.goto('/fund/9999999');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No fund with PRN 9999999 is on the register');
    await expect(page.getByRole('link', { name: 'Check whether 9999999 is a firm reference number (FRN) instead' })).toBeVisible();
    await expectAccessible(page);

    const bad = await page.goto('/fund/ABC123/names');
    expect(bad?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('That is not a valid product reference number (PRN)');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('a PRN is 1 to 7 digits');
    await expectAccessible(page);

    const badPage = await page.goto(`/fund/${UMBRELLA}/subfunds?page=0`);
    expect(badPage?.status()).toBe(400);
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Page must be a whole number from 1 to 10000.' })).toBeVisible();
  });
});
