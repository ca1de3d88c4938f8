import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readNow } from './read-now';
import { DEFAULT_SPREADSHEET_LIMITS, type ReadOutcome, type SpreadsheetLimits, type SpreadsheetTable } from './spreadsheet-types';
import { buildXlsx, entryOf, repeatedDeflate, workbookWith, zipOf } from './test-support/xlsx-builder';

const limits: SpreadsheetLimits = { ...DEFAULT_SPREADSHEET_LIMITS };

async function read(bytes: Buffer, options: { sheet?: string; limits?: Partial<SpreadsheetLimits>; format?: 'xlsx' | 'csv' } = {}): Promise<ReadOutcome> {
  return readNow({ format: options.format ?? 'xlsx', bytes, sheet: options.sheet, label: '"book.xlsx"', limits: { ...limits, ...options.limits } });
}

async function table(bytes: Buffer, options: Parameters<typeof read>[1] = {}): Promise<SpreadsheetTable> {
  const outcome = await read(bytes, options);
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  return outcome.table;
}

describe('reading a workbook as people make them', () => {
  it('reads shared and inline strings, numbers, booleans, dates and formulas by their saved value', async () => {
    const bytes = buildXlsx([
      {
        name: 'Panel',
        rows: [
          ['Reference', 'Name', 'Onboarded', 'Active'],
          [730427, { inline: 'Albion Crown Bank plc' }, new Date(Date.UTC(2024, 2, 1)), true],
          [{ formula: 'A2+1', value: 730428 }, { formula: 'UPPER("acme")', value: 'ACME' }, null, false],
          [{ formula: 'VLOOKUP(B5,Other!A:B,2,FALSE)' }, 'Quayside Payments Ltd'],
        ],
      },
    ]);
    const t = await table(bytes);
    expect(t.format).toBe('xlsx');
    expect(t.sheets).toEqual([{ name: 'Panel', index: 0, hidden: false, hasData: true, firstRow: ['Reference', 'Name', 'Onboarded', 'Active'] }]);
    expect(t.rows.map((r) => r.number)).toEqual([1, 2, 3, 4]);
    expect(t.rows[1].cells).toEqual([730427, 'Albion Crown Bank plc', new Date(Date.UTC(2024, 2, 1)), true]);
    expect(t.rows[2].cells).toEqual([730428, 'ACME', null, false]);
    // A formula with no saved value is empty, and the row says where.
    expect(t.rows[3].cells).toEqual([null, 'Quayside Payments Ltd']);
    expect(t.rows[3].uncached).toEqual([{ column: 0, formula: 'VLOOKUP(B5,Other!A:B,2,FALSE)' }]);
  });

  it('leaves blank rows out, keeps sheet row numbers, and fills a vertical merge down its first column', async () => {
    const bytes = buildXlsx([
      {
        name: 'Review',
        rows: [['Quarterly review of our panel'], [], ['Type', 'Reference'], ['firm', 730427], [null, 122702], [], ['fund', 800800]],
        merges: ['A1:D1', 'A4:A5'],
      },
    ]);
    const t = await table(bytes);
    expect(t.rows.map((r) => [r.number, r.cells])).toEqual([
      [1, ['Quarterly review of our panel']],
      [3, ['Type', 'Reference']],
      [4, ['firm', 730427]],
      [5, ['firm', 122702]],
      [7, ['fund', 800800]],
    ]);
    expect(t.filledMerges).toBe(1);
  });

  it('reads the first visible sheet with data, lists the others, and reads another when asked by name', async () => {
    const bytes = buildXlsx([
      { name: 'Cover', rows: [] },
      { name: 'Hidden', rows: [['secret']], hidden: true },
      { name: 'Panel', rows: [['Reference'], [730427]] },
      {
        name: 'Funds',
        rows: [
          ['PRN', 'Name'],
          [800800, 'Umbrella Fund'],
        ],
      },
    ]);
    const t = await table(bytes);
    expect(t.sheet).toBe(2);
    expect(t.sheets.map((s) => [s.name, s.hidden, s.hasData])).toEqual([
      ['Cover', false, false],
      ['Hidden', true, true],
      ['Panel', false, true],
      ['Funds', false, true],
    ]);
    expect(t.sheets[3].firstRow).toEqual(['PRN', 'Name']);
    const funds = await table(bytes, { sheet: 'funds' });
    expect(funds.sheet).toBe(3);
    expect(funds.rows[1].cells).toEqual([800800, 'Umbrella Fund']);
    expect(await read(bytes, { sheet: 'Missing' })).toMatchObject({ ok: false, code: 'no-such-sheet', status: 422, message: expect.stringContaining('"Panel"') });
  });

  it('reads a workbook ExcelJS wrote (another real producer), a rich text and a hyperlink included', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Input');
    sheet.addRow(['FRN', 'Name', 'Web']);
    sheet.addRow([730427, { richText: [{ text: 'Albion ' }, { text: 'Crown', font: { bold: true } }, { text: ' Bank plc' }] }, { text: 'site', hyperlink: 'https://example.com' }]);
    sheet.addRow([{ formula: '1+1', result: 2 }, 'x', null]);
    const t = await table(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(t.rows.map((r) => r.cells)).toEqual([
      ['FRN', 'Name', 'Web'],
      [730427, 'Albion Crown Bank plc', 'site'],
      [2, 'x'],
    ]);
  });

  it('reads a workbook of 20 sheets, and refuses more sheets than the limit in words', async () => {
    const sheets = Array.from({ length: 20 }, (_, i) => ({ name: `Region ${i + 1}`, rows: [['Reference'], [100000 + i]] }));
    const t = await table(buildXlsx(sheets));
    expect(t.sheets).toHaveLength(20);
    expect(t.sheets.every((s) => s.hasData)).toBe(true);
    expect(await read(buildXlsx(sheets), { limits: { maxSheets: 10 } })).toMatchObject({
      ok: false,
      code: 'too-many-sheets',
      status: 413,
      message: expect.stringContaining('more than 10 worksheets'),
    });
  });
});

