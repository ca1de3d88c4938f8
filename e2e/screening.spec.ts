import { SCREENING } from '@/sandbox/dataset/screening';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { expect, test } from './support/signed-in';

// What a screening check sees first: the standing in every record's header (a prohibited person
// reads Prohibited, never an amber "approval no longer required"; a firm in administration is no
// green tick), and names searched the way people write them.

test('headers give the standing: the prohibited person and the firm in administration are stopped, an approved person is clear', async ({ page }) => {
  await page.goto(`/individual/${SHOWCASE.prohibitedIrn}`);
  const person = page.locator('main header').first().getByTestId('standing');
  await expect(person.getByTestId('standing-badge')).toHaveText('✕Stop · Prohibited');
  await expect(person.getByTestId('standing-badge')).toHaveAttribute('data-level', 'stop');
  await expect(person.getByTestId('standing-reasons')).toContainText('prohibition order');

  await page.goto(`/firm/${SHOWCASE.exceptionalInfoFrn}`);
  const header = page.getByTestId('firm-header');
  await expect(header.getByTestId('standing-badge')).toHaveText('✕Stop · In administration');
  await expect(header.getByTestId('standing-reasons')).toContainText('"In administration"');
  // The status is the register's word, plain: no tick of its own.
  await expect(header).toContainText('Authorised');
  await expect(header.getByText('✓')).toHaveCount(0);

  await page.goto(`/individual/${SCREENING.accentedIrn}`);
  await expect(page.locator('main header').first().getByTestId('standing-badge')).toHaveText('✓Clear · Approved by regulator');
});

test('search reads a name as people write it and says so; a clone is listed with its standing', async ({ page }) => {
  await page.goto('/search?q=castlegate%20securities%20ltd&type=firm');
  await expect(page.getByTestId('search-folded')).toContainText('Searched the register for “castlegate securities”');
  const table = page.getByRole('table', { name: /Firms matching “castlegate securities”/ });
  // The listing's standing reads its status; the record's own page reads its history too.
  await expect(table.getByRole('row').filter({ hasText: 'Castlegate Securities Limited' }).first().getByTestId('standing-badge')).toHaveText('✓Clear · Authorised');

  await page.goto('/search?q=Revolution%20Capital%20Partners&type=firm');
  const clone = page
    .getByRole('table', { name: /Firms matching/ })
    .getByRole('row')
    .filter({ hasText: 'clone of FCA authorised firm' });
  await expect(clone.getByTestId('standing-badge')).toHaveText('✕Stop · Clone firm');
});

test('a small bulk check finishes on screen, counts what needs review, and each choice leads to the next row waiting', async ({ page }) => {
  await page.goto('/bulk');
  const csv = 'Reference,Name,Postcode\n,Oakwood Financial Services Ltd,\n200200,Kingsmere Mortgage Network Limited,\nPXR00042,,\n,Revolution Capital Partners,\n';
  await page.getByLabel('Or upload a CSV or XLSX file').setInputFiles({ name: 'panel.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Review cost' }).click();
  await page.getByRole('button', { name: /Start bulk check/ }).click();
  await page.waitForURL(/\/bulk\/[0-9a-f-]{36}$/);
  // No reload: the progress polls until the job is over, however quick it is.
  await expect(page.getByTestId('bulk-state')).toContainText('Finished', { timeout: 60_000 });
  await expect(page.getByTestId('review-decision')).toHaveText('Needs a decision (2)');
  await expect(page.getByTestId('review-flagged')).toHaveText('Flagged (2)');
  const chooser = page.getByTestId('candidates').filter({ has: page.getByRole('button', { name: 'Record choice for row 1' }) });
  await chooser.getByRole('radio', { name: /FRN 910112/ }).check();
  await chooser.getByRole('button', { name: 'Record choice for row 1' }).click();
  await expect(page).toHaveURL(/notice=resolved#row-2$/);
  await expect(page.getByTestId('candidates').filter({ has: page.getByRole('button', { name: 'Record choice for row 2' }) })).toContainText('Kingsmere Mortgage Network Limited');
});
