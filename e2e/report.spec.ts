import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { openMigratedDb } from '@/lib/db/connect';
import { sha256Hex } from '@/lib/db/queries/snapshots';
import { FIRM_SECTION_SLUGS, FIRM_SECTIONS } from '@/lib/sections/firm-sections';
import { NETWORK_CURRENT_ARS, NETWORK_PREVIOUS_ARS, PAYMENT_FORMULA_TRADING_NAME } from '../sandbox/dataset/showcase-records';
import { SHOWCASE } from '../sandbox/dataset/showcase';
import { compact, pdfText } from './support/pdf-text';
import { sharedBaseURL, sharedPortal, staffAccounts, storageStatePath } from './support/shared-portal';
import { expect, test } from './support/signed-in';

// The printable report, evidence snapshots, CSV export and the audit log, against the shared
// portal and its sandbox (live-like latency, the real rate limit), signed in as an analyst.

const NETWORK = SHOWCASE.networkPrincipalFrn;
const BANK = SHOWCASE.bankFrn;
const analyst = staffAccounts.analyst;

/** Opens a firm's report and waits until it has been assembled (every page of every list read). */
async function openReport(page: Page, frn: string, caseReference?: string): Promise<void> {
  // The document streams until the report is complete; wait for the stamp, not for the load event.
  await page.goto(`/firm/${frn}/report${caseReference ? `?case=${encodeURIComponent(caseReference)}` : ''}`, { waitUntil: 'commit' });
  await expect(page.getByTestId('report-stamp')).toBeVisible({ timeout: 150_000 });
}

function today(): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

