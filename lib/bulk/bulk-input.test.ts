import { describe, expect, it } from 'vitest';
import { readDelimited } from '@/lib/spreadsheet/csv-reader';
import { DEFAULT_SPREADSHEET_LIMITS } from '@/lib/spreadsheet/spreadsheet-types';
import { cellText, normaliseCompanyNumber, normalisePostcode, parseReference } from './bulk-input';
import { readInputTable } from './bulk-columns';
import { estimateBulk } from './bulk-estimate';

describe('reading a reference through spreadsheet artefacts', () => {
  it('cleans spaces, quotes, apostrophes, decimal and scientific forms and leading zeros', () => {
    expect(parseReference('"0730427 "')).toEqual({ kind: 'firm', ref: '730427' });
    expect(parseReference('0730427 ')).toEqual({ kind: 'firm', ref: '730427' });
    expect(parseReference("'0730427")).toEqual({ kind: 'firm', ref: '730427' });
    expect(parseReference('730427.0')).toEqual({ kind: 'firm', ref: '730427' });
    expect(parseReference('7.30427E+5')).toEqual({ kind: 'firm', ref: '730427' });
    expect(parseReference('\u00a0730427\u200b')).toEqual({ kind: 'firm', ref: '730427' });
    expect(parseReference('FRN: 122702')).toEqual({ kind: 'firm', ref: '122702' });
    expect(parseReference('prn 800800')).toEqual({ kind: 'fund', ref: '800800' });
    expect(parseReference('800800', 'fund')).toEqual({ kind: 'fund', ref: '800800' });
    expect(parseReference(' bks00001 ')).toEqual({ kind: 'individual', ref: 'BKS00001' });
    expect(cellText(730427)).toBe('730427');
  });

  it('reports an impossible number in words and never takes it for a name', () => {
    expect(parseReference('12345678')).toMatchObject({ kind: 'invalid', message: expect.stringContaining('8 digits') });
    expect(parseReference('730427.5')).toMatchObject({ kind: 'invalid', message: expect.stringContaining('decimal') });
    expect(parseReference('0000')).toMatchObject({ kind: 'invalid', message: expect.stringContaining('zero') });
    expect(parseReference('73O427')).toMatchObject({ kind: 'invalid' });
    expect(parseReference('ABC1234')).toMatchObject({ kind: 'invalid' });
    expect(parseReference('FRN ABC')).toMatchObject({ kind: 'invalid' });
    expect(parseReference('Albion Crown Bank plc')).toEqual({ kind: 'not-a-reference' });
  });

  it('normalises postcodes and Companies House numbers', () => {
    expect(normalisePostcode('ec2n4bq')).toBe('EC2N 4BQ');
    expect(normalisePostcode('not a postcode')).toBeUndefined();
    expect(normaliseCompanyNumber('1234567')).toBe('01234567');
    expect(normaliseCompanyNumber('sc123456')).toBe('SC123456');
    expect(normaliseCompanyNumber('ABC')).toBeUndefined();
  });
});

/** Pasted text split as the bulk form splits it (the bounded reader's delimited text). */
function parseDelimitedText(text: string): string[][] {
  return readDelimited(new TextEncoder().encode(text), { label: 'The pasted text', limits: DEFAULT_SPREADSHEET_LIMITS }).rows.map((r) =>
    r.cells.map((c) => (c === null ? '' : String(c))),
  );
}

