import { parse } from 'csv-parse/sync';
import type { EntityKind } from '@/lib/db/schema';
import { checkFrn, checkIrn, checkPrn } from '@/lib/register/validate';

/**
 * What people type or upload to add entities to a watchlist: pasted numbers ("122702, BKS00001,
 * PRN 800800", one per line or separated by commas, semicolons or spaces) or a CSV file (a column
 * of numbers, optionally a column saying firm, individual or fund). An IRN is unambiguous; a
 * labelled number (FRN 122702, PRN 800800) or a row with a kind says what it is; bare digits may be
 * an FRN or a PRN and are looked up on the register (resolve-entries.ts). Every row is checked with
 * lib/register/validate.ts; a bad row is reported by its number and nothing is added.
 */

export interface EntryCandidate {
  /** 1-based: the item's position in pasted text, or the CSV line. */
  row: number;
  /** What was given, for messages. */
  input: string;
  ref: string;
  /** Undefined when bare digits leave it open between firm and fund. */
  kind?: EntityKind;
}

export interface RowError {
  row: number;
  input: string;
  message: string;
}

export interface ParsedEntries {
  candidates: EntryCandidate[];
  errors: RowError[];
}

/** At most this many rows per paste or upload. */
export const MAX_ENTRY_ROWS = 2000;

const CHECKS: Record<EntityKind, typeof checkFrn> = { firm: checkFrn, individual: checkIrn, fund: checkPrn };
const LABELS: Record<string, EntityKind> = {
  frn: 'firm',
  firm: 'firm',
  irn: 'individual',
  individual: 'individual',
  person: 'individual',
  prn: 'fund',
  fund: 'fund',
};

function shown(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** One number, with the kind a label or a column gave it (if any). */
export function readEntry(row: number, raw: string, givenKind?: EntityKind): EntryCandidate | RowError {
  const input = raw.trim();
  if (givenKind) {
    const checked = CHECKS[givenKind](input);
    return checked.ok ? { row, input, ref: checked.value, kind: givenKind } : { row, input, message: checked.message };
  }
  if (/^[a-z]{3}\d{5}$/i.test(input)) return { row, input, ref: input.toUpperCase(), kind: 'individual' };
  if (/^\d{1,7}$/.test(input)) return { row, input, ref: input };
  return {
    row,
    input,
    message: `"${shown(input)}" is not a reference number: use an FRN or PRN (1 to 7 digits, e.g. 122702) or an IRN (3 letters and 5 digits, e.g. MXC29012).`,
  };
}

function collect(items: Array<EntryCandidate | RowError>): ParsedEntries {
  const candidates: EntryCandidate[] = [];
  const errors: RowError[] = [];
  for (const item of items) {
    if ('message' in item) errors.push(item);
    else candidates.push(item);
  }
  return { candidates, errors };
}

function tooMany(rows: number): ParsedEntries {
  return {
    candidates: [],
    errors: [
      {
        row: MAX_ENTRY_ROWS + 1,
        input: '',
        message: `At most ${MAX_ENTRY_ROWS.toLocaleString('en-GB')} numbers at a time (${rows.toLocaleString('en-GB')} given): split the list.`,
      },
    ],
  };
}

/** Pasted text: numbers separated by commas, semicolons, spaces or new lines; "FRN 122702" keeps its label. */
export function parsePastedEntries(text: string): ParsedEntries {
  // "FRN 122702", "prn: 800800", "IRN#ABC12345" become one token each.
  const joined = text.replace(/\b(frn|irn|prn)\s*(?::|#|\.|no\.?)?\s*(?=[a-z0-9])/gi, (_m, label: string) => `${label}:`);
  const tokens = joined.split(/[\s,;]+/).filter((t) => t !== '');
  if (tokens.length > MAX_ENTRY_ROWS) return tooMany(tokens.length);
  return collect(
    tokens.map((token, i) => {
      const labelled = /^(frn|irn|prn):(.*)$/i.exec(token);
      if (labelled) return readEntry(i + 1, labelled[2], LABELS[labelled[1].toLowerCase()]);
      return readEntry(i + 1, token);
    }),
  );
}

const REF_HEADERS = new Set(['ref', 'reference', 'number', 'reference number', 'frn', 'irn', 'prn', 'frn/irn/prn', 'id']);
const KIND_HEADERS = new Set(['kind', 'type', 'entity', 'entity type', 'record type']);

function kindFromCell(cell: string): EntityKind | undefined | null {
  const v = cell.trim().toLowerCase();
  if (v === '') return undefined;
  return LABELS[v] ?? null;
}

/**
 * A CSV file: one number per row in the first column, or, with a header row, the column named
 * ref (reference, number, FRN…) and optionally one named kind (type): firm, individual or fund
 * (or FRN, IRN, PRN). Rows are numbered as lines of the file.
 */
export function parseCsvEntries(text: string): ParsedEntries {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    return { candidates: [], errors: [{ row: line ?? 1, input: '', message: `The file is not valid CSV${line ? ` (line ${line})` : ''}: ${(err as Error).message}` }] };
  }
  let refCol = 0;
  let kindCol: number | undefined;
  let start = 0;
  const first = (records[0] ?? []).map((c) => c.trim().toLowerCase());
  if (first.some((c) => REF_HEADERS.has(c) || KIND_HEADERS.has(c))) {
    refCol = first.findIndex((c) => REF_HEADERS.has(c));
    if (refCol < 0)
      return { candidates: [], errors: [{ row: 1, input: records[0].join(','), message: 'The header row has no column of numbers: name it ref (or reference, number, FRN).' }] };
    const k = first.findIndex((c) => KIND_HEADERS.has(c));
    kindCol = k >= 0 ? k : undefined;
    start = 1;
  } else if (first.length >= 2 && kindFromCell(first[1] ?? '') !== null) {
    // Without a header: number, then kind.
    kindCol = 1;
  }
  const rows = records
    .slice(start)
    .map((cells, i) => ({ line: start + i + 1, cells }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (rows.length > MAX_ENTRY_ROWS) return tooMany(rows.length);
  return collect(
    rows.map(({ line, cells }) => {
      const refCell = (cells[refCol] ?? '').trim();
      const kindCell = kindCol !== undefined ? (cells[kindCol] ?? '') : '';
      const kind = kindFromCell(kindCell);
      if (kind === null)
        return { row: line, input: cells.join(','), message: `"${shown(kindCell.trim())}" is not a kind of record: use firm, individual or fund (or FRN, IRN, PRN).` };
      if (refCell === '') return { row: line, input: cells.join(','), message: 'The number is missing.' };
      const labelled = /^(frn|irn|prn)\s*[:#]?\s*(.+)$/i.exec(refCell);
      if (labelled && !kind) return readEntry(line, labelled[2], LABELS[labelled[1].toLowerCase()]);
      return readEntry(line, refCell, kind);
    }),
  );
}
