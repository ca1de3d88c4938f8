import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SHOWCASE } from '../sandbox/dataset/showcase';
import { storageStatePath } from './support/shared-portal';
import { expect, test } from './support/signed-in';

// axe on the report, evidence and audit pages once they have finished streaming: no serious or
// critical violation.

async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  expect(bad, `axe on ${page.url()}`).toEqual([]);
}

test('the report (with its details) and a saved snapshot', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`/firm/${SHOWCASE.bankFrn}/report?case=A11Y-1`, { waitUntil: 'commit' });
  await expect(page.getByTestId('report-stamp')).toBeVisible({ timeout: 150_000 });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save as evidence' }).click();
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('snapshot-banner')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/reports');
  await expect(page.getByRole('table', { name: /Your saved reports/ })).toBeVisible();
  await expectAccessible(page);
});

test('a report while it is still being assembled', async ({ page }) => {
  test.setTimeout(120_000);
  // The payment institution's report is small; its progress is on screen for the first moments.
  await page.goto(`/firm/${SHOWCASE.disciplinaryFrn}/report`, { waitUntil: 'commit' });
  await expect(page.getByTestId('report-progress').or(page.getByTestId('report-stamp')).first()).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
});

test.describe('as an administrator', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('the audit log with filters', async ({ page }) => {
    await page.goto('/admin/audit?action=auth.');
    await expect(page.getByRole('table', { name: /Audit entries/ })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/admin/audit?from=2026-13-40');
    await expect(page.getByRole('alert').filter({ hasText: 'Correct the filters above' })).toContainText('is not a date');
    await expectAccessible(page);
  });

  test('the audit chain verification', async ({ page }) => {
    await page.goto('/admin/audit/verify');
    await expect(page.getByTestId('audit-chain-summary')).toHaveText(/^intact: [\d,]+ entries/);
    await expectAccessible(page);
  });
});