describe('reading an input table', () => {
  // Blank rows are not rows of the input (they were kept as "The row is empty" before the bounded
  // reader, which leaves them out of every format alike): the rows after one are numbered on.
  it('keeps every row in order, folds duplicates and reports impossible rows in place', () => {
    const rows = readInputTable([
      ['Reference', 'Type', 'Postcode'],
      ['0730427 '],
      ['730427.0'],
      ['BKS00001'],
      ['800800', 'fund'],
      ['Albion Crown Bank plc', '', 'ec2n 4bq'],
      ['99999999'],
      [''],
      ['edward thornton', 'individual'],
    ]);
    expect(rows.map((r) => [r.rowNo, r.kind, r.ref ?? r.name, r.duplicateOf])).toEqual([
      [1, 'firm', '730427', undefined],
      [2, 'firm', '730427', 1],
      [3, 'individual', 'BKS00001', undefined],
      [4, 'fund', '800800', undefined],
      [5, 'name', 'Albion Crown Bank plc', undefined],
      [6, 'invalid', undefined, undefined],
      [7, 'name', 'edward thornton', undefined],
    ]);
    expect(rows[4]).toMatchObject({ entity: 'firm', postcode: 'EC2N 4BQ' });
    expect(rows[5].message).toContain('8 digits');
    expect(rows.map((r) => r.sourceRow)).toEqual([2, 3, 4, 5, 6, 7, 9]);
    expect(rows[6].entity).toBe('individual');
  });

  it('reads a headerless paste by shape, a PRN column by its header, and a listed name with its postcode', () => {
    const pasted = readInputTable(parseDelimitedText('200200\nQuayside Payments Ltd\tEC2N 4BQ\n'));
    expect(pasted.map((r) => r.kind)).toEqual(['firm', 'name']);
    expect(pasted[1].postcode).toBe('EC2N 4BQ');
    expect(readInputTable([['PRN'], ['800800']])[0]).toMatchObject({ kind: 'fund', ref: '800800' });
    expect(readInputTable([['Name'], ['Acme Ltd (Postcode: SW1A 1AA)']])[0]).toMatchObject({ kind: 'name', name: 'Acme Ltd', postcode: 'SW1A 1AA' });
  });

  it('refuses a type that contradicts the reference and a name the register cannot search', () => {
    const rows = readInputTable([
      ['Reference', 'Type'],
      ['BKS00001', 'firm'],
      ['Acme * Ltd', ''],
    ]);
    expect(rows[0]).toMatchObject({ kind: 'invalid', message: expect.stringContaining('type says firm') });
    expect(rows[1]).toMatchObject({ kind: 'invalid', message: expect.stringContaining('cannot be searched') });
  });

  it('splits pasted text on the delimiter its first line uses', () => {
    expect(parseDelimitedText('a;b\nc;d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseDelimitedText('a\tb\n')).toEqual([['a', 'b']]);
  });
});

describe('reading what screening needs', () => {
  it('keeps a name beside a reference, to check one against the other, and reads part of a postcode in a postcode column', () => {
    const rows = readInputTable([
      ['Reference', 'Name', 'Postcode'],
      ['200200', 'Kingsmere Mortgage Network Limited', ''],
      ['200200', 'Albion Crown Bank plc', ''],
      ['200200', 'albion crown bank PLC', ''],
      ['', 'Oakwood Financial Services Ltd', 'S1'],
    ]);
    expect(rows.map((r) => [r.kind, r.ref, r.name, r.postcode, r.duplicateOf])).toEqual([
      ['firm', '200200', 'Kingsmere Mortgage Network Limited', undefined, undefined],
      ['firm', '200200', 'Albion Crown Bank plc', undefined, undefined],
      // The same number and the same name once folded: checked once.
      ['firm', '200200', 'albion crown bank PLC', undefined, 2],
      ['name', undefined, 'Oakwood Financial Services Ltd', 'S1', undefined],
    ]);
  });
});

describe('estimating a bulk check', () => {
  it("counts requests per row and the time at bulk work's share of the budget", () => {
    const rows = readInputTable([['200200'], ['200200'], ['300300'], ['Albion Crown Bank plc'], ['BKS00001'], ['123456789']]);
    const status = estimateBulk(rows, 0, { share: 40, windowSeconds: 10 });
    expect(status).toMatchObject({ rows: 6, toCheck: 4, invalid: 1, duplicates: 1, names: 1, minRequests: 13, maxRequests: 18, minSeconds: 0 });
    const sections = estimateBulk(rows, 2, { share: 40, windowSeconds: 10 });
    expect(sections).toMatchObject({ minRequests: 19, maxRequests: 24 });
    const big = estimateBulk(readInputTable(Array.from({ length: 1000 }, (_, i) => [String(100000 + i)])), 0, { share: 40, windowSeconds: 10 });
    // Each firm: its record, requirements and disciplinary history (its standing).
    expect(big).toMatchObject({ minRequests: 3000, minSeconds: 740 });
  });
});
