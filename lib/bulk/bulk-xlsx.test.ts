import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CsvColumn } from '@/lib/csv/csv';
import { withZipTimes, xlsxDocument } from './bulk-xlsx';

type Row = { frn: string; name: string; from: string };
const COLUMNS: CsvColumn<Row>[] = [
  { header: 'AR FRN', value: (r) => r.frn },
  { header: 'Name', value: (r) => r.name },
  { header: 'From', value: (r) => r.from },
];
const ROWS: Row[] = [
  { frn: '700101', name: 'Harbour Lane Advisers Ltd', from: '2025-01-06' },
  { frn: '700102', name: '=HYPERLINK("x")', from: '2025-03-31' },
];
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('an XLSX made twice from the same rows', () => {
  afterEach(() => vi.useRealTimers());

  async function madeAt(clock: string, options: { at?: Date } = {}): Promise<Uint8Array> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(clock));
    try {
      return await xlsxDocument('AR return', COLUMNS, ROWS, options);
    } finally {
      vi.useRealTimers();
    }
  }

  it('differs when written at two times without a date of its own (the zip keeps each time)', async () => {
    expect(sha(await madeAt('2026-11-28T10:00:00Z'))).not.toBe(sha(await madeAt('2026-11-28T10:00:07Z')));
  });

  it('is byte for byte the same, written at two times, when dated by the reading it comes from', async () => {
    const at = new Date('2026-11-27T02:03:04Z');
    const first = await madeAt('2026-11-28T10:00:00Z', { at });
    const second = await madeAt('2026-12-01T17:45:31Z', { at });
    expect(sha(second)).toBe(sha(first));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(first) as unknown as ExcelJS.Buffer);
    expect(workbook.created.toISOString()).toBe('2026-11-27T02:03:04.000Z');
    const sheet = workbook.getWorksheet('AR return');
    expect(sheet?.getRow(3).values).toEqual([undefined, '700102', '=HYPERLINK("x")', '2025-03-31']);
  });

  it('leaves a body that is not a zip as it is', () => {
    const notZip = new TextEncoder().encode('AR FRN,Name\n700101,Harbour\n');
    expect(withZipTimes(notZip, new Date())).toBe(notZip);
  });
});
