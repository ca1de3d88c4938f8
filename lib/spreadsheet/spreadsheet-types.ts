/**
 * What the bounded spreadsheet reader takes and gives back, shared by the reader (which runs in a
 * worker thread, see read-spreadsheet.ts) and its callers. Plain module, no 'server-only': the
 * worker imports it, and a worker is not a React server environment.
 *
 * The reader knows nothing of what the columns mean: a caller (bulk checks, later the appointed
 * representatives' books) gets sheets, rows and cells, and gives them meaning itself.
 */

/** A cell as read: text, a number, a boolean, a date (a date-formatted number or an ISO cell), or empty. */
export type CellValue = string | number | boolean | Date | null;

/** A formula cell with no saved result: its value is read as empty, and the caller is told where. */
export interface UncachedFormula {
  /** 0-based column. */
  column: number;
  /** The formula's text, without the leading "=" (at most 200 characters). */
  formula: string;
}

/** One row that holds at least one value. */
export interface SourceRow {
  /** The row's number in the source: the sheet's row number, or the CSV's line. */
  number: number;
  /** Cells from column A (0) to the row's last value; gaps are null. */
  cells: CellValue[];
  /** Formula cells of this row whose value was never saved. */
  uncached?: UncachedFormula[];
}

export interface SheetSummary {
  name: string;
  /** 0-based position among the workbook's worksheets. */
  index: number;
  hidden: boolean;
  hasData: boolean;
  /** The first row with a value, as text (at most 6 cells), to tell sheets apart when choosing. */
  firstRow?: string[];
}

export interface SpreadsheetTable {
  format: 'csv' | 'xlsx';
  /** Every worksheet of a workbook (one unnamed "sheet" for CSV), in workbook order. */
  sheets: SheetSummary[];
  /** The sheet read (index into `sheets`). */
  sheet: number;
  /** The rows of the sheet read that hold a value, in order; blank rows are left out. */
  rows: SourceRow[];
  /** Rows whose merged cells were filled down from the merge's first row (XLSX). */
  filledMerges: number;
  /** What reading cost, for the benchmark and the logs: bytes inflated and milliseconds spent. */
  stats: { inflatedBytes: number; ms: number };
}

/**
 * Limits enforced while reading (never after): an XLSX entry is inflated as a stream and abandoned
 * the moment it passes a limit; rows stop at `maxRows` + 1.
 */
export interface SpreadsheetLimits {
  /** The file as uploaded. */
  maxFileBytes: number;
  /** Inflated bytes of any one zip entry the reader opens (declared or actual). */
  maxEntryBytes: number;
  /** Inflated bytes of every entry opened, together. */
  maxTotalBytes: number;
  /** Entries in the zip's directory. */
  maxEntries: number;
  /** Rows that hold a value, in the sheet read. */
  maxRows: number;
  /** Columns: a value past this column is refused. */
  maxColumns: number;
  /** Cells that hold a value, in the sheet read. */
  maxCells: number;
  /** Characters in one cell (Excel's own limit is 32,767). */
  maxStringLength: number;
  /** Strings in the workbook's shared strings table. */
  maxSharedStrings: number;
  /** Characters in the shared strings table, together. */
  maxSharedStringChars: number;
  /** Worksheets a workbook may have. */
  maxSheets: number;
}

export const DEFAULT_SPREADSHEET_LIMITS: Readonly<SpreadsheetLimits> = Object.freeze({
  maxFileBytes: 5 * 1024 * 1024,
  maxEntryBytes: 24 * 1024 * 1024,
  maxTotalBytes: 48 * 1024 * 1024,
  maxEntries: 2000,
  maxRows: 5000,
  maxColumns: 200,
  maxCells: 1_000_000,
  maxStringLength: 32_767,
  maxSharedStrings: 1_000_000,
  maxSharedStringChars: 16_000_000,
  maxSheets: 100,
});

/** Which limit or fault stopped a read; each has its own wording and HTTP status. */
export type RefusalCode =
  | 'file-too-large'
  | 'entry-too-large'
  | 'total-too-large'
  | 'too-many-entries'
  | 'too-many-rows'
  | 'too-many-columns'
  | 'too-many-cells'
  | 'string-too-long'
  | 'too-many-shared-strings'
  | 'shared-strings-too-large'
  | 'too-many-sheets'
  | 'no-such-sheet'
  | 'no-worksheet'
  | 'not-a-workbook'
  | 'old-or-encrypted-workbook'
  | 'encrypted-entry'
  | 'damaged-workbook'
  | 'not-text'
  | 'bad-csv'
  | 'out-of-memory'
  | 'timed-out'
  | 'busy'
  | 'reader-failed';

export interface Refusal {
  ok: false;
  code: RefusalCode;
  /** What went wrong, in words a person understands, naming the limit. */
  message: string;
  /** 413 for a size limit, 415 for a format the portal does not read, 422 for a damaged or unusable file, 503 when the portal is busy. */
  status: 400 | 413 | 415 | 422 | 503;
}

export type ReadOutcome = { ok: true; table: SpreadsheetTable } | Refusal;

export interface ReadRequest {
  format: 'csv' | 'xlsx';
  /** The file's bytes (CSV: text in UTF-8, UTF-8 with a BOM or UTF-16 with a BOM). */
  bytes: Uint8Array;
  /** The sheet to read, by name; the first visible sheet with data when absent. */
  sheet?: string;
  /** What the file is called in messages ("panel.xlsx", "The pasted text"). */
  label: string;
  limits: SpreadsheetLimits;
}

export function refusal(code: RefusalCode, message: string, status: Refusal['status']): Refusal {
  return { ok: false, code, message, status };
}

/** Thrown inside the reader the moment a limit is passed; the reader's entry point turns it into its Refusal. */
export class ReadRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

export function refuse(code: RefusalCode, message: string, status: Refusal['status']): never {
  throw new ReadRefused(refusal(code, message, status));
}

/** "4.5 MB", "120 KB": sizes as people read them. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${Math.round((bytes / (1024 * 1024 * 1024)) * 10) / 10} GB`;
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

export function countText(n: number): string {
  return n.toLocaleString('en-GB');
}

/** Excel's column letters for a 0-based column: 0 → A, 27 → AB. */
export function columnLetters(column: number): string {
  let n = column + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
