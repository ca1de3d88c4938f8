import { cellString, findHeaderRow } from '@/lib/spreadsheet/header-row';
import { readSpreadsheet } from '@/lib/spreadsheet/read-spreadsheet';
import {
  columnLetters,
  countText,
  DEFAULT_SPREADSHEET_LIMITS,
  type CellValue,
  type ReadOutcome,
  type ReadRequest,
  type SpreadsheetTable,
} from '@/lib/spreadsheet/spreadsheet-types';

/**
 * Reading a principal's own register of its appointed representatives (its "AR book") from a CSV
 * or XLSX file, with the bounded reader bulk checks use (lib/spreadsheet: limits counted while
 * reading, in a worker thread). The header row is found anywhere in the first 20 rows, as for bulk
 * checks; each column's meaning comes from its header (AR FRN, name, type Full/Introducer,
 * appointed, terminated, tied agent, EEA tied agent) and every other column is the principal's own,
 * kept as it is. A row that cannot be read (no FRN, a date that is not a date) is refused by
 * number with the cell named; the rest are kept.
 */

/** The most data rows a book may have. */
export const MAX_BOOK_ROWS = 5000;

export type BookRole = 'arFrn' | 'name' | 'type' | 'appointed' | 'terminated' | 'tiedAgent' | 'eeaTiedAgent';

export const BOOK_ROLE_LABELS: Record<BookRole, string> = {
  arFrn: 'AR FRN',
  name: 'AR name',
  type: 'Type',
  appointed: 'Appointed',
  terminated: 'Terminated',
  tiedAgent: 'Tied agent',
  eeaTiedAgent: 'EEA tied agent',
};

export type ArType = 'Full' | 'Introducer';

/** One row of a book as the portal reads it. */
export interface BookRow {
  /** The row's number in the file (the sheet's row number or the CSV's line). */
  row: number;
  arFrn: string;
  name: string | null;
  type: ArType | null;
  /** ISO dates (YYYY-MM-DD). */
  appointed: string | null;
  terminated: string | null;
  tiedAgent: boolean | null;
  eeaTiedAgent: boolean | null;
  /** The principal's own columns, by header. */
  extra: Record<string, string>;
}

export interface RefusedRow {
  row: number;
  message: string;
}

export type BookReadResult =
  | { ok: true; rows: BookRow[]; refused: RefusedRow[]; columns: Array<{ header: string; role: BookRole | null }> }
  | { ok: false; status: 400 | 413 | 415 | 422 | 503; message: string };

function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z]/g, '');
}

/** The role a header names: the usual words for each, as people write them. */
export function bookHeaderRole(text: string): BookRole | undefined {
  const key = headerKey(text);
  if (key === '' || key.length > 40) return undefined;
  if (/eea/.test(key) && /tied/.test(key)) return 'eeaTiedAgent';
  if (/tied/.test(key)) return 'tiedAgent';
  if (/principal/.test(key)) return undefined;
  if (/frn|firmreferencenumber|referencenumber|^ref$|^reference$|fcanumber|fcareference/.test(key)) return 'arFrn';
  if (/terminat|enddate|ended|^end$|leftdate|^left$|ceased|cessation/.test(key)) return 'terminated';
  if (/appoint|effective|startdate|^start$|^from$|joined|commenced/.test(key) && !/appointedrepresentative(name|frn)?$/.test(key)) return 'appointed';
  if (/^(type|artype|subtype|recordsubtype|kind|category|artypefullintroducer|fullintroducer)$/.test(key)) return 'type';
  if (/name$|^ar$|^firm$|^representative$|^appointedrepresentative$/.test(key) && !/trading|contact|first|last|sur/.test(key)) return 'name';
  return undefined;
}

