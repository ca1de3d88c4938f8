import type { StoredInputLayout } from '@/lib/bulk/bulk-store';
import { cellString, findHeaderRow, HEADER_SEARCH_ROWS } from '@/lib/spreadsheet/header-row';
import { type CellValue, columnLetters, type SheetSummary, type SourceRow, type SpreadsheetTable } from '@/lib/spreadsheet/spreadsheet-types';
import { type BulkInputRow, type Cell, identityOf, type MappedRow, parseReference, readRow, type RoleColumns } from './bulk-input';
import { type ColumnRole, ROLE_LABELS } from './bulk-roles';

/**
 * How a bulk check reads the columns of a table as people make them: the header row found anywhere
 * in the first 20 rows (title rows, a merged banner, blank rows above it), each column's meaning
 * from its header (reference, name, type, postcode, Companies House number), the person's own
 * columns (a client id, notes) kept as they are, and the person's corrections on /bulk (another
 * sheet, another header row, another column for a role) applied before anything starts.
 *
 * The reader (lib/spreadsheet) knows nothing of these meanings; this module is where bulk's are.
 */

/** Headers (lower case, letters only) that name a role exactly. */
const HEADER_ROLES: Record<string, ColumnRole> = {
  reference: 'ref',
  ref: 'ref',
  referencenumber: 'ref',
  refno: 'ref',
  number: 'ref',
  registernumber: 'ref',
  frn: 'ref',
  firmreferencenumber: 'ref',
  irn: 'ref',
  individualreferencenumber: 'ref',
  prn: 'ref',
  productreferencenumber: 'ref',
  name: 'name',
  firm: 'name',
  firmname: 'name',
  entity: 'name',
  entityname: 'name',
  company: 'name',
  companyname: 'name',
  organisation: 'name',
  organisationname: 'name',
  organization: 'name',
  organizationname: 'name',
  fullname: 'name',
  legalname: 'name',
  registeredname: 'name',
  type: 'type',
  kind: 'type',
  entitytype: 'type',
  recordtype: 'type',
  postcode: 'postcode',
  postalcode: 'postcode',
  companieshouse: 'ch',
  companieshousenumber: 'ch',
  companieshouseno: 'ch',
  companynumber: 'ch',
  companyno: 'ch',
  companyregistrationnumber: 'ch',
  chnumber: 'ch',
  chno: 'ch',
  crn: 'ch',
};

/** Names that end in "name" but are not an entity's name. */
const NOT_ENTITY_NAMES = new Set(['firstname', 'lastname', 'surname', 'forename', 'middlename', 'username', 'filename', 'sheetname', 'contactname', 'tradingname']);

function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z]/g, '');
}

/** The role a header names: exact names first, then the common longer forms ("FCA FRN", "Client name"). */
export function headerRole(text: string): ColumnRole | undefined {
  const key = headerKey(text);
  if (key === '' || key.length > 32) return undefined;
  if (HEADER_ROLES[key]) return HEADER_ROLES[key];
  if (/frn|fcareference|fcaref|fcanumber|firmreference/.test(key)) return 'ref';
  if (/companieshouse|companynumber|companyregistration/.test(key)) return 'ch';
  if (/postcode|postalcode/.test(key)) return 'postcode';
  if (key.endsWith('name') && !NOT_ENTITY_NAMES.has(key)) return 'name';
  return undefined;
}

/** What bare digits in a reference column mean, from its header. */
function refDefaultOf(header: string): RoleColumns['refDefault'] {
  const key = headerKey(header);
  if (/^prn|prn$|productreference/.test(key)) return 'fund';
  if (/^irn|irn$|individualreference/.test(key)) return 'individual';
  return 'firm';
}

/** A cell that is plainly data, never a header: a number, a date, a reference number. */
function isDataCell(cell: CellValue): boolean {
  if (typeof cell === 'number' || cell instanceof Date || typeof cell === 'boolean') return true;
  const text = cellString(cell);
  if (text === '') return false;
  const parsed = parseReference(text);
  return parsed.kind === 'firm' || parsed.kind === 'individual' || parsed.kind === 'fund';
}

/** What the person chose on /bulk; anything absent is worked out. */
export interface LayoutChoices {
  sheet?: string;
  /** The header row's number in the source, or 'none' for a table without one. */
  header?: number | 'none';
  columns?: Partial<Record<ColumnRole, number | 'none'>>;
}

export interface LayoutColumn {
  index: number;
  letter: string;
  /** The header cell's text ('' without a header). */
  header: string;
  /** The first few values below the header. */
  samples: string[];
  role: ColumnRole | null;
}

