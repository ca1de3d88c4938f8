import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { expect, test } from './support/signed-in';

// "Show all" walks every page through the pacer and shows its progress while it runs, with no
// client-side code: the progress lines are streamed fallbacks replaced as pages arrive.
//
// The progress shows only while pages come from the register: this file must run while 700100's
// AR list is cold in the shared portal's cache (fresh for 15 minutes). Specs run in file-name
// order, so it is named to come before firm-pages.spec.ts, whose search of every page caches all
// 83 pages (as firm-show-all.spec.ts, it ran after it and once saw the walk end before the first
// progress line). No earlier spec reads that list on the shared portal.

test('the network’s 1,544 appointed representatives, with progress on the way', async ({ page }) => {
  const frn = SHOWCASE.networkPrincipalFrn;
  // 'commit': the document keeps streaming until the walk ends; the progress is what is checked.
  await page.goto(`/firm/${frn}/appointed-representatives?all=1`, { waitUntil: 'commit' });
  await expect(page.getByTestId('firm-header')).toContainText('Kingsmere Mortgage Network Limited');
  // Streamed replacements wait in hidden holders outside <main> until React swaps them in.
  const progress = page.getByRole('main').getByTestId('walk-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(/Fetched \d+/);
  await expect(page.getByRole('main').getByText('Complete: all 83 pages fetched, 1,544 appointed representatives.')).toBeVisible({ timeout: 75_000 });
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole('table', { name: /Current appointed representatives/ })).toContainText('714 in all');
  await expect(page.getByRole('table', { name: /Previous appointed representatives/ })).toContainText('830 in all');
  await expect(page.getByRole('link', { name: 'Show one page at a time' })).toHaveAttribute('href', `/firm/${frn}/appointed-representatives`);
});

test('every controlled function of the bank, including the chief executive on the last page', async ({ page }) => {
  const frn = SHOWCASE.bankFrn;
  await page.goto(`/firm/${frn}/controlled-functions`);
  await page.getByRole('link', { name: /Show all roles on one page/ }).click();
  await expect(page.getByRole('main').getByText(/Complete: all \d+ pages fetched, 93 roles\./)).toBeVisible({ timeout: 60_000 });
  const current = page.getByRole('table', { name: /Current controlled functions/ });
  const ceo = current.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'SMF1 Chief Executive' }) });
  await expect(ceo.getByRole('link', { name: 'Beatrice Katherine Sutcliffe' })).toHaveAttribute('href', `/individual/${SHOWCASE.bankIndividualIrn}`);
  // The client-side filter narrows the complete list.
  await page.getByLabel('Filter current controlled functions').fill('Sutcliffe');
  await expect(current.locator('tbody tr:visible')).toHaveCount(2);
});
