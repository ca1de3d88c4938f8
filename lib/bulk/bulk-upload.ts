import ExcelJS from 'exceljs';
import type { BulkSettings } from './bulk-config';
import { parseDelimitedText, readInputTable, type BulkInputRow, type Cell } from './bulk-input';

/**
 * A bulk check's input as it arrives: pasted text, or an uploaded CSV or XLSX file. Sizes are
 * checked before anything is parsed, and the row count before any row is judged, each with a
 * message that says the limit and what to do.
 *
 * XLSX is read with ExcelJS (the `exceljs` package), not the npm `xlsx` package: `xlsx` on npm is
 * frozen at 0.18.5 with two known vulnerabilities in its read path (prototype pollution,
 * CVE-2023-30533, and a regular-expression denial of service, CVE-2024-22363), and SheetJS
 * publishes its fixed builds only from its own CDN, which the portal's installs cannot use. ExcelJS
 * reads and writes XLSX in plain JavaScript, has no known advisory, and its `engines` accept
 * Node 20. Only the first worksheet is read; formulas count by their cached result, and rich
 * text and hyperlinks by their text.
 */

export type UploadSource = 'paste' | 'csv' | 'xlsx';

export type UploadResult = { ok: true; source: UploadSource; filename: string | null; rows: BulkInputRow[] } | { ok: false; message: string; status: 400 | 413 | 415 };

export interface UploadInput {
  /** Pasted text. */
  text?: string;
  /** An uploaded file's bytes and name. */
  file?: { bytes: Uint8Array; name: string };
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function tooLarge(size: number, settings: BulkSettings, what: string): UploadResult {
  return { ok: false, status: 413, message: `The ${what} is ${mib(size)}; a bulk check takes at most ${mib(settings.maxUploadBytes)}. Split it into smaller files.` };
}

function tooManyRows(rows: number, settings: BulkSettings): UploadResult {
  return {
    ok: false,
    status: 413,
    message: `The input has ${rows.toLocaleString('en-GB')} rows; a bulk check takes at most ${settings.maxRows.toLocaleString('en-GB')}. Split it into several checks.`,
  };
}

/** The text of an ExcelJS cell value (formula results, rich text, hyperlinks and errors included). */
export function excelCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return excelCell((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('hyperlink' in value) return (value as ExcelJS.CellHyperlinkValue).text;
    if ('error' in value) return String((value as ExcelJS.CellErrorValue).error);
  }
  return String(value);
}

async function readXlsx(bytes: Uint8Array, settings: BulkSettings): Promise<Cell[][] | UploadResult> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  } catch {
    return { ok: false, status: 400, message: 'The file could not be read as an XLSX workbook. Save it from your spreadsheet as .xlsx or .csv and upload it again.' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, status: 400, message: 'The workbook has no worksheet.' };
  if (sheet.rowCount > settings.maxRows + 1) return tooManyRows(sheet.rowCount - 1, settings);
  const table: Cell[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells: Cell[] = [];
    for (let c = 1; c <= Math.min(row.cellCount, 50); c += 1) cells.push(excelCell(row.getCell(c).value));
    table.push(cells);
  }
  return table;
}

function delimited(text: string, filename: string | null): Cell[][] | UploadResult {
  try {
    return parseDelimitedText(text);
  } catch (error) {
    const where = error instanceof Error && /line (\d+)/i.exec(error.message);
    return {
      ok: false,
      status: 400,
      message: `${filename ? `"${filename}"` : 'The pasted text'} is not valid CSV${where ? ` (line ${where[1]})` : ''}: check for a quote (") that is opened and never closed.`,
    };
  }
}

/** Reads pasted text or a file into numbered, validated rows. */
export async function readUpload(input: UploadInput, settings: BulkSettings): Promise<UploadResult> {
  let table: Cell[][];
  let source: UploadSource;
  let filename: string | null = null;
  if (input.file && input.file.bytes.byteLength > 0) {
    const { bytes, name } = input.file;
    filename = name.replace(/[^\w .()-]+/g, '_').slice(0, 200);
    if (bytes.byteLength > settings.maxUploadBytes) return tooLarge(bytes.byteLength, settings, 'file');
    const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
    if (/\.xlsx$/i.test(name) || isZip) {
      if (!isZip) return { ok: false, status: 415, message: `"${filename}" is named .xlsx but is not an XLSX workbook.` };
      const read = await readXlsx(bytes, settings);
      if (!Array.isArray(read)) return read;
      table = read;
      source = 'xlsx';
    } else if (/\.(xls|xlsm|xlsb|ods|numbers)$/i.test(name)) {
      return { ok: false, status: 415, message: `"${filename}" is not a format the portal reads: save it as .xlsx or .csv.` };
    } else {
      const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
      if (text.includes('\u0000')) return { ok: false, status: 415, message: `"${filename}" is not a text (CSV) file or an XLSX workbook.` };
      const parsed = delimited(text, filename);
      if (!Array.isArray(parsed)) return parsed;
      table = parsed;
      source = 'csv';
    }
  } else if (input.text && input.text.trim() !== '') {
    const size = new TextEncoder().encode(input.text).byteLength;
    if (size > settings.maxUploadBytes) return tooLarge(size, settings, 'pasted text');
    const parsed = delimited(input.text, null);
    if (!Array.isArray(parsed)) return parsed;
    table = parsed;
    source = 'paste';
  } else {
    return { ok: false, status: 400, message: 'Paste some rows or choose a CSV or XLSX file.' };
  }
  const rows = readInputTable(table);
  if (rows.length === 0) return { ok: false, status: 400, message: 'The input has no rows to check.' };
  if (rows.length > settings.maxRows) return tooManyRows(rows.length, settings);
  return { ok: true, source, filename, rows };
}
