import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { SHOWCASE } from '../sandbox/dataset/showcase';
import { compact, pdfText } from './support/pdf-text';
import { sharedBaseURL, staffAccounts, storageStatePath } from './support/shared-portal';
import { expect, test } from './support/signed-in';

// The report on paper (issue 26): 700100's summary and full reports printed by Chromium to A4 PDF
// (print media, as the browser's print dialog uses), read back page by page. Every page carries
// the running header and footer (firm, FRN, case reference, generated at and by, page n of N),
// links print as absolute addresses on the portal's public address, and the summary fits in 15
// pages with the SHA-256 of each full list's file, which downloads with exactly that hash. The
// case reference typed beside the report is the one its saved snapshot carries (issue 26 item 7).

const NETWORK = SHOWCASE.networkPrincipalFrn;
const NAME = 'Kingsmere Mortgage Network Limited';
const SUMMARY_MAX_PAGES = 15;

async function printReport(page: Page, query: string): Promise<string[]> {
  await page.goto(`/firm/${NETWORK}/report?${query}`, { waitUntil: 'commit' });
  await expect(page.getByTestId('report-stamp')).toBeVisible({ timeout: 60_000 });
  const pdf = await page.pdf({ format: 'A4' });
  writeFileSync(test.info().outputPath('report.pdf'), pdf);
  return (await pdfText(pdf)).pages.map(compact);
}

/** The running header and footer on every page: firm, FRN, case reference, by whom, when, page n of N. */
function expectRunningHeader(pages: string[], caseReference: string): void {
  pages.forEach((text, i) => {
    for (const expected of [`${NAME}·FRN${NETWORK}`, `Casereference:${caseReference}`, `Generated`, `by`, staffAccounts.analyst, `Page${i + 1}of${pages.length}`]) {
      expect(text, `page ${i + 1} of ${pages.length} carries "${expected}"`).toContain(compact(expected));
    }
    expect(text, `page ${i + 1}: when it was generated`).toMatch(/Generated\d{1,2}[A-Z][a-z]{2}\d{4},\d{2}:\d{2}(GMT|BST)by/);
  });
}

test.describe('the report on paper', () => {
  test('700100’s summary: every page headed, absolute links, at most 15 pages, each file’s SHA-256 printed and true', async ({ page }) => {
    test.setTimeout(90_000);
    const pages = await printReport(page, 'view=summary&case=E2E-SUMMARY-1');
    console.log(`700100 summary report: ${pages.length} A4 pages`);
    test.info().annotations.push({ type: 'summary pages', description: String(pages.length) });
    expect(pages.length).toBeLessThanOrEqual(SUMMARY_MAX_PAGES);
    expectRunningHeader(pages, 'E2E-SUMMARY-1');
    const everything = pages.join('');
    // Links print with the portal's public address, not as bare paths.
    expect(everything).toContain(compact(`(${sharedBaseURL}/individual/`));
    expect(everything).toContain(compact(`(${sharedBaseURL}/firm/`));
    expect(everything).not.toMatch(/\(\/(firm|individual|fund)\//);
    expect(everything).toContain(compact('Summary: every section with its count'));

    // Each full list's file: its SHA-256 is on paper, and the file downloads with exactly that hash.
    const files = page.getByTestId('report-files').locator('tbody tr');
    expect(await files.count()).toBeGreaterThan(3);
    const ar = page.getByTestId('report-file-appointed-representatives');
    const hash = (await ar.getByTestId('report-file-sha256').innerText()).replace('SHA-256', '').trim();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(everything).toContain(hash);
    const href = await ar.getByRole('link').getAttribute('href');
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    const body = await response.body();
    expect(createHash('sha256').update(body).digest('hex')).toBe(hash);
    // Every appointed representative is in it (1,500+), though the summary shows the first 25.
    expect(body.toString('utf8').split('\r\n').length).toBeGreaterThan(1500);
    await expect(page.locator('#ar-current tbody tr')).toHaveCount(25);

    // The case reference typed is the one saved, though the report was not generated again with it;
    // the saved snapshot keeps the files, which download from it with the same hash.
    await page.getByLabel('Case reference').fill('E2E-TYPED-2');
    await expect(page.getByTestId('save-case-reference')).toContainText('E2E-TYPED-2');
    await page.getByRole('button', { name: 'Save as evidence' }).click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('stamp-case')).toHaveText('E2E-TYPED-2');
    await expect(page.getByTestId('snapshot-integrity')).toHaveText(/^Verified/);
    const saved = page.getByTestId('report-file-appointed-representatives');
    await expect(saved.getByTestId('report-file-sha256')).toHaveText(`SHA-256 ${hash}`);
    const fromSnapshot = await page.request.get((await saved.getByRole('link').getAttribute('href'))!);
    expect(
      createHash('sha256')
        .update(await fromSnapshot.body())
        .digest('hex'),
    ).toBe(hash);
    await page.goto(`/reports?firm=${NETWORK}&user=mine`);
    await expect(page.getByRole('row').filter({ hasText: 'E2E-TYPED-2' })).toHaveCount(1);
  });

  test('700100’s full report: every page headed, absolute links, its page count', async ({ page }) => {
    test.setTimeout(90_000);
    const pages = await printReport(page, 'case=E2E-FULL-1');
    console.log(`700100 full report: ${pages.length} A4 pages`);
    test.info().annotations.push({ type: 'full pages', description: String(pages.length) });
    expect(pages.length).toBeGreaterThan(SUMMARY_MAX_PAGES);
    expectRunningHeader(pages, 'E2E-FULL-1');
    const everything = pages.join('');
    expect(everything).toContain(compact(`(${sharedBaseURL}/firm/${SHOWCASE.appointedRepresentativeFrn})`));
    expect(everything).not.toMatch(/\(\/(firm|individual|fund)\//);
  });

  test('the report of an FRN the register does not know is a 404, audited first', async ({ page, browser, baseURL }) => {
    const response = await page.goto('/firm/9999999/report?case=E2E-404');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No firm with FRN 9999999 is on the register');
    const admin = await browser.newContext({ baseURL, storageState: storageStatePath('admin') });
    const adminPage = await admin.newPage();
    await adminPage.goto(`/admin/audit?user=${encodeURIComponent(staffAccounts.analyst)}&action=report.view&reference=9999999`);
    const row = adminPage
      .getByRole('table', { name: /Audit entries/ })
      .locator('tbody tr')
      .first();
    await expect(row).toContainText('failure');
    await expect(row).toContainText('not-found');
    await admin.close();
  });
});
