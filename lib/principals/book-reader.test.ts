import { describe, expect, it } from 'vitest';
import { readNow } from '@/lib/spreadsheet/read-now';
import { buildXlsx } from '@/lib/spreadsheet/test-support/xlsx-builder';
import { bookHeaderRole, readBookDate, readBookFile } from './book-reader';

const csv = (text: string) => ({ name: 'book.csv', bytes: new TextEncoder().encode(text) });

describe('reading an AR book', () => {
  it('finds the header below a title, reads each role, and keeps the principal’s own columns', async () => {
    const result = await readBookFile(
      csv(
        'Kingsmere AR register,,,,,,\n\nAR FRN,AR Name,Type,Date appointed,Date terminated,Tied agent,Adviser code,Notes\n100001,Harbourside Ltd,Full,15/05/2019,,No,HB-1,ok\n100002,Quay Introducers,Introducer,2020-02-01,31/12/2024,yes,QI-9,\n',
      ),
      readNow,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.refused).toEqual([]);
    expect(result.rows).toEqual([
      {
        row: 4,
        arFrn: '100001',
        name: 'Harbourside Ltd',
        type: 'Full',
        appointed: '2019-05-15',
        terminated: null,
        tiedAgent: false,
        eeaTiedAgent: null,
        extra: { 'Adviser code': 'HB-1', Notes: 'ok' },
      },
      {
        row: 5,
        arFrn: '100002',
        name: 'Quay Introducers',
        type: 'Introducer',
        appointed: '2020-02-01',
        terminated: '2024-12-31',
        tiedAgent: true,
        eeaTiedAgent: null,
        extra: { 'Adviser code': 'QI-9' },
      },
    ]);
    expect(result.columns.filter((c) => c.role === null).map((c) => c.header)).toEqual(['Adviser code', 'Notes']);
  });

  it('refuses a row with an unreadable date by number, naming the cell, and keeps the others', async () => {
    const result = await readBookFile(csv('AR FRN,Name,Appointed,Terminated\n100001,A Ltd,next week,\n100002,B Ltd,31/02/2020,\n100003,C Ltd,01/03/2020,\nabc,D Ltd,,\n'), readNow);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((r) => r.arFrn)).toEqual(['100003']);
    expect(result.refused).toEqual([
      { row: 2, message: 'Row 2: C2: "next week" is not a date (write it as 31/12/2025 or 2025-12-31).' },
      { row: 3, message: 'Row 3: C3: "31/02/2020" is not a date (write it as 31/12/2025 or 2025-12-31).' },
      { row: 5, message: 'Row 5: A5: "abc" is not an FRN (6 or 7 digits).' },
    ]);
  });

  it('refuses a book over the row limit with the limit named, and one without an FRN column', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `${100000 + i},Firm ${i} Ltd,Full,01/01/2020,`).join('\n');
    const big = await readBookFile(csv(`AR FRN,Name,Type,Appointed,Terminated\n${rows}\n`), readNow);
    expect(big).toEqual({ ok: false, status: 413, message: '"book.csv" has more than 5,000 rows; a book may have at most 5,000.' });
    const none = await readBookFile(csv('Name,Town\nA Ltd,Leeds\n'), readNow);
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.message).toMatch(/No column of AR FRNs was found/);
  });

  it('reads an XLSX book, dates as spreadsheet dates', async () => {
    const bytes = new Uint8Array(
      buildXlsx([
        {
          name: 'ARs',
          rows: [
            ['FRN', 'Appointed representative name', 'AR type', 'Effective date'],
            ['100001', 'A Ltd', 'Full', new Date(Date.UTC(2019, 4, 15))],
          ],
        },
      ]),
    );
    const result = await readBookFile({ name: 'book.xlsx', bytes }, readNow);
    expect(result.ok && result.rows).toEqual([
      { row: 2, arFrn: '100001', name: 'A Ltd', type: 'Full', appointed: '2019-05-15', terminated: null, tiedAgent: null, eeaTiedAgent: null, extra: {} },
    ]);
  });

  it('knows the usual headers and date forms', () => {
    expect(['AR FRN', 'Principal FRN', 'Tied Agent', 'EEA tied agent', 'Termination date', 'Start date', 'Appointed Representative Name'].map(bookHeaderRole)).toEqual([
      'arFrn',
      undefined,
      'tiedAgent',
      'eeaTiedAgent',
      'terminated',
      'appointed',
      'name',
    ]);
    expect(['2019-05-15', '15/05/2019', '15.05.2019', '15 May 2019', '15-May-2019', '', '2019-13-01'].map(readBookDate)).toEqual([
      '2019-05-15',
      '2019-05-15',
      '2019-05-15',
      '2019-05-15',
      '2019-05-15',
      null,
      undefined,
    ]);
  });
});
