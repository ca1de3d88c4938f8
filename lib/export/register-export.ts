import type { RegisterClient } from '@/lib/register/register-client-types';
import type { AllPagesOptions, AllPagesResult, Provenance, RegisterFailure } from '@/lib/register/result';
import { type CsvColumn, csvDocument } from '@/lib/csv/csv';

/**
 * One register table as a CSV file: which list to walk, how its data becomes rows, and the
 * columns. Every file ends with two provenance columns (when the register produced the answer and
 * which register path it came from), so a spreadsheet copied out of the portal still says where
 * and when its rows came from.
 */

export type ExportSubject = 'firm' | 'individual' | 'fund' | 'search' | 'markets';

export interface ExportDefinition<T, Row> {
  subject: ExportSubject;
  /** FRN, IRN or PRN (absent for search and markets). */
  reference?: string;
  /** What the file holds, for messages and the audit log: "appointed representatives of FRN 700100". */
  what: string;
  /** Short name for the audit log and the file name: "appointed-representatives". */
  table: string;
  /** File name words before the date: ['firm', '700100', 'appointed-representatives']. */
  filename: string[];
  walk: (client: RegisterClient, options: AllPagesOptions) => Promise<AllPagesResult<T>>;
  rows: (data: T) => Row[];
  columns: CsvColumn<Row>[];
  /** Whether the register's "not found" for this list means "none" (an empty file) rather than a missing record. */
  notFoundIsEmpty: boolean;
}

export type ExportOutcome =
  | {
      kind: 'ok';
      body: string;
      rows: number;
      pagesFetched: number;
      truncated: boolean;
      provenance: Provenance | null;
    }
  | { kind: 'failed'; failure: RegisterFailure };

/** A definition with its row type hidden, so route handlers can hold any of them. */
export interface RegisterExport {
  subject: ExportSubject;
  reference?: string;
  what: string;
  table: string;
  filename: string[];
  notFoundIsEmpty: boolean;
  run(client: RegisterClient, options: { maxPages: number }): Promise<ExportOutcome>;
}

export const PROVENANCE_HEADERS = ['Retrieved at', 'Register path'] as const;

/** Every data column, then the provenance columns; a note row at the end when the walk stopped early. */
export function registerCsv<Row>(columns: CsvColumn<Row>[], rows: Row[], provenance: Provenance | null, incomplete?: string): string {
  type Line = { row: Row } | { note: string };
  const all: CsvColumn<Line>[] = [
    ...columns.map((c, i): CsvColumn<Line> => ({
      header: c.header,
      value: (line) => ('row' in line ? c.value(line.row) : i === 0 ? line.note : ''),
    })),
    { header: PROVENANCE_HEADERS[0], value: (line) => ('row' in line ? provenance?.retrievedAt : '') },
    { header: PROVENANCE_HEADERS[1], value: (line) => ('row' in line ? provenance?.path : '') },
  ];
  const lines: Line[] = rows.map((row) => ({ row }));
  if (incomplete) lines.push({ note: incomplete });
  return csvDocument(all, lines);
}

function incompleteNote(result: Extract<AllPagesResult<unknown>, { kind: 'ok' }>, rows: number, maxPages: number): string | undefined {
  if (!result.truncated) return undefined;
  const pages = `${result.pagesFetched} ${result.pagesFetched === 1 ? 'page' : 'pages'}`;
  const total = result.page.totalCount;
  const held = total !== undefined && total > rows ? `; this file holds ${rows} of the ${total} rows the register reports` : '';
  if (result.interruption) {
    return `INCOMPLETE: the register stopped answering after ${pages} (${result.interruption.message})${held}; rows from later pages are missing.`;
  }
  const of = result.page.pageCount && result.page.pageCount > result.pagesFetched ? ` of ${result.page.pageCount}` : '';
  return `INCOMPLETE: only the first ${pages}${of} were fetched (the portal's limit is ${maxPages} pages per export, FSR_EXPORT_MAX_PAGES)${held}; rows from later pages are missing.`;
}

export function defineExport<T, Row>(def: ExportDefinition<T, Row>): RegisterExport {
  return {
    subject: def.subject,
    reference: def.reference,
    what: def.what,
    table: def.table,
    filename: def.filename,
    notFoundIsEmpty: def.notFoundIsEmpty,
    async run(client, { maxPages }) {
      const result = await def.walk(client, { priority: 'report', maxPages });
      if (result.kind === 'not-found' && def.notFoundIsEmpty) {
        return { kind: 'ok', body: registerCsv(def.columns, [], result.provenance), rows: 0, pagesFetched: 1, truncated: false, provenance: result.provenance };
      }
      if (result.kind !== 'ok') return { kind: 'failed', failure: result };
      const rows = def.rows(result.data);
      return {
        kind: 'ok',
        body: registerCsv(def.columns, rows, result.provenance, incompleteNote(result, rows.length, maxPages)),
        rows: rows.length,
        pagesFetched: result.pagesFetched,
        truncated: result.truncated,
        provenance: result.provenance,
      };
    },
  };
}
