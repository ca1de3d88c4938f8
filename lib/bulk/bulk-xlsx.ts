import ExcelJS from 'exceljs';
import type { CsvColumn } from '@/lib/export/csv';

/**
 * An XLSX workbook of one table (ExcelJS, see bulk-upload.ts for why that library). Every cell is
 * written as text, never as a formula: ExcelJS writes a string as a string cell even when it
 * starts with "=", so register text such as a trading name `=HYPERLINK(…)` stays text without the
 * CSV's apostrophe. The header row is bold and frozen.
 */
export async function xlsxDocument<Row>(sheetName: string, columns: CsvColumn<Row>[], rows: Row[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'FSR Portal';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(columns.map((c) => c.header)).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      columns.map((c) => {
        const v = c.value(row);
        if (v === null || v === undefined) return '';
        if (typeof v === 'boolean') return v ? 'Yes' : 'No';
        return typeof v === 'number' ? v : String(v);
      }),
    );
  }
  columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(10, c.header.length + 2));
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

/** The download: an XLSX body with its file name, never cached. */
export function xlsxResponse(body: Uint8Array, filename: string): Response {
  return new Response(body as unknown as BodyInit, {
    status: 200,
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
