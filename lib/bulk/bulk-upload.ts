import { HEADER_SEARCH_ROWS } from '@/lib/spreadsheet/header-row';
import { readSpreadsheet } from '@/lib/spreadsheet/read-spreadsheet';
import { DEFAULT_SPREADSHEET_LIMITS, type ReadOutcome, type ReadRequest, type SpreadsheetLimits } from '@/lib/spreadsheet/spreadsheet-types';
import type { BulkSettings } from './bulk-config';
import type { BulkInputRow } from './bulk-input';
import { type InputLayout, type LayoutChoices, layoutTable } from './bulk-columns';
import { type ColumnRole, ROLES } from './bulk-roles';

/**
 * A bulk check's input as it arrives: pasted text, or an uploaded CSV or XLSX file. The file is
 * read by the bounded reader (lib/spreadsheet) in a worker thread, with every limit counted while
 * it is read (bytes inflated, rows, cells, columns, string lengths, shared strings) and each
 * refusal worded for people; then bulk-columns.ts lays it out (sheet, header row, columns, the
 * person's own columns) as found or as the person corrected it, and the data rows are read.
 */

export type UploadSource = 'paste' | 'csv' | 'xlsx';

export type UploadResult =
  | { ok: true; source: UploadSource; filename: string | null; rows: BulkInputRow[]; layout: InputLayout }
  | { ok: false; message: string; status: 400 | 413 | 415 | 422 | 503; code?: string; layout?: InputLayout };

export interface UploadInput {
  /** Pasted text. */
  text?: string;
  /** An uploaded file's bytes and name. */
  file?: { bytes: Uint8Array; name: string };
}

/** The reader's limits for a bulk check: its row limit plus room for title rows and the header, its upload size. */
export function bulkReadLimits(settings: BulkSettings): SpreadsheetLimits {
  return { ...DEFAULT_SPREADSHEET_LIMITS, maxFileBytes: settings.maxUploadBytes, maxRows: settings.maxRows + HEADER_SEARCH_ROWS };
}

function tooManyRows(rows: number | 'more', settings: BulkSettings): UploadResult {
  const count = rows === 'more' ? `more than ${settings.maxRows.toLocaleString('en-GB')}` : rows.toLocaleString('en-GB');
  return {
    ok: false,
    status: 413,
    code: 'too-many-rows',
    message: `The input has ${count} rows; a bulk check takes at most ${settings.maxRows.toLocaleString('en-GB')}. Split it into several checks.`,
  };
}

/** How the bytes are read; production reads in a worker thread, tests may read in place. */
export type SpreadsheetRead = (request: ReadRequest) => Promise<ReadOutcome>;

/** The person's layout choices from a submitted form: `sheet`, `header` and `column-<role>` (each "auto" when absent). */
export function layoutChoicesFrom(form: { get(name: string): unknown }): { ok: true; choices: LayoutChoices } | { ok: false; field: string; message: string } {
  const choices: LayoutChoices = {};
  const sheet = form.get('sheet');
  if (typeof sheet === 'string' && sheet !== '') choices.sheet = sheet.slice(0, 200);
  const header = form.get('header');
  if (typeof header === 'string' && header !== '' && header !== 'auto') {
    if (header === 'none') choices.header = 'none';
    else if (/^\d{1,7}$/.test(header) && Number(header) > 0) choices.header = Number(header);
    else return { ok: false, field: 'header', message: 'The header row is a row number, "none" or "auto".' };
  }
  const columns: Partial<Record<ColumnRole, number | 'none'>> = {};
  for (const role of ROLES) {
    const value = form.get(`column-${role}`);
    if (typeof value !== 'string' || value === '' || value === 'auto') continue;
    if (value === 'none') columns[role] = 'none';
    else if (/^\d{1,3}$/.test(value)) columns[role] = Number(value);
    else return { ok: false, field: `column-${role}`, message: `The column for ${role} is a column number, "none" or "auto".` };
  }
  if (Object.keys(columns).length > 0) choices.columns = columns;
  return { ok: true, choices };
}

/** Reads pasted text or a file into numbered, validated rows, laid out as found or as chosen. */
export async function readUpload(input: UploadInput, settings: BulkSettings, choices: LayoutChoices = {}, read: SpreadsheetRead = readSpreadsheet): Promise<UploadResult> {
  const limits = bulkReadLimits(settings);
  let request: ReadRequest;
  let source: UploadSource;
  let filename: string | null = null;
  if (input.file && input.file.bytes.byteLength > 0) {
    const { bytes, name } = input.file;
    filename = name.replace(/[^\w .()-]+/g, '_').slice(0, 200);
    const label = `"${filename}"`;
    const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
    const isCompoundFile = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
    if (isCompoundFile) {
      return {
        ok: false,
        status: 415,
        message: `${label} is an older Excel workbook (.xls) or one protected with a password to open: save it as .xlsx without a password, or as .csv, and upload that.`,
      };
    }
    if (/\.(xls|xlsm|xlsb|ods|numbers)$/i.test(name)) return { ok: false, status: 415, message: `${label} is not a format the portal reads: save it as .xlsx or .csv.` };
    if (/\.xlsx$/i.test(name) || isZip) {
      if (!isZip) return { ok: false, status: 415, message: `${label} is named .xlsx but is not an XLSX workbook.` };
      request = { format: 'xlsx', bytes, label, limits, ...(choices.sheet ? { sheet: choices.sheet } : {}) };
      source = 'xlsx';
    } else {
      request = { format: 'csv', bytes, label, limits };
      source = 'csv';
    }
  } else if (input.text && input.text.trim() !== '') {
    request = { format: 'csv', bytes: new TextEncoder().encode(input.text), label: 'The pasted text', limits };
    source = 'paste';
  } else {
    return { ok: false, status: 400, message: 'Paste some rows or choose a CSV or XLSX file.' };
  }
  const outcome = await read(request);
  if (!outcome.ok) {
    if (outcome.code === 'too-many-rows') return tooManyRows('more', settings);
    return { ok: false, status: outcome.status, code: outcome.code, message: outcome.message };
  }
  const { layout, rows } = layoutTable(outcome.table, choices);
  if (layout.question === 'header') {
    return {
      ok: false,
      status: 422,
      code: 'header-needed',
      layout,
      message:
        'The row with the column names (Reference, Name, Type, Postcode, Companies House) was not found in the first 20 rows, and read without one most rows make no sense. Choose the header row below, or "No header row".',
    };
  }
  if (rows.length === 0)
    return { ok: false, status: 400, layout, message: layout.header.number !== null ? 'The input has no rows below its header row.' : 'The input has no rows to check.' };
  if (rows.length > settings.maxRows) return tooManyRows(rows.length, settings);
  return { ok: true, source, filename, rows, layout };
}
