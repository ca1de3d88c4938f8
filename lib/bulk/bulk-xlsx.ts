import ExcelJS from 'exceljs';
import type { CsvColumn } from '@/lib/csv/csv';

/**
 * An XLSX workbook of one table, written with ExcelJS: the input it writes is our own, already
 * bounded, so the reasons the portal no longer reads uploads with it (lib/spreadsheet/xlsx-reader.ts)
 * do not apply here. Every cell is written as text or a number, never as a formula: ExcelJS writes
 * a string as a string cell even when it starts with "=", so register text such as a trading name
 * `=HYPERLINK(…)` stays text without the CSV's apostrophe. The header row is bold, frozen and
 * filterable, and each column is as wide as its header and its longest value in the first rows
 * (10 to 60 characters).
 */
export async function xlsxDocument<Row>(sheetName: string, columns: CsvColumn<Row>[], rows: Row[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'FSR Portal';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(columns.map((c) => c.header)).font = { bold: true };
  const widths = columns.map((c) => c.header.length);
  rows.forEach((row, r) => {
    sheet.addRow(
      columns.map((c, i) => {
        const v = c.value(row);
        const cell = v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : typeof v === 'number' ? v : String(v);
        if (r < 500) widths[i] = Math.max(widths[i], String(cell).length);
        return cell;
      }),
    );
  });
  widths.forEach((w, i) => {
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(10, w + 2));
  });
  if (columns.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, rows.length + 1), column: columns.length } };
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
