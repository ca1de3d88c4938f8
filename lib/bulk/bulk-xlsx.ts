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
export async function xlsxDocument<Row>(sheetName: string, columns: CsvColumn<Row>[], rows: Row[], options: { at?: Date } = {}): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'FSR Portal';
  if (options.at) {
    workbook.created = options.at;
    workbook.modified = options.at;
  }
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
  const buffer = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  return options.at ? withZipTimes(buffer, options.at) : buffer;
}

/**
 * The same bytes for the same data: a workbook is a zip whose every entry carries the time it was
 * written (ExcelJS's zip writer gives none of its own), so a file made twice from the same rows
 * differs in those fields alone. This sets every entry's time, in the central directory and in its
 * local header, to `at` (the MS-DOS date and time a zip keeps, in UTC, to two seconds), and the
 * workbook's own created and modified times are `at` too: given the same rows and `at`, the file
 * is byte for byte the same, so its SHA-256 is reproducible. A body that is not a zip this code
 * understands is returned unchanged.
 */
export function withZipTimes(zip: Uint8Array, at: Date): Uint8Array {
  const out = new Uint8Array(zip);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const date = (Math.max(0, at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  // The end of central directory record: 22 bytes plus a comment of at most 65,535, at the end.
  let end = -1;
  for (let i = out.length - 22; i >= Math.max(0, out.length - 22 - 0xffff); i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return zip;
  const entries = view.getUint16(end + 10, true);
  let at0 = view.getUint32(end + 16, true);
  for (let n = 0; n < entries; n += 1) {
    if (at0 + 46 > out.length || view.getUint32(at0, true) !== 0x02014b50) return zip;
    view.setUint16(at0 + 12, time, true);
    view.setUint16(at0 + 14, date, true);
    const local = view.getUint32(at0 + 42, true);
    if (local + 30 > out.length || view.getUint32(local, true) !== 0x04034b50) return zip;
    view.setUint16(local + 10, time, true);
    view.setUint16(local + 12, date, true);
    at0 += 46 + view.getUint16(at0 + 28, true) + view.getUint16(at0 + 30, true) + view.getUint16(at0 + 32, true);
  }
  return out;
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