test.describe('printable firm report', () => {
  test('the largest firm’s report completes with every section in full and the stamp', async ({ page }) => {
    test.setTimeout(240_000);
    await openReport(page, NETWORK, 'E2E-NETWORK-1');
    const stamp = page.getByTestId('report-stamp');
    await expect(stamp.getByTestId('stamp-firm')).toHaveText('Kingsmere Mortgage Network Limited');
    await expect(stamp.getByTestId('stamp-frn')).toHaveText(NETWORK);
    await expect(stamp.getByTestId('stamp-generated-by')).toContainText(analyst);
    await expect(stamp.getByTestId('stamp-generated-at')).toContainText(/\d{4}-\d{2}-\d{2}T/);
    await expect(stamp.getByTestId('stamp-retrieved')).toContainText(/oldest .*\d{4}-\d{2}-\d{2}T.*newest .*\d{4}-\d{2}-\d{2}T/s);
    await expect(stamp.getByTestId('stamp-source')).toContainText('sandbox');
    await expect(stamp.getByTestId('stamp-case')).toHaveText('E2E-NETWORK-1');
    await expect(stamp.getByTestId('stamp-completeness')).toHaveText('Complete: every page of every list was read.');

    for (const slug of FIRM_SECTION_SLUGS) {
      const section = page.getByTestId(`report-section-${slug}`);
      await expect(section.locator(`#report-${slug}-heading`)).toHaveText(FIRM_SECTIONS[slug].title);
      // Each section is either a complete list or says the register has none; nothing failed or was cut.
      await expect(section.getByTestId('list-complete').or(section.getByTestId('none-recorded')).first()).toBeVisible();
      await expect(section.getByText(/^Incomplete/)).toHaveCount(0);
    }
    // Every appointed representative, current and previous: 1,500+ rows from every page.
    await expect(page.locator('#ar-current tbody tr')).toHaveCount(NETWORK_CURRENT_ARS);
    await expect(page.locator('#ar-previous tbody tr')).toHaveCount(NETWORK_PREVIOUS_ARS);
    await expect(page.getByTestId('report-section-appointed-representatives').getByTestId('list-complete')).toContainText(
      `Complete: ${(NETWORK_CURRENT_ARS + NETWORK_PREVIOUS_ARS).toLocaleString('en-GB')} rows`,
    );
    await expect(page.getByRole('button', { name: 'Save as evidence' })).toBeVisible();
  });

  test('the bank’s report has every passport country’s permissions and every requirement’s investment types', async ({ page }) => {
    test.setTimeout(180_000);
    await openReport(page, BANK);
    // One permissions list per country in the passports table, each under its own heading.
    const countries = new Set((await page.locator('#passports tbody tr th a').allTextContents()).map((t) => t.replace(' (passport permissions)', '').trim()));
    expect(countries.size).toBeGreaterThanOrEqual(25);
    const details = page.getByTestId('report-passport-permissions');
    for (const country of countries) {
      await expect(details.getByRole('heading', { name: country, exact: true })).toHaveCount(1);
    }
    await expect(details.getByRole('heading', { level: 4 })).toHaveCount(countries.size);
    const investmentTypes = page.getByTestId('report-investment-types');
    await expect(investmentTypes.getByRole('table', { name: new RegExp(`Investment types under requirement ${SHOWCASE.bankRequirementRef}`) })).toBeVisible();
    await expect(page.getByTestId('stamp-completeness')).toHaveText('Complete: every page of every list was read.');
  });

  test('printed to PDF: the stamp on page one, no navigation or buttons, table headers on every page, link targets printed', async ({ page }) => {
    test.setTimeout(240_000);
    await openReport(page, NETWORK, 'E2E-PRINT');

    // What print media hides and keeps, in the browser itself.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save as evidence' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
    await expect(page.getByTestId('report-stamp')).toBeVisible();
    expect(await page.locator('#ar-current thead').evaluate((el) => getComputedStyle(el).display)).toBe('table-header-group');
    const arLink = page.locator('#ar-current tbody tr').first().getByRole('link').first();
    // The portal's public address before the path (the report's print style sets --portal-origin).
    expect(await arLink.evaluate((el) => getComputedStyle(el, '::after').content)).toMatch(new RegExp(`^" \\(${sharedBaseURL}/firm/\\d+\\)"$`));

    // Chromium's own print to PDF (print media, as the print dialog uses).
    const pdf = await page.pdf({ format: 'A4', printBackground: false });
    const { pages } = await pdfText(pdf);
    expect(pages.length).toBeGreaterThan(20);
    const first = compact(pages[0]);
    for (const expected of [
      `Registercheck:KingsmereMortgageNetworkLimited(FRN${NETWORK})`,
      'Generatedby',
      analyst,
      'E2E-PRINT',
      'Dataretrievedfromtheregister',
      'Complete:everypageofeverylistwasread.',
    ]) {
      expect(first).toContain(compact(expected));
    }
    expect(compact(pages[0])).toContain(`Page1of${pages.length}`);
    const everything = compact(pages.join(' '));
    for (const absent of ['Signout', 'Regulatedmarkets', 'SaveasevidenceStores', 'Printorsaveas', 'DownloadCSV', 'Generatereport', 'Summaryreport(each', 'Assemblingthereport']) {
      expect(everything, `"${absent}" must not be printed`).not.toContain(absent);
    }
    // The appointed-representative tables run over many pages, each starting with the header row again.
    const arHeader = compact('Appointed representative FRN Type Effective date');
    // Every AR row links back to its principal, and the printed link target marks the row.
    const principalCell = compact(`Kingsmere Mortgage Network Limited (${sharedBaseURL}/firm/${NETWORK})`);
    const pagesWithArRows = pages.filter((p) => compact(p).includes(principalCell));
    expect(pagesWithArRows.length).toBeGreaterThan(10);
    for (const p of pagesWithArRows) {
      expect(compact(p)).toContain(arHeader);
      // The right-most column is on the paper too: wide tables wrap to the page width instead of being cut off.
      expect(compact(p)).toContain('Principal');
    }
    // Link targets are printed after the links.
    expect(everything).toContain(compact(`(${sharedBaseURL}/firm/${SHOWCASE.appointedRepresentativeFrn})`));
  });

  test('print keeps the warnings of a firm with Exceptional Info', async ({ page }) => {
    test.setTimeout(120_000);
    await openReport(page, SHOWCASE.exceptionalInfoFrn);
    await page.emulateMedia({ media: 'print' });
    const warnings = page.getByTestId('report-section-firm').getByRole('note');
    expect(await warnings.count()).toBeGreaterThan(0);
    await expect(warnings.first()).toBeVisible();
  });

  test('a bad case reference is refused before anything is read', async ({ page }) => {
    await page.goto(`/firm/${BANK}/report?case=${encodeURIComponent('<script>')}`);
    await expect(page.getByRole('alert').filter({ hasText: 'A case reference starts with a letter or digit' })).toBeVisible();
    await expect(page.getByTestId('report-progress')).toHaveCount(0);
    await expect(page.getByTestId('report-stamp')).toHaveCount(0);
  });
});

