import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { test as ownSandboxTest } from './support/register-fixtures';
import { expect, test } from './support/signed-in';

// Impossible addresses are refused before any register call (HTTP 400, said in words); records
// the register does not have get a real 404 page that says what was looked for.

const bank = SHOWCASE.bankFrn;

test.describe('bad input: HTTP 400 and a clear message', () => {
  const cases = [
    { path: '/firm/abc', heading: 'That is not a valid firm reference number (FRN)', message: '"abc" is not a firm reference number: an FRN is 1 to 7 digits, e.g. 122702.' },
    { path: '/firm/12345678/permissions', heading: 'That is not a valid firm reference number (FRN)', message: '"12345678" is not a firm reference number' },
    { path: `/firm/${bank}/passports/123`, heading: 'That is not a valid passport country', message: 'is not a country name' },
    { path: `/firm/${bank}/requirements/not-a-ref`, heading: 'That is not a valid requirement reference', message: 'is not a requirement reference' },
  ];
  for (const c of cases) {
    test(c.path, async ({ page }) => {
      const response = await page.goto(c.path);
      expect(response?.status()).toBe(400);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.heading);
      await expect(page.getByRole('main').getByRole('alert')).toContainText(c.message);
      await expect(page.getByRole('link', { name: 'Search for a firm by name' })).toHaveAttribute('href', '/search?type=firm');
    });
  }

  test('an impossible page number', async ({ page }) => {
    const response = await page.goto(`/firm/${bank}/waivers?page=0`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Page must be a whole number from 1 to 10000.');
    await page.getByRole('link', { name: 'Go to the first page' }).click();
    await expect(page.getByRole('table', { name: /Waivers and modifications/ })).toBeVisible();
  });
});

// On a portal with a sandbox of its own, so the sandbox's count proves that nothing was asked.
// Plain requests rather than page visits: a browser would go on to prefetch the error page's
// links (the firm's sections), which are real pages that do read the register.
ownSandboxTest('impossible firm addresses are refused without a single register request', async ({ page, sandbox }) => {
  const before = JSON.stringify(sandbox.stats());
  for (const path of ['/firm/abc', '/firm/12345678/permissions', `/firm/${bank}/passports/123`, `/firm/${bank}/requirements/not-a-ref`]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(400);
    expect(await response.text(), path).toContain('That is not a valid');
    expect(JSON.stringify(sandbox.stats()), path).toBe(before);
  }
});

test.describe('not found: HTTP 404 pages that say what was looked for', () => {
  test('an FRN the register does not know', async ({ page }) => {
    const response = await page.goto('/firm/9999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No firm with FRN 9999999 is on the register');
    await expect(page.getByRole('link', { name: 'Search for a firm by name' })).toBeVisible();
    await expect(page.getByRole('link', { name: /is a fund's product reference number/ })).toHaveAttribute('href', '/fund/9999999');
  });

  test('a section of an unknown FRN', async ({ page }) => {
    const response = await page.goto('/firm/9999999/permissions');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No firm with FRN 9999999 is on the register');
  });

  test('a country the firm has no passport for', async ({ page }) => {
    const response = await page.goto(`/firm/${bank}/passports/narnia`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`No passport for NARNIA under FRN ${bank}`);
    await expect(page.getByRole('link', { name: 'See the countries this firm passports to' })).toHaveAttribute('href', `/firm/${bank}/passports`);
  });

  test('a requirement reference the firm does not have', async ({ page }) => {
    const response = await page.goto(`/firm/${bank}/requirements/OR-9999999`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`No requirement OR-9999999 under FRN ${bank}`);
  });

  test('a page past the end of a list says so', async ({ page }) => {
    await page.goto(`/firm/${bank}/waivers?page=99`);
    await expect(page.getByText('There is no page 99 of this list.')).toBeVisible();
  });
});
