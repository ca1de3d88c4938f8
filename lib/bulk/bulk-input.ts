import { parse } from 'csv-parse/sync';
import type { EntityKind } from '@/lib/db/schema';
import { foldName } from '@/lib/matching/fold-name';
import { readPostcode } from '@/lib/matching/postcode';
import { splitListedName } from '@/lib/register/normalise-search';
import { checkSearchText } from '@/lib/register/validate';

/**
 * What a bulk check's input means, row by row. The input is a table (pasted text, a CSV or the
 * first sheet of an XLSX workbook, see bulk-upload.ts); each row becomes one `BulkInputRow`, in
 * input order, and none is ever dropped: a row that cannot be checked is kept as `invalid` with
 * the reason.
 *
 * Columns. With a header row the columns are found by name (case and punctuation ignored):
 * a reference column ("Reference", "Ref", "Number", "FRN", "IRN", "PRN", "Reference number"),
 * a name column ("Name", "Firm", "Firm name", "Entity", "Company"), a type column ("Type",
 * "Kind": firm, individual or fund; FRN, IRN or PRN), a postcode column and a Companies House
 * number column ("Companies House", "Company number", "CH number", "CRN"). A row uses its
 * reference when it has one and its name otherwise; a name beside a reference is kept, to be
 * checked against the record's names. A postcode column may hold part of a postcode. Without a header the first cell is the row's
 * reference or name and the other cells are recognised by their shape (a UK postcode, a Companies
 * House number, a type word).
 *
 * References. Spreadsheets damage numbers, so before a cell is judged it is cleaned: spaces
 * (including non-breaking and zero-width ones) and surrounding quotes are removed, a leading
 * apostrophe (Excel's "text" marker) is dropped, `730427.0` and `7.30427E+5` become `730427`,
 * leading zeros go (`0730427` is FRN 730427), and a label is read (`FRN 730427`, `irn: abc12345`).
 * Digits alone are an FRN unless the row's type (or a "PRN" column header) says fund. An IRN is
 * three letters and five digits. Anything that looks like a number but is not a possible one (too
 * many digits, a decimal part, a letter among digits) is invalid, never searched as a name.
 *
 * Names. Any other text with letters is a name to search for, in the firms unless the row's type
 * says individual or fund; a name listed as the register lists it, `Name (Postcode: EC2N 4BQ)`,
 * gives its postcode too. The register's search refuses some characters; such a name is invalid.
 *
 * Duplicates. Two rows that mean the same thing (the same reference, or the same name, type,
 * postcode and Companies House number once normalised) are checked once: the later row is a
 * duplicate of the first and shows its result.
 */

export interface BulkInputRow {
  /** 1-based position among the data rows. */
  rowNo: number;
  /** The row as given: its non-empty cells joined with " | ". */
  input: string;
  kind: EntityKind | 'name' | 'invalid';
  /** Canonical FRN, IRN or PRN. */
  ref?: string;
  name?: string;
  postcode?: string;
  chNumber?: string;
  /** Which register a name is searched in. */
  entity?: EntityKind;
  /** Why the row is invalid, or a note on what was ignored. */
  message?: string;
  duplicateOf?: number;
}

export type Cell = string | number | boolean | Date | null | undefined;

const HEADER_ROLES: Record<string, 'ref' | 'frn' | 'irn' | 'prn' | 'name' | 'type' | 'postcode' | 'ch'> = {
  reference: 'ref',
  ref: 'ref',
  referencenumber: 'ref',
  refno: 'ref',
  number: 'ref',
  registernumber: 'ref',
  frn: 'frn',
  firmreferencenumber: 'frn',
  irn: 'irn',
  individualreferencenumber: 'irn',
  prn: 'prn',
  productreferencenumber: 'prn',
  name: 'name',
  firm: 'name',
  firmname: 'name',
  entity: 'name',
  entityname: 'name',
  company: 'name',
  companyname: 'name',
  organisation: 'name',
  organisationname: 'name',
  type: 'type',
  kind: 'type',
  entitytype: 'type',
  postcode: 'postcode',
  postalcode: 'postcode',
  companieshouse: 'ch',
  companieshousenumber: 'ch',
  companynumber: 'ch',
  chnumber: 'ch',
  crn: 'ch',
};

