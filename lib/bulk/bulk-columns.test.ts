import { describe, expect, it } from 'vitest';
import { readNow } from '@/lib/spreadsheet/read-now';
import { DEFAULT_SPREADSHEET_LIMITS, type ReadRequest } from '@/lib/spreadsheet/spreadsheet-types';
import { buildXlsx, type BuiltSheet } from '@/lib/spreadsheet/test-support/xlsx-builder';
import { DEFAULT_BULK_SETTINGS } from './bulk-config';
import { headerRole, layoutTable, readInputTable } from './bulk-columns';
import { layoutChoicesFrom, readUpload, type UploadResult } from './bulk-upload';

/** Reads an upload in this thread (the worker runs the same reader; its bounds are tested in lib/spreadsheet). */
const inPlace = (request: ReadRequest) => readNow(request);

async function upload(sheets: BuiltSheet[], choices: Parameters<typeof readUpload>[2] = {}): Promise<UploadResult> {
  return readUpload({ file: { bytes: buildXlsx(sheets), name: 'panel.xlsx' } }, DEFAULT_BULK_SETTINGS, choices, inPlace);
}

async function ok(sheets: BuiltSheet[], choices: Parameters<typeof readUpload>[2] = {}) {
  const result = await upload(sheets, choices);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
}

describe('finding the header row', () => {
  it('finds it below a merged title, a note and blank rows, and reads only the rows under it', async () => {
    const result = await ok([
      {
        name: 'Panel',
        rows: [
          ['Quarterly KYC review: client panel'],
          [],
          ['Prepared by Compliance, 1 July'],
          [],
          ['Client ID', 'Firm name', 'FRN', 'Postcode'],
          ['C-1001', 'Albion Crown Bank plc', 200200, 'EC2N 4BQ'],
          ['C-1002', 'Quayside Payments Ltd', null, 'ec2n4bq'],
        ],
        merges: ['A1:D1'],
      },
    ]);
    expect(result.layout.header).toEqual({ number: 5, how: 'found' });
    expect(result.layout.skippedAbove).toBe(2);
    expect(result.layout.columns.map((c) => [c.letter, c.header, c.role])).toEqual([
      ['A', 'Client ID', null],
      ['B', 'Firm name', 'name'],
      ['C', 'FRN', 'ref'],
      ['D', 'Postcode', 'postcode'],
    ]);
    // The title is never a row to check, and the header never searched as a name. A reference row
    // keeps its name and postcode, to be checked against the record's names (lib/matching).
    expect(result.rows.map((r) => [r.rowNo, r.sourceRow, r.kind, r.ref ?? r.name, r.postcode])).toEqual([
      [1, 6, 'firm', '200200', 'EC2N 4BQ'],
      [2, 7, 'name', 'Quayside Payments Ltd', 'EC2N 4BQ'],
    ]);
  });

  it('recognises the forms people write headers in, and never takes data for a header', () => {
    expect(['FRN', 'FCA FRN', 'Firm Reference Number', 'Ref.', 'PRN'].map(headerRole)).toEqual(['ref', 'ref', 'ref', 'ref', 'ref']);
    expect(['Name', 'Client name', 'Legal Name', 'Company'].map(headerRole)).toEqual(['name', 'name', 'name', 'name']);
    expect(['Companies House No.', 'Company registration number', 'Post code', 'Entity type'].map(headerRole)).toEqual(['ch', 'ch', 'postcode', 'type']);
    expect(['Client ID', 'First name', 'Notes', 'Client reference', 'A very long title naming the firm reference numbers we hold'].map(headerRole)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // "firm" is a header word and a type word: a row holding a reference number is data.
    expect(
      readInputTable([
        ['200200', 'firm'],
        ['BKS00001', 'individual'],
      ]).map((r) => [r.kind, r.ref]),
    ).toEqual([
      ['firm', '200200'],
      ['individual', 'BKS00001'],
    ]);
  });

  it('asks for the header row when it cannot be found and the rows make no sense without one, and reads the one chosen', async () => {
    const sheets: BuiltSheet[] = [
      {
        name: 'Panel',
        rows: [['Our panel'], ['Client', 'Regulator number', 'Where'], ['C-1001', 200200, 'London'], ['C-1002', 300300, 'Leeds'], ['C-1003', 122702, 'York']],
      },
    ];
    const asked = await upload(sheets);
    expect(asked).toMatchObject({ ok: false, status: 422, code: 'header-needed', message: expect.stringContaining('Choose the header row') });
    const layout = !asked.ok ? asked.layout! : undefined;
    expect(layout?.headerChoices.map((h) => h.number)).toEqual([1, 2, 3, 4, 5]);
    expect(layout?.headerChoices[1].text).toBe('Client | Regulator number | Where');

    const chosen = await ok(sheets, { header: 2, columns: { ref: 1 } });
    expect(chosen.layout.header).toEqual({ number: 2, how: 'chosen' });
    expect(chosen.rows.map((r) => [r.kind, r.ref, r.userCells])).toEqual([
      ['firm', '200200', ['C-1001', 'London']],
      ['firm', '300300', ['C-1002', 'Leeds']],
      ['firm', '122702', ['C-1003', 'York']],
    ]);
    expect(chosen.layout.userColumns).toEqual([
      { index: 0, header: 'Client' },
      { index: 2, header: 'Where' },
    ]);
  });

  it('reads a headerless single column by shape, as pasted lists always were', () => {
    const rows = readInputTable([['200200'], ['Albion Crown Bank plc'], ['PRN 800800']]);
    expect(rows.map((r) => [r.kind, r.ref ?? r.name])).toEqual([
      ['firm', '200200'],
      ['name', 'Albion Crown Bank plc'],
      ['fund', '800800'],
    ]);
  });
});

describe('choosing the sheet', () => {
  const book: BuiltSheet[] = [
    { name: 'Notes', rows: [] },
    {
      name: 'Firms',
      rows: [
        ['Reference', 'Client ID'],
        [200200, 'C-1'],
      ],
    },
    {
      name: 'Funds',
      rows: [
        ['PRN', 'Client ID'],
        [800800, 'C-2'],
      ],
    },
  ];

  it('reads the first sheet with data, says which sheets have data, and reads another when chosen', async () => {
    const first = await ok(book);
    expect(first.layout.sheet).toBe('Firms');
    expect(first.layout.sheets.map((s) => [s.name, s.hasData])).toEqual([
      ['Notes', false],
      ['Firms', true],
      ['Funds', true],
    ]);
    expect(first.rows[0]).toMatchObject({ kind: 'firm', ref: '200200', userCells: ['C-1'] });
    const funds = await ok(book, { sheet: 'Funds' });
    expect(funds.layout.sheet).toBe('Funds');
    // A PRN header makes bare digits product reference numbers.
    expect(funds.rows[0]).toMatchObject({ kind: 'fund', ref: '800800', userCells: ['C-2'] });
    expect(await upload(book, { sheet: 'Other' })).toMatchObject({ ok: false, status: 422, message: expect.stringContaining('no sheet called "Other"') });
  });

  it('reads a workbook of 20 sheets without losing any: each is listed and can be chosen', async () => {
    const sheets = Array.from({ length: 20 }, (_, i) => ({
      name: `Region ${i + 1}`,
      rows: [
        ['FRN', 'Region'],
        [100000 + i, `R${i + 1}`],
      ],
    }));
    const result = await ok(sheets);
    expect(result.layout.sheets).toHaveLength(20);
    expect((await ok(sheets, { sheet: 'Region 20' })).rows[0]).toMatchObject({ ref: '100019', userCells: ['R20'] });
  });
});

describe('correcting the columns', () => {
  const sheet: BuiltSheet = {
    name: 'Panel',
    rows: [
      ['Ref', 'Counterparty', 'Company number', 'Notes'],
      ['C-1001', 'Albion Crown Bank plc', '01234567', 'annual'],
      ['C-1002', 'Quayside Payments Ltd', 'SC123456', ''],
      ['C-1003', 'Castlegate Securities Limited', '', 'new'],
    ],
  };

  it('warns when the reference column is mostly text that is not a reference, and keeps every row', async () => {
    const read = await ok([sheet]);
    expect(read.layout.columns.find((c) => c.role === 'ref')?.letter).toBe('A');
    expect(read.layout.notes.join(' ')).toContain('Most values in column A, read as the reference, are not reference numbers');
    expect(read.rows).toHaveLength(3);
    expect(read.rows.every((r) => r.kind === 'invalid' && /not a reference number/.test(r.message ?? ''))).toBe(true);
  });

  it('reads the columns as the person maps them: the client reference kept as their own, the name checked', async () => {
    const fixed = await ok([sheet], { columns: { ref: 'none', name: 1 } });
    expect(fixed.layout.columns.map((c) => c.role)).toEqual([null, 'name', 'ch', null]);
    expect(fixed.layout.userColumns.map((c) => c.header)).toEqual(['Ref', 'Notes']);
    expect(fixed.rows.map((r) => [r.kind, r.name, r.chNumber, r.userCells, r.input])).toEqual([
      ['name', 'Albion Crown Bank plc', '01234567', ['C-1001', 'annual'], 'Albion Crown Bank plc | 01234567'],
      ['name', 'Quayside Payments Ltd', 'SC123456', ['C-1002', ''], 'Quayside Payments Ltd | SC123456'],
      ['name', 'Castlegate Securities Limited', undefined, ['C-1003', 'new'], 'Castlegate Securities Limited'],
    ]);
  });

  it('reads the form fields of a correction, and refuses impossible ones by field', () => {
    const form = new Map<string, string>([
      ['sheet', 'Funds'],
      ['header', '3'],
      ['column-ref', 'none'],
      ['column-name', '2'],
      ['column-type', 'auto'],
    ]);
    expect(layoutChoicesFrom(form)).toEqual({ ok: true, choices: { sheet: 'Funds', header: 3, columns: { ref: 'none', name: 2 } } });
    expect(layoutChoicesFrom(new Map([['header', 'first']]))).toMatchObject({ ok: false, field: 'header' });
    expect(layoutChoicesFrom(new Map([['column-postcode', '-1']]))).toMatchObject({ ok: false, field: 'column-postcode' });
  });

  it('keeps text in the reference column beside a name, checking the row by its name', () => {
    const rows = readInputTable([
      ['FRN', 'Name'],
      ['tbc', 'Albion Crown Bank plc'],
    ]);
    expect(rows[0]).toMatchObject({ kind: 'name', name: 'Albion Crown Bank plc', message: expect.stringContaining('"tbc" in the reference column is not a reference number') });
  });
});

describe('formulas', () => {
  it('reads a formula by its saved value, and says in the row when a formula has none', async () => {
    const result = await ok([
      {
        name: 'Panel',
        rows: [
          ['FRN', 'Name', 'Client ID'],
          [{ formula: 'VALUE("200200")', value: 200200 }, null, 'C-1'],
          [{ formula: 'VLOOKUP(C3,Lookup!A:B,2,FALSE)' }, null, 'C-2'],
          [{ formula: 'B1' }, 'Quayside Payments Ltd', { formula: '"C-"&ROW()' }],
        ],
      },
    ]);
    expect(result.rows[0]).toMatchObject({ kind: 'firm', ref: '200200', userCells: ['C-1'] });
    expect(result.rows[1]).toMatchObject({
      kind: 'invalid',
      userCells: ['C-2'],
      message: expect.stringContaining('Cell A3 holds a formula (=VLOOKUP(C3,Lookup!A:B,2,FALSE)) with no saved value'),
    });
    expect(result.rows[2]).toMatchObject({ kind: 'name', name: 'Quayside Payments Ltd', userCells: [''] });
    expect(result.rows[2].message).toContain('Cell A4 holds a formula (=B1)');
    expect(result.rows[2].message).toContain('Cell C4 holds a formula (="C-"&ROW())');
    expect(result.layout.notes.join(' ')).toContain('3 formula cells have no saved value');
  });
});

describe('the bulk form reading through the bounded reader', () => {
  it('refuses a workbook over the row limit before reading its rows, in words', async () => {
    const rows = [['FRN'], ...Array.from({ length: 40 }, (_, i) => [100000 + i])];
    const result = await readUpload({ file: { bytes: buildXlsx([{ name: 'S', rows }]), name: 'big.xlsx' } }, { ...DEFAULT_BULK_SETTINGS, maxRows: 10 }, {}, inPlace);
    expect(result).toMatchObject({ ok: false, status: 413, message: 'The input has more than 10 rows; a bulk check takes at most 10. Split it into several checks.' });
  });

  it('lays out a CSV with its line numbers and the user columns', () => {
    const table = layoutTable({
      format: 'csv',
      sheets: [{ name: 'CSV', index: 0, hidden: false, hasData: true }],
      sheet: 0,
      rows: [
        { number: 1, cells: ['Client ID', 'FRN'] },
        { number: 3, cells: ['C-9', '0730427 '] },
      ],
      filledMerges: 0,
      stats: { inflatedBytes: 0, ms: 0 },
    });
    expect(table.rows).toEqual([{ rowNo: 1, sourceRow: 3, input: '0730427', kind: 'firm', ref: '730427', userCells: ['C-9'] }]);
    expect(DEFAULT_SPREADSHEET_LIMITS.maxStringLength).toBe(32_767);
  });
});