/** How the input was read, for the review on /bulk and for the job's record. */
export interface InputLayout {
  format: SpreadsheetTable['format'];
  sheets: SheetSummary[];
  /** The sheet read (its name), for a workbook. */
  sheet: string | null;
  header: { number: number | null; how: 'found' | 'chosen' | 'none' };
  /** The first rows with values, to choose the header from. */
  headerChoices: Array<{ number: number; text: string }>;
  /** Every column with a value; by shape (no header, no chosen columns) their roles are null. */
  columns: LayoutColumn[];
  /** Read by shape: the first cell is the reference or name, the others recognised by their form. */
  byShape: boolean;
  /** The person's own columns, kept in the results. */
  userColumns: Array<{ index: number; header: string }>;
  /** Rows with values above the header (a title, notes): not read as input. */
  skippedAbove: number;
  /** What the person should know: formulas without values, a reference column that is mostly text, merges filled. */
  notes: string[];
  /** What the person must answer before the check can start. */
  question: 'header' | null;
}

function sampleValues(rows: MappedRow[], column: number): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const v = r.cells[column] ?? '';
    if (v !== '') out.push(v.slice(0, 40));
    if (out.length === 3) break;
  }
  return out;
}

function rowText(row: SourceRow): string {
  return row.cells
    .map(cellString)
    .filter((c) => c !== '')
    .slice(0, 6)
    .map((c) => c.slice(0, 40))
    .join(' | ');
}

/** Lays out a table and reads its data rows: the layout to show and the rows to check. */
export function layoutTable(table: SpreadsheetTable, choices: LayoutChoices = {}): { layout: InputLayout; rows: BulkInputRow[] } {
  const source = table.rows;
  const texts: MappedRow[] = source.map((r) => ({ sourceRow: r.number, cells: r.cells.map(cellString), uncached: r.uncached ?? [] }));
  const notes: string[] = [];

  let headerIndex: number | undefined;
  let how: InputLayout['header']['how'] = 'none';
  let detected: Map<number, ColumnRole> | undefined;
  if (typeof choices.header === 'number') {
    const i = source.findIndex((r) => r.number === choices.header);
    if (i !== -1) {
      headerIndex = i;
      how = 'chosen';
    } else notes.push(`Row ${choices.header} has no values, so it cannot be the header row; the rows were read without one.`);
  } else if (choices.header === undefined) {
    const found = findHeaderRow(source, headerRole, isDataCell);
    if (found) {
      headerIndex = found.index;
      detected = found.roles;
      how = 'found';
    }
  }
  const header = headerIndex !== undefined ? texts[headerIndex] : undefined;
  const data = headerIndex !== undefined ? texts.slice(headerIndex + 1) : texts;
  const width = Math.max(0, ...texts.map((r) => r.cells.length));

  // Roles: from the header, then the person's choices over them (a column has one role at most).
  const roleOf = new Map<ColumnRole, number>();
  if (header) {
    const roles = detected ?? new Map(header.cells.map((c, i) => [i, headerRole(c)] as const).filter((e): e is [number, ColumnRole] => e[1] !== undefined));
    for (const [column, role] of [...roles.entries()].sort((a, b) => a[0] - b[0])) if (!roleOf.has(role)) roleOf.set(role, column);
  }
  const chosenColumns = Object.entries(choices.columns ?? {}) as Array<[ColumnRole, number | 'none']>;
  for (const [role, column] of chosenColumns) {
    if (column === 'none') roleOf.delete(role);
    else if (column >= 0 && column < Math.max(width, 1)) {
      for (const [other, c] of roleOf) if (c === column) roleOf.delete(other);
      roleOf.set(role, column);
    }
  }
  // A header naming only other columns: the first column is still the input.
  if (header && !roleOf.has('ref') && !roleOf.has('name') && ![...roleOf.values()].includes(0) && !chosenColumns.some(([r]) => r === 'ref' || r === 'name')) roleOf.set('ref', 0);

  const byShape = !header && roleOf.size === 0;
  const columns: RoleColumns | undefined = byShape
    ? undefined
    : {
        ...Object.fromEntries(roleOf),
        refDefault: roleOf.has('ref') && header ? refDefaultOf(header.cells[roleOf.get('ref')!] ?? '') : 'firm',
      };
  const roleColumns = new Set(roleOf.values());
  const userIndexes = byShape
    ? []
    : Array.from({ length: width }, (_, i) => i).filter(
        (i) => !roleColumns.has(i) && texts.some((r) => (r.cells[i] ?? '') !== '') && (header ? true : data.some((r) => (r.cells[i] ?? '') !== '')),
      );

  const rows = foldDuplicates(data.map((r, i) => readRow(i + 1, r, columns, userIndexes)));

  let question: InputLayout['question'] = null;
  if (how === 'none' && choices.header === undefined && byShape && width > 1 && rows.length > 0) {
    // No header found, several columns, and read by shape most rows make no sense: ask.
    const invalid = rows.filter((r) => r.kind === 'invalid').length;
    if (invalid * 2 > rows.length) question = 'header';
  }
  if (columns?.ref !== undefined) {
    const refs = data.map((r) => r.cells[columns.ref!] ?? '').filter((v) => v !== '');
    const notRefs = refs.filter((v) => parseReference(v).kind === 'invalid' || (parseReference(v).kind === 'not-a-reference' && columns.name !== undefined)).length;
    if (refs.length >= 3 && notRefs * 2 > refs.length) {
      notes.push(
        `Most values in column ${columnLetters(columns.ref)}, read as the reference, are not reference numbers (an FRN or PRN is 1 to 7 digits, an IRN 3 letters and 5 digits): check which column holds the reference.`,
      );
    }
  }
  const formulaCells = data.reduce((n, r) => n + r.uncached.length, 0);
  if (formulaCells > 0) {
    notes.push(
      `${formulaCells === 1 ? 'One formula cell has' : `${formulaCells.toLocaleString('en-GB')} formula cells have`} no saved value and ${formulaCells === 1 ? 'was' : 'were'} read as empty (each row says which): open the file in your spreadsheet, save it, and upload it again.`,
    );
  }
  if (table.filledMerges > 0) notes.push(`${table.filledMerges.toLocaleString('en-GB')} merged cells were read as repeating their value down the rows they span.`);
  const hiddenWithData = table.sheets.filter((s) => s.hidden && s.hasData && s.index !== table.sheet).length;
  if (hiddenWithData > 0) notes.push(`The workbook has ${hiddenWithData === 1 ? 'a hidden sheet' : `${hiddenWithData} hidden sheets`} with data, not read unless chosen.`);

  const layoutColumns: LayoutColumn[] = Array.from({ length: width }, (_, index) => index)
    .filter((index) => texts.some((r) => (r.cells[index] ?? '') !== ''))
    .map((index) => ({
      index,
      letter: columnLetters(index),
      header: header?.cells[index] ?? '',
      samples: sampleValues(data, index),
      role: ([...roleOf.entries()].find(([, c]) => c === index)?.[0] ?? null) as ColumnRole | null,
    }));
  const layout: InputLayout = {
    format: table.format,
    sheets: table.sheets,
    sheet: table.format === 'xlsx' ? (table.sheets[table.sheet]?.name ?? null) : null,
    header: { number: header?.sourceRow ?? null, how },
    headerChoices: source.slice(0, HEADER_SEARCH_ROWS).map((r) => ({ number: r.number, text: rowText(r) })),
    columns: layoutColumns,
    byShape,
    userColumns: userIndexes.map((index) => ({ index, header: (header?.cells[index] ?? '') || `Column ${columnLetters(index)}` })),
    skippedAbove: headerIndex ?? 0,
    notes,
    question,
  };
  return { layout, rows };
}