function isDataCell(cell: CellValue): boolean {
  if (typeof cell === 'number' || cell instanceof Date || typeof cell === 'boolean') return true;
  return /^\d{6,7}$/.test(cellString(cell));
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoDay(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date as a book holds it: a spreadsheet date, YYYY-MM-DD, DD/MM/YYYY (UK order; also with "-"
 * or "."), or "15 May 2019" / "15-May-2019". Empty is null; anything else is `undefined` (unreadable).
 */
export function readBookDate(cell: CellValue | undefined): string | null | undefined {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number' || typeof cell === 'boolean') return undefined;
  const text = cellString(cell);
  if (text === '' || text === '-' || text === '—') return null;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(text);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3])) ?? undefined;
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (m) return isoDay(Number(m[3]), Number(m[2]), Number(m[1])) ?? undefined;
  m = /^(\d{1,2})[ -]([A-Za-z]{3,9})[ -](\d{4})$/.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[2].slice(0, 3).toLowerCase());
    if (month >= 0) return isoDay(Number(m[3]), month + 1, Number(m[1])) ?? undefined;
  }
  return undefined;
}

function readFlag(cell: CellValue | undefined): boolean | null | undefined {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'boolean') return cell;
  const text = cellString(cell).toLowerCase();
  if (text === '') return null;
  if (['yes', 'y', 'true', '1', 'x'].includes(text)) return true;
  if (['no', 'n', 'false', '0'].includes(text)) return false;
  return undefined;
}

function readType(text: string): ArType | null | undefined {
  const key = text.toLowerCase().replace(/[^a-z]/g, '');
  if (key === '') return null;
  if (key === 'full' || key === 'fullar' || key === 'appointedrepresentative') return 'Full';
  if (key.startsWith('introducer') || key === 'ir' || key === 'introducerar') return 'Introducer';
  return undefined;
}

/** Lays out a table read by lib/spreadsheet as a book: header, columns, rows and refusals. */
export function bookFromTable(table: SpreadsheetTable, maxRows: number = MAX_BOOK_ROWS): BookReadResult {
  const header = findHeaderRow(table.rows, bookHeaderRole, isDataCell);
  if (!header || ![...header.roles.values()].includes('arFrn')) {
    return {
      ok: false,
      status: 422,
      message:
        'No column of AR FRNs was found: the book needs a header row (in its first 20 rows) with a column named "AR FRN" or "FRN", and ideally Name, Type, Appointed and Terminated.',
    };
  }
  const dataRows = table.rows.slice(header.index + 1);
  if (dataRows.length === 0) return { ok: false, status: 400, message: 'The book has no rows below its header row.' };
  if (dataRows.length > maxRows) {
    return {
      ok: false,
      status: 413,
      message: `The book has ${countText(dataRows.length)} rows; a book may have at most ${countText(maxRows)}. Split it or remove rows that are not appointed representatives.`,
    };
  }
  const headerRow = table.rows[header.index];
  const width = Math.max(headerRow.cells.length, ...dataRows.map((r) => r.cells.length));
  const columns: Array<{ header: string; role: BookRole | null }> = [];
  const used = new Set<BookRole>();
  const roleAt = new Map<number, BookRole>();
  for (let c = 0; c < width; c++) {
    const text = cellString(headerRow.cells[c]);
    let role = header.roles.get(c) ?? null;
    // The first column of a role is read; a second one is the principal's own.
    if (role && used.has(role)) role = null;
    if (role) {
      used.add(role);
      roleAt.set(c, role);
    }
    if (role || text !== '') columns.push({ header: text || columnLetters(c), role });
  }
  const col = (role: BookRole) => [...roleAt.entries()].find(([, r]) => r === role)?.[0];
  const rows: BookRow[] = [];
  const refused: RefusedRow[] = [];
  for (const source of dataRows) {
    const cell = (role: BookRole) => {
      const c = col(role);
      return c === undefined ? undefined : source.cells[c];
    };
    const at = (role: BookRole) => `${columnLetters(col(role)!)}${source.number}`;
    const problems: string[] = [];
    const frnText = cellString(cell('arFrn')).replace(/\s+/g, '');
    if (frnText === '') problems.push(`${at('arFrn')} has no AR FRN`);
    else if (!/^\d{6,7}$/.test(frnText)) problems.push(`${at('arFrn')}: "${frnText.slice(0, 40)}" is not an FRN (6 or 7 digits)`);
    const date = (role: 'appointed' | 'terminated') => {
      const value = readBookDate(cell(role));
      if (value === undefined) problems.push(`${at(role)}: "${cellString(cell(role)).slice(0, 40)}" is not a date (write it as 31/12/2025 or 2025-12-31)`);
      return value ?? null;
    };
    const appointed = date('appointed');
    const terminated = date('terminated');
    if (appointed && terminated && terminated < appointed) problems.push(`${at('terminated')}: terminated ${terminated} is before appointed ${appointed}`);
    const typeText = cellString(cell('type'));
    const type = readType(typeText);
    if (type === undefined) problems.push(`${at('type')}: "${typeText.slice(0, 40)}" is neither Full nor Introducer`);
    const flag = (role: 'tiedAgent' | 'eeaTiedAgent') => {
      const value = readFlag(cell(role));
      if (value === undefined) problems.push(`${at(role)}: "${cellString(cell(role)).slice(0, 40)}" is not yes or no`);
      return value ?? null;
    };
    const tiedAgent = flag('tiedAgent');
    const eeaTiedAgent = flag('eeaTiedAgent');
    if (problems.length > 0) {
      refused.push({ row: source.number, message: `Row ${source.number}: ${problems.join('; ')}.` });
      continue;
    }
    const extra: Record<string, string> = {};
    for (let c = 0; c < width; c++) {
      if (roleAt.has(c)) continue;
      const value = cellString(source.cells[c]);
      if (value === '') continue;
      const name = cellString(headerRow.cells[c]) || columnLetters(c);
      extra[name in extra ? `${name} (${columnLetters(c)})` : name] = value.slice(0, 2000);
    }
    const name = cellString(cell('name'));
    rows.push({ row: source.number, arFrn: frnText, name: name === '' ? null : name.slice(0, 300), type: type ?? null, appointed, terminated, tiedAgent, eeaTiedAgent, extra });
  }
  return { ok: true, rows, refused, columns };
}

