import { stringify } from 'csv-stringify/sync';
import { londonDate } from '@/lib/format/london-time';

/**
 * CSV for spreadsheet tools, through csv-stringify:
 *
 * - UTF-8 with a byte-order mark, so Excel reads "Zoë's Mortgage Café" as written rather than as
 *   Windows-1252 mojibake; CRLF record ends (RFC 4180); every field quoted when it needs to be.
 * - Formula injection neutralised: a cell whose text starts with `=`, `+`, `-`, `@`, a tab or a
 *   carriage return is written with a leading apostrophe (`'=HYPERLINK(…)`), which spreadsheets
 *   treat as "this is text". Register data is free text typed by firms, so a trading name such as
 *   `=HYPERLINK("http://evil","Click")` must reach the analyst as text, never as a live formula.
 *   The cost: a value that really starts with one of those characters (a negative number, "-"
 *   for "none") shows the apostrophe in a text editor; every value is exported as text anyway.
 * - A formula after a separator neutralised too: Excel in a locale whose list separator is `;`
 *   (most of continental Europe) splits an unquoted `Qux;=1+1` into `Qux` and a live `=1+1`, and
 *   a tab does the same when the text is pasted. Such a cell (a `;`, `,`, tab or `|` followed,
 *   after any spaces, by `=`, `+`, `-` or `@`) is always quoted: every reader, whatever its
 *   separator, then takes the quoted text as one cell that starts with a letter. Quotes are not
 *   part of the value, so nothing the analyst sees changes.
 */

/** What a cell may hold; absent values are empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A separator some reader may split on, then (after spaces) a formula's first character. */
const FORMULA_AFTER_SEPARATOR = /[;,\t|]\s*[=+\-@]/;

/** Whether a cell's text would start a formula once a reader splits it at a separator inside it. */
export function startsFormulaAfterSeparator(text: string): boolean {
  return FORMULA_AFTER_SEPARATOR.test(text);
}

/** The text a cell is written with: formula-looking text gets a leading apostrophe. */
export function neutraliseCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A CSV document (BOM, header row, CRLF) from columns and rows. */
export function csvDocument<Row>(columns: CsvColumn<Row>[], rows: Row[]): string {
  const records = rows.map((row) => columns.map((c) => neutraliseCell(c.value(row))));
  return stringify([columns.map((c) => neutraliseCell(c.header)), ...records], {
    bom: true,
    record_delimiter: 'windows',
    // Neutralised here already (so the rule is ours, documented and tested); the library's own
    // pass would be a second apostrophe on the same cells.
    escape_formulas: false,
    // A separator followed by a formula inside a cell: quoted, so no reader splits it there.
    quoted_match: FORMULA_AFTER_SEPARATOR,
    // A carriage return inside a value would otherwise split the record for some readers.
    quote_record_delimiter: true,
  });
}

/** "firm-122702-permissions-2026-11-22.csv": lower-case words, digits and hyphens only. */
export function csvFilename(parts: string[], at: Date = new Date()): string {
  const words = parts
    .map((p) =>
      p
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean);
  return `${[...words, londonDate(at)].join('-').slice(0, 150)}.csv`;
}

/** The download: a CSV body with its file name, never cached by a browser or proxy. */
export function csvResponse(body: string, filename: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...headers,
    },
  });
}
