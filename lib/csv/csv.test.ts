import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { londonDate } from '@/lib/format/london-time';
import { csvDocument, csvFilename, csvResponse, neutraliseCell, startsFormulaAfterSeparator } from './csv';

const BOM = '\ufeff';

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `'=HYPERLINK("http://evil.example","Click")`],
    ['+44 20 7066 1000', `'+44 20 7066 1000`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
  ])('prefixes %j with an apostrophe', (value, expected) => {
    expect(neutraliseCell(value)).toBe(expected);
  });

  it('leaves ordinary text, inner formula characters and empty values alone', () => {
    expect(neutraliseCell('Kingsmere Network')).toBe('Kingsmere Network');
    expect(neutraliseCell('A = B')).toBe('A = B');
    expect(neutraliseCell("Zoë's Mortgage Café")).toBe("Zoë's Mortgage Café");
    expect(neutraliseCell(' =1')).toBe(' =1');
    expect(neutraliseCell(undefined)).toBe('');
    expect(neutraliseCell(null)).toBe('');
    expect(neutraliseCell('')).toBe('');
  });

  it('writes numbers and flags as text, a negative number included', () => {
    expect(neutraliseCell(42)).toBe('42');
    expect(neutraliseCell(-5)).toBe(`'-5`);
    expect(neutraliseCell(true)).toBe('Yes');
    expect(neutraliseCell(false)).toBe('No');
  });
});

describe('csvDocument', () => {
  const columns = [
    { header: 'Name', value: (r: { name: string; frn?: string }) => r.name },
    { header: 'FRN', value: (r: { name: string; frn?: string }) => r.frn },
  ];

  it('starts with a UTF-8 byte-order mark and ends records with CRLF', () => {
    const text = csvDocument(columns, [{ name: 'Albion', frn: '200200' }]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(text).toBe(`${BOM}Name,FRN\r\nAlbion,200200\r\n`);
  });

  it('quotes commas, quotes and line breaks so a parser reads back the same values', () => {
    const rows = [
      { name: 'Smith, Jones & Co', frn: '1' },
      { name: 'The "Best" Brokers', frn: '2' },
      { name: 'Line one\nline two', frn: undefined },
      { name: "Zoë's Mortgage Café", frn: '3' },
    ];
    const parsed = parse(csvDocument(columns, rows), { bom: true, columns: true, relax_column_count: false }) as Record<string, string>[];
    expect(parsed).toEqual([
      { Name: 'Smith, Jones & Co', FRN: '1' },
      { Name: 'The "Best" Brokers', FRN: '2' },
      { Name: 'Line one\nline two', FRN: '' },
      { Name: "Zoë's Mortgage Café", FRN: '3' },
    ]);
  });

  it('neutralises every dangerous prefix in data cells and headers alike', () => {
    const hostile = ['=1+1', '+1', '-1', '@A1', '\tx', '\rx'];
    const text = csvDocument([{ header: '=Header', value: (r: string) => r }], hostile);
    const parsed = parse(text, { bom: true }) as string[][];
    expect(parsed.map((r) => r[0])).toEqual(["'=Header", "'=1+1", "'+1", "'-1", "'@A1", "'\tx", "'\rx"]);
  });
});

describe('formulas after a separator', () => {
  const columns = [{ header: 'Name', value: (r: string) => r }];

  it.each([['Qux;=1+1'], ['Qux; =1+1'], ['Qux,=1+1'], ['Qux\t=1+1'], ['Qux|@SUM(A1)'], ['A;+44 20'], ['B;-2']])(
    'quotes %j so a reader splitting on its separator keeps one cell',
    (value) => {
      expect(startsFormulaAfterSeparator(value)).toBe(true);
      const text = csvDocument(columns, [value]);
      expect(text).toBe(`${BOM}Name\r\n"${value}"\r\n`);
      // Read back with the separator a semicolon (or tab) locale uses: still one cell, starting with a letter.
      for (const delimiter of [',', ';', '\t', '|']) {
        const parsed = parse(text, { bom: true, delimiter, relax_column_count: true }) as string[][];
        expect(parsed[1]).toEqual([value]);
      }
    },
  );

  it('leaves separators without a formula after them unquoted', () => {
    expect(startsFormulaAfterSeparator('Permissions; Deposits')).toBe(false);
    expect(startsFormulaAfterSeparator('A = B; C')).toBe(false);
    expect(csvDocument(columns, ['Permissions; Deposits'])).toBe(`${BOM}Name\r\nPermissions; Deposits\r\n`);
  });
});

describe('file names and the response', () => {
  it('names files by subject, reference, table and the UK date', () => {
    const at = new Date('2026-11-22T10:00:00Z');
    expect(csvFilename(['firm', '122702', 'permissions'], at)).toBe('firm-122702-permissions-2026-11-22.csv');
    expect(csvFilename(['firm', '200200', 'passports', 'ISLE OF MAN'], at)).toBe('firm-200200-passports-isle-of-man-2026-11-22.csv');
    expect(csvFilename(['search', 'firm', 'Zoë’s "café"/../x'], at)).toBe('search-firm-zoe-s-cafe-x-2026-11-22.csv');
  });

  it('dates the file by the day in London, not in UTC', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(londonDate(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(londonDate(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it('sends an attachment with its name, as UTF-8 CSV, never cached', async () => {
    const res = csvResponse(`${BOM}a\r\n`, 'firm-1-names-2026-11-22.csv');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="firm-1-names-2026-11-22.csv"; filename*=UTF-8''firm-1-names-2026-11-22.csv`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(new Uint8Array(await res.arrayBuffer()).subarray(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