export type SpreadsheetRead = (request: ReadRequest) => Promise<ReadOutcome>;

/** Reads an uploaded book file (CSV or XLSX) into rows and refusals. */
export async function readBookFile(file: { name: string; bytes: Uint8Array }, read: SpreadsheetRead = readSpreadsheet, maxRows: number = MAX_BOOK_ROWS): Promise<BookReadResult> {
  const { bytes } = file;
  const name = file.name.replace(/[^\w .()-]+/g, '_').slice(0, 200);
  const label = `"${name}"`;
  if (bytes.byteLength === 0) return { ok: false, status: 400, message: 'Choose a CSV or XLSX file: the file sent is empty.' };
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  const isCompoundFile = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  if (isCompoundFile)
    return { ok: false, status: 415, message: `${label} is an older Excel workbook (.xls) or one protected with a password: save it as .xlsx or .csv and upload that.` };
  if (/\.(xls|xlsm|xlsb|ods|numbers)$/i.test(name)) return { ok: false, status: 415, message: `${label} is not a format the portal reads: save it as .xlsx or .csv.` };
  const xlsx = /\.xlsx$/i.test(name) || isZip;
  if (xlsx && !isZip) return { ok: false, status: 415, message: `${label} is named .xlsx but is not an XLSX workbook.` };
  // One row more than the book's limit (plus header and title rows) is read, so an over-long book is refused by its own count.
  const limits = { ...DEFAULT_SPREADSHEET_LIMITS, maxRows: maxRows + 21 };
  const outcome = await read({ format: xlsx ? 'xlsx' : 'csv', bytes, label, limits });
  if (!outcome.ok) {
    if (outcome.code === 'too-many-rows')
      return { ok: false, status: 413, message: `${label} has more than ${countText(maxRows)} rows; a book may have at most ${countText(maxRows)}.` };
    return { ok: false, status: outcome.status, message: outcome.message };
  }
  return bookFromTable(outcome.table, maxRows);
}