/** Rows that mean the same thing are checked once: the later one points at the first. */
export function foldDuplicates(rows: BulkInputRow[]): BulkInputRow[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const id = identityOf(row);
    if (id === undefined) return row;
    const first = seen.get(id);
    if (first !== undefined) return { ...row, duplicateOf: first };
    seen.set(id, row.rowNo);
    return row;
  });
}

/** What the job records of its layout: the sheet, the header row and each column's role. */
export function storedLayout(layout: InputLayout): StoredInputLayout {
  return {
    sheet: layout.sheet,
    headerRow: layout.header.number,
    columns: layout.columns.filter((c) => c.role !== null).map((c) => ({ role: ROLE_LABELS[c.role!], column: c.letter, header: c.header })),
  };
}

/** A table of cells (tests, pasted tables already split) read as the bulk form reads an upload. */
export function readInputTable(table: Cell[][], choices: LayoutChoices = {}): BulkInputRow[] {
  const rows: SourceRow[] = table
    .map((cells, i) => ({ number: i + 1, cells: cells.map((c): CellValue => (c === undefined ? null : c)) }))
    .filter((r) => r.cells.some((c) => cellString(c) !== ''));
  return layoutTable(
    { format: 'csv', sheets: [{ name: 'CSV', index: 0, hidden: false, hasData: rows.length > 0 }], sheet: 0, rows, filledMerges: 0, stats: { inflatedBytes: 0, ms: 0 } },
    choices,
  ).rows;
}
