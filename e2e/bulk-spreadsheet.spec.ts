import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { buildXlsx } from '@/lib/spreadsheet/test-support/xlsx-builder';
import { buildDataset } from '@/sandbox/dataset/generate';
import { DEFAULT_OPTIONS } from '@/sandbox/config';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { expect, test } from './support/signed-in';

// A workbook as people make it, read on /bulk against the shared portal: a merged title and a blank
// row above the column names, a second sheet with data, a reference column whose header the portal
// does not know ("Regulator no."), and the person's own column (Client ID). The review shows how it
// was read; the person corrects the reference column, the estimate follows, and the client ids come
// back beside the results on the page and in both downloads.

const dataset = buildDataset(DEFAULT_OPTIONS.seed, { firms: DEFAULT_OPTIONS.firms, individuals: DEFAULT_OPTIONS.individuals, funds: DEFAULT_OPTIONS.funds });
const showcase = new Set<string>(Object.values(SHOWCASE).flat());
const [first, second] = [...dataset.firms.keys()].filter((frn) => !showcase.has(frn)).slice(300, 302);
const unknown = ['7654331', '7654332', '7654333'].find((f) => !dataset.firms.has(f))!;

function workbook(): Buffer {
  return buildXlsx([
    {
      name: 'Panel',
      rows: [
        ['Client panel: quarterly review'],
        [],
        ['Client ID', 'Company', 'Regulator no.'],
        ['C-001', dataset.firms.get(first)!.name, Number(first)],
        ['C-002', dataset.firms.get(second)!.name, `0${second} `],
        ['C-003', 'Nobody Such Limited', unknown],
      ],
      merges: ['A1:C1'],
    },
    {
      name: 'Funds',
      rows: [
        ['PRN', 'Client ID'],
        [Number(SHOWCASE.umbrellaFundPrn), 'F-001'],
      ],
    },
  ]);
}

test('a workbook with a title row and a second sheet is read, its columns corrected, and the client ids kept in both downloads', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/bulk');
  await page
    .getByLabel('Or upload a CSV or XLSX file')
    .setInputFiles({ name: 'panel.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook() });
  await page.getByRole('button', { name: 'Review cost' }).click();

  // As found: the first sheet, the column names in row 3 under the title, names read from "Company".
  const layout = page.getByRole('region', { name: 'How your workbook was read' });
  await expect(page.getByLabel('Sheet', { exact: true })).toHaveValue('Panel');
  await expect(page.getByLabel('Sheet', { exact: true }).locator('option')).toHaveText([/^Panel/, /^Funds/]);
  await expect(page.getByLabel('Header row (the column names)')).toHaveValue('3');
  // The title is the one row with values above it (the blank row is no row at all).
  await expect(layout).toContainText('The row above it (a title or a note) is not checked.');
  await expect(page.getByTestId('column-name')).toHaveValue('1');
  await expect(page.getByTestId('bulk-user-columns')).toContainText('Client ID, Regulator no.');
  await expect(page.getByTestId('estimate-to-check')).toHaveText('3 (3 by name)');

  // The person says which column holds the reference: read again at once, checked by number.
  await page.getByLabel('Reference (FRN, IRN or PRN)').selectOption('2');
  await expect(page.getByTestId('estimate-to-check')).toHaveText('3 (0 by name)');
  await expect(page.getByTestId('bulk-user-columns')).toHaveText(/Client ID\.$/);

  await page.getByRole('button', { name: 'Start bulk check of 3 rows' }).click();
  await page.waitForURL(/\/bulk\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('bulk-read-as')).toContainText('from the sheet "Panel", with the column names in row 3');
  await expect(page.getByTestId('bulk-state')).toContainText('Finished', { timeout: 40_000 });
  await page.reload();
  const results = page.getByTestId('bulk-results');
  await expect(results.locator('thead th')).toContainText(['Row', 'Sheet row', 'Input', 'Client ID', 'Read as', 'Outcome']);
  await expect(results.locator('tbody [data-testid="outcome"]')).toHaveText(['Matched', 'Matched', 'Not found']);
  await expect(results.locator('tbody tr').first()).toContainText('C-001');

  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  const csv = parse(readFileSync((await csvDownload.path())!), { bom: true, columns: true }) as Record<string, string>[];
  expect(csv.map((r) => [r['Sheet row'], r['Client ID'], r['Matched reference'], r.Outcome])).toEqual([
    ['4', 'C-001', first, 'Matched'],
    ['5', 'C-002', second, 'Matched'],
    ['6', 'C-003', '', 'Not found'],
  ]);
  const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download XLSX' }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync((await xlsxDownload.path())!) as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const clientId = header.indexOf('Client ID') + 1;
  expect(clientId).toBeGreaterThan(0);
  expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(clientId).value)).toEqual(['C-001', 'C-002', 'C-003']);
  // A header people can filter, frozen as they scroll.
  expect(sheet.autoFilter).toBeTruthy();
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
});