test.describe('evidence snapshots', () => {
  test('Save as evidence stores the report as shown; it reopens identically with a hash that verifies', async ({ page }) => {
    test.setTimeout(180_000);
    await openReport(page, BANK, 'E2E-EVIDENCE-1');
    const shown = await page.getByTestId('firm-report').innerText();
    await page.getByRole('button', { name: 'Save as evidence' }).click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    const banner = page.getByTestId('snapshot-banner');
    await expect(banner).toContainText('Saved evidence snapshot: not live register data');
    await expect(banner.getByTestId('snapshot-integrity')).toHaveText(/^Verified/);
    const hash = (await banner.getByTestId('snapshot-sha256').innerText()).trim();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByTestId('firm-report').innerText()).toBe(shown);

    // The stored bytes hash to what the page shows, and the snapshot cannot be changed.
    const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(sharedPortal.dataDir, 'portal.db') });
    try {
      const row = await handle.db.selectFrom('snapshots').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(sha256Hex(row.data)).toBe(hash);
      expect(row).toMatchObject({ frn: BANK, case_reference: 'E2E-EVIDENCE-1', created_by_email: analyst });
      await expect(handle.db.updateTable('snapshots').set({ case_reference: 'changed' }).where('id', '=', id).execute()).rejects.toThrow(/immutable/);
    } finally {
      await handle.close();
    }

    // Listed among the user's snapshots and the firm's.
    await page.goto(`/reports?firm=${BANK}&user=mine`);
    await expect(
      page
        .getByRole('table', { name: /Your saved reports for FRN 200200/ })
        .getByRole('row')
        .filter({ hasText: 'E2E-EVIDENCE-1' }),
    ).toHaveCount(1);
  });
});