const TYPE_WORDS: Record<string, EntityKind> = {
  firm: 'firm',
  frn: 'firm',
  company: 'firm',
  individual: 'individual',
  person: 'individual',
  irn: 'individual',
  fund: 'fund',
  cis: 'fund',
  prn: 'fund',
};

const INVISIBLE = /[\u00a0\u2007\u202f\u200b-\u200d\u2060\ufeff]/g;

/** The text of a cell: numbers without spreadsheet artefacts, dates as ISO days, whitespace tidied. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return cell.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
}

function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z]/g, '');
}

type Parsed = { kind: EntityKind; ref: string } | { kind: 'invalid'; message: string } | { kind: 'not-a-reference' };

/**
 * Reads one cell as a reference number, cleaning spreadsheet artefacts first. `digitsAre` says
 * what bare digits mean (an FRN unless the row or column says fund).
 */
export function parseReference(raw: string, digitsAre: 'firm' | 'fund' = 'firm'): Parsed {
  let text = raw.replace(INVISIBLE, ' ').trim();
  text = text.replace(/^['"“”‘’]+|['"“”‘’]+$/g, '').trim();
  let labelled: EntityKind | undefined;
  const label = /^(frn|irn|prn)\s*(?::|\.|#|-|no\.?|number)?\s*(.+)$/i.exec(text);
  if (label) {
    labelled = TYPE_WORDS[label[1].toLowerCase()];
    text = label[2].trim();
  }
  const compact = text.replace(/\s+/g, '');
  if (/^[a-z]{3}\d{5}$/i.test(compact)) {
    if (labelled && labelled !== 'individual') return { kind: 'invalid', message: `"${raw.trim()}": an ${labelled === 'firm' ? 'FRN' : 'PRN'} is digits only.` };
    return { kind: 'individual', ref: compact.toUpperCase() };
  }
  let digits: string | undefined;
  const decimal = /^(\d+)(?:\.(\d+))?$/.exec(compact.replace(/,(?=\d{3}(?:\D|$))/g, ''));
  const scientific = /^(\d+(?:\.\d+)?)e\+?(\d+)$/i.exec(compact);
  if (decimal) {
    if (decimal[2] !== undefined && /[^0]/.test(decimal[2])) {
      return { kind: 'invalid', message: `"${raw.trim()}" is not a reference number: it has a decimal part.` };
    }
    digits = decimal[1];
  } else if (scientific) {
    const value = Number(compact);
    if (!Number.isSafeInteger(value)) return { kind: 'invalid', message: `"${raw.trim()}" is not a reference number: it is not a whole number.` };
    digits = String(value);
  }
  if (digits !== undefined) {
    const stripped = digits.replace(/^0+/, '');
    const kind: EntityKind = labelled ?? digitsAre;
    const what = kind === 'fund' ? 'a product reference number (PRN)' : 'a firm reference number (FRN)';
    if (kind === 'individual') return { kind: 'invalid', message: `"${raw.trim()}" is not an individual reference number: an IRN is 3 letters and 5 digits.` };
    if (stripped === '') return { kind: 'invalid', message: `"${raw.trim()}" is not ${what}: it is zero.` };
    if (stripped.length > 7) return { kind: 'invalid', message: `"${raw.trim()}" is not ${what}: it has ${stripped.length} digits, and a reference number has 1 to 7.` };
    return { kind, ref: stripped };
  }
  if (labelled) return { kind: 'invalid', message: `"${raw.trim()}" is not a valid ${labelled === 'firm' ? 'FRN' : labelled === 'fund' ? 'PRN' : 'IRN'}.` };
  // Mostly digits with a stray letter or sign ("73O427", "-730427", "ABC1234"): a damaged number, not a name.
  const letters = (compact.match(/\p{L}/gu) ?? []).length;
  const numerals = (compact.match(/\d/g) ?? []).length;
  if (numerals >= 3 && (letters <= 1 || /^[a-z]{2,4}\d{3,8}$/i.test(compact)) && !/\s/.test(text)) {
    return { kind: 'invalid', message: `"${raw.trim()}" is not a reference number: an FRN or PRN is 1 to 7 digits, an IRN 3 letters and 5 digits.` };
  }
  if (numerals > 0 && letters === 0) {
    return { kind: 'invalid', message: `"${raw.trim()}" is not a reference number: an FRN or PRN is 1 to 7 digits.` };
  }
  return { kind: 'not-a-reference' };
}

/** A UK postcode, upper-case with one space before the inward code; undefined when it is not one. */
export function normalisePostcode(raw: string): string | undefined {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(compact)) return undefined;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** A Companies House number: 8 characters, two letters and six digits or eight digits (leading zeros restored). */
export function normaliseCompanyNumber(raw: string): string | undefined {
  const compact = raw.replace(/\s+/g, '').toUpperCase().replace(/\.0+$/, '');
  if (/^\d{1,8}$/.test(compact)) return compact.padStart(8, '0');
  if (/^[A-Z]{2}\d{6}$/.test(compact)) return compact;
  return undefined;
}

function typeOf(text: string): EntityKind | undefined {
  return TYPE_WORDS[text.toLowerCase().replace(/[^a-z]/g, '')];
}

interface Columns {
  ref?: number;
  refDefault?: 'firm' | 'fund' | 'individual';
  name?: number;
  type?: number;
  postcode?: number;
  ch?: number;
}

/** The columns of a header row, or undefined when the first row is data. */
export function headerColumns(first: string[]): Columns | undefined {
  const columns: Columns = {};
  let known = 0;
  first.forEach((cell, i) => {
    const role = HEADER_ROLES[headerKey(cell)];
    if (!role) return;
    known += 1;
    if (role === 'ref' || role === 'frn' || role === 'irn' || role === 'prn') {
      if (columns.ref === undefined) {
        columns.ref = i;
        columns.refDefault = role === 'prn' ? 'fund' : role === 'irn' ? 'individual' : 'firm';
      }
    } else if (columns[role] === undefined) {
      columns[role] = i;
    }
  });
  if (known === 0) return undefined;
  // A header naming only other columns: the first column is still the input.
  if (columns.ref === undefined && columns.name === undefined) columns.ref = 0;
  return columns;
}

function joinInput(cells: string[]): string {
  return cells.filter((c) => c !== '').join(' | ');
}

/** One data row read with known columns, or by shape when there is no header. */
function readRow(rowNo: number, cells: string[], columns: Columns | undefined): BulkInputRow {
  const input = joinInput(cells);
  const base: BulkInputRow = { rowNo, input, kind: 'invalid' };
  let primary = '';
  let name = '';
  let type: EntityKind | undefined;
  let postcodeText = '';
  let chText = '';
  let refDefault: 'firm' | 'fund' | 'individual' = 'firm';
  if (columns) {
    primary = columns.ref !== undefined ? (cells[columns.ref] ?? '') : '';
    name = columns.name !== undefined ? (cells[columns.name] ?? '') : '';
    if (columns.type !== undefined) type = typeOf(cells[columns.type] ?? '');
    postcodeText = columns.postcode !== undefined ? (cells[columns.postcode] ?? '') : '';
    chText = columns.ch !== undefined ? (cells[columns.ch] ?? '') : '';
    refDefault = columns.refDefault ?? 'firm';
  } else {
    primary = cells[0] ?? '';
    for (const cell of cells.slice(1)) {
      if (cell === '') continue;
      if (!type && typeOf(cell)) type = typeOf(cell);
      else if (!postcodeText && normalisePostcode(cell)) postcodeText = cell;
      else if (!chText && normaliseCompanyNumber(cell) && /\d{6}/.test(cell.replace(/\s/g, ''))) chText = cell;
    }
  }
  const notes: string[] = [];
  // A postcode column may hold part of a postcode ("S1", "EC2V"): partial agreement for the matcher.
  const postcode = postcodeText ? (normalisePostcode(postcodeText) ?? (columns ? readPostcode(postcodeText)?.text : undefined)) : undefined;
  if (postcodeText && !postcode) notes.push(`"${postcodeText}" is not a UK postcode and was not used.`);
  const chNumber = chText ? normaliseCompanyNumber(chText) : undefined;
  if (chText && !chNumber) notes.push(`"${chText}" is not a Companies House number and was not used.`);
  const extras = { ...(postcode ? { postcode } : {}), ...(chNumber ? { chNumber } : {}) };

  if (input === '') return { ...base, message: 'The row is empty.' };

  const digitsAre: 'firm' | 'fund' = type === 'fund' || (!type && refDefault === 'fund') ? 'fund' : 'firm';
  if (primary !== '') {
    const parsed = parseReference(primary, digitsAre);
    if (parsed.kind === 'invalid') return { ...base, message: parsed.message };
    if (parsed.kind !== 'not-a-reference') {
      if (type && parsed.kind !== type) {
        return { ...base, message: `"${primary}" is ${parsed.kind === 'individual' ? 'an IRN' : 'a number'}, but the row's type says ${type}.` };
      }
      // A name beside the reference is kept: the check compares it with the record's names.
      const given = name && name !== primary ? checkSearchText(name) : undefined;
      return {
        ...base,
        kind: parsed.kind,
        ref: parsed.ref,
        ...(given?.ok && /\p{L}{2}/u.test(given.value) ? { name: given.value } : {}),
        ...extras,
        ...(notes.length ? { message: notes.join(' ') } : {}),
      };
    }
    // Text in the reference column: a name.
    if (!name) name = primary;
  }
  if (name === '') return { ...base, message: 'The row has no reference number or name.' };
  const listed = splitListedName(name);
  const searchName = listed.name ?? name;
  const listedPostcode = listed.postcode ? normalisePostcode(listed.postcode) : undefined;
  const checked = checkSearchText(searchName);
  if (!checked.ok) return { ...base, message: `"${searchName}" cannot be searched for: ${checked.message}` };
  if (!/\p{L}{2}/u.test(checked.value)) return { ...base, message: `"${searchName}" is neither a reference number nor a name.` };
  return {
    ...base,
    kind: 'name',
    name: checked.value,
    entity: type ?? (refDefault === 'individual' ? 'individual' : refDefault === 'fund' ? 'fund' : 'firm'),
    ...extras,
    ...(listedPostcode && !extras.postcode ? { postcode: listedPostcode } : {}),
    ...(notes.length ? { message: notes.join(' ') } : {}),
  };
}

/** What makes two rows the same check. */
export function identityOf(row: BulkInputRow): string | undefined {
  if (row.kind === 'invalid') return undefined;
  const folded = (name: string) => {
    const f = foldName(name, { person: row.entity === 'individual' || row.kind === 'individual' });
    return [f.compact, ...f.legalForms].join(' ');
  };
  if (row.kind === 'name') return `name:${row.entity}:${folded(row.name ?? '')}:${row.postcode ?? ''}:${row.chNumber ?? ''}`;
  return `${row.kind}:${row.ref}${row.name ? `:${folded(row.name)}` : ''}`;
}

/** Rows from a table of cells (header detected), numbered, validated and with duplicates folded. */
export function readInputTable(table: Cell[][]): BulkInputRow[] {
  const rows = table.map((r) => r.map(cellText));
  // Trailing empty rows (spreadsheets and pasted text end with them) are not input.
  while (rows.length > 0 && rows[rows.length - 1].every((c) => c === '')) rows.pop();
  if (rows.length === 0) return [];
  const columns = headerColumns(rows[0]);
  const data = columns ? rows.slice(1) : rows;
  const seen = new Map<string, number>();
  return data.map((cells, i) => {
    const row = readRow(i + 1, cells, columns);
    const id = identityOf(row);
    if (id === undefined) return row;
    const first = seen.get(id);
    if (first !== undefined) return { ...row, duplicateOf: first };
    seen.set(id, row.rowNo);
    return row;
  });
}

/**
 * Cells of pasted text or a CSV file. The delimiter is the one of comma, tab (what a copy from a
 * spreadsheet gives) and semicolon that splits the first ten lines most; a single column needs none.
 */
export function parseDelimitedText(text: string): string[][] {
  const body = text.replace(/^\ufeff/, '');
  const sample = body.split(/\r?\n/, 10).join('\n');
  const counts = [',', '\t', ';'].map((d) => [d, sample.split(d).length - 1] as const);
  const [delimiter] = counts.reduce((best, c) => (c[1] > best[1] ? c : best), [',', 0] as const);
  return parse(body, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    trim: false,
  }) as string[][];
}
