import type { EntityKind } from '@/lib/db/schema';
import { foldName } from '@/lib/matching/fold-name';
import { readPostcode } from '@/lib/matching/postcode';
import { splitListedName } from '@/lib/register/normalise-search';
import { checkSearchText } from '@/lib/register/validate';
import { cellString } from '@/lib/spreadsheet/header-row';
import { columnLetters, type UncachedFormula } from '@/lib/spreadsheet/spreadsheet-types';

/**
 * What a bulk check's input means, row by row. The input is a table read by the bounded reader
 * (lib/spreadsheet: pasted text, a CSV, or one sheet of an XLSX workbook), laid out by
 * bulk-columns.ts (which row is the header, which column holds what, which columns are the
 * person's own); each data row becomes one `BulkInputRow`, in input order, and none is ever
 * dropped: a row that cannot be checked is kept as `invalid` with the reason. Blank rows are not
 * rows of the input.
 *
 * Columns. With known columns a row uses its reference when it has one and its name otherwise;
 * text in the reference column is a name (or, beside a name, set aside with a note). Without a
 * header the first cell is the row's reference or name and the other cells are recognised by their
 * shape (a UK postcode, a Companies House number, a type word). A name beside a reference is
 * kept, to be checked against the record's names; a postcode column may hold part of a postcode.
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
 * Formulas. A workbook's formula cell counts by its saved value; one with none is read as empty and
 * the row says which cell, and why, in its message.
 *
 * Duplicates. Two rows that mean the same thing (the same reference, or the same name, type,
 * postcode and Companies House number once normalised) are checked once: the later row is a
 * duplicate of the first and shows its result.
 */

