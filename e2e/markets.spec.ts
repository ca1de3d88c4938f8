import { expect, expectAccessible, sectionsLoaded, test } from './support/register-fixtures';

test.describe('regulated markets', () => {
  test('lists the regulated markets with provenance and a refresh', async ({ page }) => {
    await page.goto('/markets');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regulated markets');
    await sectionsLoaded(page);
    const table = page.getByRole('table', { name: /Regulated markets/ });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Trading name', 'Type', 'Reference number', 'Status']);
    await expect(table.getByRole('row')).toHaveCount(6);
    await expect(table).toContainText('Kestrel Securities & Derivatives Exchange Limited');
    await expect(table.getByRole('row').filter({ hasText: 'Thames Stock Exchange' })).toContainText('Exchange - RM');
    await expect(page.getByTestId('provenance')).toContainText('Sandbox register');
    await page.getByRole('button', { name: 'Refresh from the register' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Refreshed at / })).toBeVisible();
    await expectAccessible(page);
  });

  test('a malformed page number is refused with 400', async ({ page }) => {
    const res = await page.goto('/markets?page=abc');
    expect(res?.status()).toBe(400);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Page must be a whole number from 1 to 10000.');
  });
});