describe('refusing what a workbook must not make the portal do', () => {
  it('refuses rows past the limit as soon as it passes it, counting only rows with values', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => [100000 + i]);
    expect((await table(buildXlsx([{ name: 'S', rows }]), { limits: { maxRows: 12 } })).rows).toHaveLength(12);
    expect(await read(buildXlsx([{ name: 'S', rows }]), { limits: { maxRows: 11 } })).toMatchObject({
      ok: false,
      code: 'too-many-rows',
      status: 413,
      message: expect.stringContaining('more than 11 rows'),
    });
  });

  it('refuses a value past the column limit, naming the cell', async () => {
    const row = Array.from({ length: 8 }, (_, i) => `c${i}`);
    expect(await read(buildXlsx([{ name: 'S', rows: [row] }]), { limits: { maxColumns: 6 } })).toMatchObject({
      ok: false,
      code: 'too-many-columns',
      message: expect.stringContaining('cell G1'),
    });
  });

  it('refuses a damaged file, a zip that is not a workbook, and a DOCTYPE', async () => {
    expect(await read(Buffer.from('PK\u0003\u0004 not really a zip'))).toMatchObject({ ok: false, code: 'not-a-workbook', status: 422 });
    expect(await read(zipOf([entryOf('readme.txt', 'hello')]))).toMatchObject({ ok: false, code: 'not-a-workbook' });
    const doctype = workbookWith([entryOf('xl/worksheets/sheet1.xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet><sheetData/></worksheet>')]);
    expect(await read(doctype)).toMatchObject({ ok: false, code: 'damaged-workbook', message: expect.stringContaining('document type') });
    const broken = workbookWith([entryOf('xl/worksheets/sheet1.xml', '<worksheet><sheetData><row><c><v>1</v></row></sheetData></worksheet>')]);
    expect(await read(broken)).toMatchObject({ ok: false, code: 'damaged-workbook', status: 422 });
  });

  it('never inflates a part the workbook does not need', async () => {
    const huge = repeatedDeflate('', ' '.repeat(1 << 20), 1024, '');
    const bytes = workbookWith([
      entryOf('xl/worksheets/sheet1.xml', '<worksheet><sheetData><row r="1"><c r="A1"><v>730427</v></c></row></sheetData></worksheet>'),
      { name: 'xl/media/image1.png', data: huge.data, declaredSize: huge.size },
    ]);
    const t = await table(bytes);
    expect(t.rows[0].cells).toEqual([730427]);
    expect(t.stats.inflatedBytes).toBeLessThan(10_000);
  });

  it('refuses a shared string longer than a cell can hold while it inflates', async () => {
    const bomb = repeatedDeflate('<sst><si><t>', 'A'.repeat(1 << 20), 20, '</t></si></sst>');
    const bytes = workbookWith([{ name: 'xl/sharedStrings.xml', data: bomb.data, declaredSize: bomb.size }]);
    const outcome = await read(bytes);
    expect(outcome).toMatchObject({ ok: false, code: 'string-too-long', status: 413, message: expect.stringContaining('32,767 characters') });
  });

  it('refuses shared strings past their count', async () => {
    const many = repeatedDeflate('<sst>', '<si><t>x</t></si>'.repeat(1000), 20, '</sst>');
    expect(await read(workbookWith([{ name: 'xl/sharedStrings.xml', data: many.data, declaredSize: many.size }]), { limits: { maxSharedStrings: 5000 } })).toMatchObject({
      ok: false,
      code: 'too-many-shared-strings',
    });
  });
});