export interface BulkInputRow {
  /** 1-based position among the data rows. */
  rowNo: number;
  /** The row's number in the source: the sheet's row or the file's line. */
  sourceRow?: number;
  /** The row as given: the non-empty cells of the columns read (all its cells when read by shape) joined with " | ". */
  input: string;
  /** The person's own columns' cells (a client id, notes), in the order of the layout's user columns. */
  userCells?: string[];
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

const INVISIBLE = /[\u00a0\u2007\u202f\u200b-\u200d\u2060\ufeff]/g;

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

/** The text of a cell: numbers without spreadsheet artefacts, dates as ISO days, whitespace tidied. */
export function cellText(cell: Cell): string {
  return cellString(cell);
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

export function typeOf(text: string): EntityKind | undefined {
  return TYPE_WORDS[text.toLowerCase().replace(/[^a-z]/g, '')];
}

/** Which column holds what (0-based), as detected or as the person chose it. */
export interface RoleColumns {
  ref?: number;
  name?: number;
  type?: number;
  postcode?: number;
  ch?: number;
  /** What bare digits in the reference column are: an FRN unless its header says PRN (or IRN). */
  refDefault: 'firm' | 'fund' | 'individual';
}

/** One data row to read: its cells as text, where it came from, and formula cells with no saved value. */
export interface MappedRow {
  sourceRow: number;
  cells: string[];
  uncached: UncachedFormula[];
}

function formulaNote(row: MappedRow, u: UncachedFormula): string {
  const formula = u.formula.length > 60 ? `${u.formula.slice(0, 57)}…` : u.formula;
  return `Cell ${columnLetters(u.column)}${row.sourceRow} holds a formula (=${formula}) with no saved value, so it was read as empty: open the file in your spreadsheet, save it, and upload it again (or paste the values).`;
}

/**
 * One data row read with known columns (`columns`), or by shape when there is none: the first cell
 * is the reference or name, and the others are recognised as a postcode, a Companies House number
 * or a type word. `userColumns` are the person's own columns, kept as they are.
 */
export function readRow(rowNo: number, row: MappedRow, columns: RoleColumns | undefined, userColumns: number[] = []): BulkInputRow {
  const cells = row.cells;
  const at = (i: number | undefined) => (i === undefined ? '' : (cells[i] ?? ''));
  const roleIndexes = columns ? [columns.ref, columns.name, columns.type, columns.postcode, columns.ch].filter((i): i is number => i !== undefined).sort((a, b) => a - b) : [];
  const input = columns ? joinInput(roleIndexes.map(at)) : joinInput(cells);
  const userCells = userColumns.map(at);
  const base: BulkInputRow = { rowNo, sourceRow: row.sourceRow, input, kind: 'invalid', ...(userColumns.length ? { userCells } : {}) };
  let primary = '';
  let name = '';
  let type: EntityKind | undefined;
  let postcodeText = '';
  let chText = '';
  let refDefault: 'firm' | 'fund' | 'individual' = 'firm';
  if (columns) {
    primary = at(columns.ref);
    name = at(columns.name);
    if (columns.type !== undefined) type = typeOf(at(columns.type));
    postcodeText = at(columns.postcode);
    chText = at(columns.ch);
    refDefault = columns.refDefault;
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
  // A formula with no saved value in a column the check reads (or any column, read by shape) is said
  // in the row; one in the person's own columns too, since that cell comes back empty.
  const readColumns = new Set(columns ? [...roleIndexes, ...userColumns] : cells.map((_, i) => i));
  const formulas = row.uncached.filter((u) => readColumns.has(u.column) || !columns);
  const keyFormula = formulas.find((u) => (columns ? u.column === columns.ref || u.column === columns.name : u.column === 0));
  for (const u of formulas) if (u !== keyFormula) notes.push(formulaNote(row, u));
  // A postcode column may hold part of a postcode ("S1", "EC2V"): partial agreement for the matcher.
  const postcode = postcodeText ? (normalisePostcode(postcodeText) ?? (columns ? readPostcode(postcodeText)?.text : undefined)) : undefined;
  if (postcodeText && !postcode) notes.push(`"${postcodeText}" is not a UK postcode and was not used.`);
  const chNumber = chText ? normaliseCompanyNumber(chText) : undefined;
  if (chText && !chNumber) notes.push(`"${chText}" is not a Companies House number and was not used.`);
  const extras = { ...(postcode ? { postcode } : {}), ...(chNumber ? { chNumber } : {}) };
  const withNotes = (message?: string) => {
    const all = [message, ...notes].filter(Boolean);
    return all.length ? { message: all.join(' ') } : {};
  };

  if (input === '' && !keyFormula) return { ...base, ...withNotes('The row has no value in the columns read.') };

  const digitsAre: 'firm' | 'fund' = type === 'fund' || (!type && refDefault === 'fund') ? 'fund' : 'firm';
  if (primary !== '') {
    const parsed = parseReference(primary, digitsAre);
    if (parsed.kind === 'invalid') return { ...base, ...withNotes(parsed.message) };
    if (parsed.kind !== 'not-a-reference') {
      if (type && parsed.kind !== type) {
        return { ...base, ...withNotes(`"${primary}" is ${parsed.kind === 'individual' ? 'an IRN' : 'a number'}, but the row's type says ${type}.`) };
      }
      // A name beside the reference is kept: the check compares it with the record's names.
      const given = name && name !== primary ? checkSearchText(name) : undefined;
      return {
        ...base,
        kind: parsed.kind,
        ref: parsed.ref,
        ...(given?.ok && /\p{L}{2}/u.test(given.value) ? { name: given.value } : {}),
        ...extras,
        ...withNotes(),
      };
    }
    // Text in the reference column: a name, or beside a name, said and set aside.
    if (!name) name = primary;
    else if (columns?.ref !== undefined) notes.unshift(`"${primary}" in the reference column is not a reference number; the row was checked by its name.`);
  }
  if (name === '') {
    if (keyFormula) return { ...base, ...withNotes(formulaNote(row, keyFormula)) };
    return { ...base, ...withNotes('The row has no reference number or name.') };
  }
  if (keyFormula) notes.push(formulaNote(row, keyFormula));
  const listed = splitListedName(name);
  const searchName = listed.name ?? name;
  const listedPostcode = listed.postcode ? normalisePostcode(listed.postcode) : undefined;
  const checked = checkSearchText(searchName);
  if (!checked.ok) return { ...base, ...withNotes(`"${searchName}" cannot be searched for: ${checked.message}`) };
  if (!/\p{L}{2}/u.test(checked.value)) return { ...base, ...withNotes(`"${searchName}" is neither a reference number nor a name.`) };
  return {
    ...base,
    kind: 'name',
    name: checked.value,
    entity: type ?? (refDefault === 'individual' ? 'individual' : refDefault === 'fund' ? 'fund' : 'firm'),
    ...extras,
    ...(listedPostcode && !extras.postcode ? { postcode: listedPostcode } : {}),
    ...withNotes(),
  };
}

function joinInput(cells: string[]): string {
  return cells.filter((c) => c !== '').join(' | ');
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