test.describe('CSV export', () => {
  test('an analyst downloads a firm table: BOM, columns, retrieved-at, and the formula trading name neutralised', async ({ page }) => {
    const response = await page.request.get(`/api/export/firm/${SHOWCASE.paymentInstitutionFrn}/names`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers()['content-disposition']).toContain(`filename="firm-${SHOWCASE.paymentInstitutionFrn}-names-${today()}.csv"`);
    const body = await response.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(body.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual(['List', 'Name', 'Status', 'Effective from', 'Effective to', 'Other fields (JSON)', 'Retrieved at', 'Register path']);
    expect(rows.map((r) => r.Name)).toContain(`'${PAYMENT_FORMULA_TRADING_NAME}`);
    expect(rows.map((r) => r.Name)).not.toContain(PAYMENT_FORMULA_TRADING_NAME);
    for (const r of rows) {
      expect(Date.now() - Date.parse(r['Retrieved at'])).toBeLessThan(3_600_000);
      expect(r['Register path']).toBe(`/Firm/${SHOWCASE.paymentInstitutionFrn}/Names`);
    }
  });

  test('the link beside a table caption downloads every page of it', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`/search?q=${encodeURIComponent(SHOWCASE.individualSearch)}&type=individual`);
    const link = page.getByRole('table', { name: /matching/ }).getByTestId('export-link');
    await expect(link).toBeVisible({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`search-individual-edward-thornton-${today()}.csv`);
    const rows = parse(readFileSync(await download.path()), { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]).slice(0, 4)).toEqual(['Name', 'Reference number', 'Status', 'Type']);
    // More rows than one page of the register's search (20).
    expect(rows.length).toBeGreaterThan(20);
  });

  test('a bad request is refused with a specific message before the register is asked', async ({ page }) => {
    const response = await page.request.get('/api/export/firm/12ab/permissions');
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ error: 'bad-input', field: 'frn', message: '"12ab" is not a firm reference number: an FRN is 1 to 7 digits, e.g. 122702.' });
    const section = await page.request.get(`/api/export/firm/${BANK}/everything`);
    expect(section.status()).toBe(400);
    expect((await section.json()).field).toBe('section');
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('no export links, and the export endpoint answers 403', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent(SHOWCASE.individualSearch)}&type=individual`);
    await expect(page.getByRole('table', { name: /matching/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('export-link')).toHaveCount(0);
    const response = await page.request.get(`/api/export/firm/${BANK}/permissions`);
    expect(response.status()).toBe(403);
    expect((await response.json()).error).toBe('forbidden');
  });
});

test.describe('audit log', () => {
  test('each action above left its entry, and an admin can filter and export them', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    // A page view of a firm, an individual and a fund, a search and an export by the analyst, just now.
    await page.goto(`/firm/${SHOWCASE.paymentInstitutionFrn}`);
    await page.goto(`/individual/${SHOWCASE.bankIndividualIrn}`);
    await page.goto(`/fund/${SHOWCASE.umbrellaFundPrn}`);
    await page.goto(`/search?q=${encodeURIComponent('albion')}&type=firm`);
    await page.request.get(`/api/export/firm/${SHOWCASE.paymentInstitutionFrn}/names`);

    const admin = await browser.newContext({ baseURL, storageState: storageStatePath('admin') });
    const adminPage = await admin.newPage();
    const table = adminPage.getByRole('table', { name: /Audit entries/ });
    // One filtered view per action (other specs sign in as this analyst too, so the unfiltered log is long).
    for (const [action, reference, text] of [
      ['report.view', NETWORK, 'E2E-NETWORK-1'],
      ['report.complete', NETWORK, 'pages'],
      ['report.view', BANK, 'E2E-EVIDENCE-1'],
      ['snapshot.create', BANK, 'sha256'],
      ['snapshot.view', BANK, 'intact'],
      ['export.csv', SHOWCASE.paymentInstitutionFrn, `firm-${SHOWCASE.paymentInstitutionFrn}-names-`],
      ['firm.view', SHOWCASE.paymentInstitutionFrn, `/firm/${SHOWCASE.paymentInstitutionFrn}`],
      ['individual.view', SHOWCASE.bankIndividualIrn, `/individual/${SHOWCASE.bankIndividualIrn}`],
      ['fund.view', SHOWCASE.umbrellaFundPrn, `/fund/${SHOWCASE.umbrellaFundPrn}`],
      ['search', '', 'albion'],
      // Written by the sign-in code when global.setup signed the analyst in.
      ['auth.sign-in', '', ''],
    ] as const) {
      await adminPage.goto(`/admin/audit?user=${encodeURIComponent(analyst)}&action=${action}${reference ? `&reference=${reference}` : ''}`);
      const row = table.locator('tbody tr').filter({ hasText: text }).first();
      await expect(row, `${action} ${reference}`).toBeVisible();
      await expect(row.getByRole('rowheader')).toHaveText(action);
      await expect(row).toContainText(analyst);
      await expect(row).toContainText('success');
    }
    // The viewer's refused export is there too, as denied.
    await adminPage.goto(`/admin/audit?user=${encodeURIComponent(staffAccounts.viewer)}&action=export.csv`);
    await expect(table.getByRole('row').filter({ hasText: 'denied' }).first()).toBeVisible();

    // Filters narrow by reference and action; the CSV export carries the same entries.
    await adminPage.goto(`/admin/audit?reference=${BANK}&action=snapshot.create`);
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toContainText('snapshot.create');
    for (const text of await rows.allInnerTexts()) expect(text).toContain('snapshot.create');
    const [download] = await Promise.all([adminPage.waitForEvent('download'), table.getByTestId('export-link').click()]);
    expect(download.suggestedFilename()).toBe(`audit-log-${today()}.csv`);
    const csv = parse(readFileSync(await download.path()), { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(csv[0])).toEqual(['ID', 'At (UTC)', 'User', 'Action', 'Reference', 'Outcome', 'Detail (JSON)', 'Exported at']);
    expect(csv.every((r) => r.Action === 'snapshot.create' && r.Reference === BANK)).toBe(true);
    await admin.close();
  });

  test('only administrators see the audit log', async ({ page }) => {
    const response = await page.goto('/admin/audit');
    expect(response?.status()).toBe(403);
    expect((await page.request.get('/api/export/audit')).status()).toBe(403);
  });
});
