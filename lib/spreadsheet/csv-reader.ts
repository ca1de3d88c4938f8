import { CsvError, parse } from 'csv-parse/sync';
import { type CellValue, countText, ReadRefused, refuse, type SourceRow, type SpreadsheetLimits, type SpreadsheetTable } from './spreadsheet-types';

/**
 * Delimited text (a CSV file, a tab-separated copy from a spreadsheet, pasted rows) read with the
 * same limits as a workbook: rows with a value stop at the limit + 1, cells, columns and cell
 * length are counted record by record as csv-parse produces them (it stops at the first refusal),
 * and a record longer than `maxRecordChars` is refused before it is finished. Blank lines are left
 * out; each row keeps its line number.
 */

const MAX_RECORD_CHARS = 1024 * 1024;

/** The text of a file: UTF-8 (with or without a BOM), or UTF-16 with its BOM (Excel's "Unicode text"). */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\ufeff/, '');
}

/**
 * The delimiter: the one of comma, tab (what a copy from a spreadsheet gives) and semicolon that
 * splits the first ten lines most; a single column needs none.
 */
export function guessDelimiter(text: string): string {
  const sample = text.split(/\r?\n/, 10).join('\n');
  const counts = [',', '\t', ';'].map((d) => [d, sample.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best), [',', 0] as const)[0];
}

export function readDelimited(bytes: Uint8Array, request: { label: string; limits: SpreadsheetLimits }): Omit<SpreadsheetTable, 'stats'> & { inflatedBytes: number } {
  const { label, limits } = request;
  const text = decodeText(bytes);
  if (text.includes('\u0000')) refuse('not-text', `${label} is not a text (CSV) file or an XLSX workbook.`, 415);
  const rows: SourceRow[] = [];
  let cells = 0;
  try {
    parse(text, {
      delimiter: guessDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
      max_record_size: MAX_RECORD_CHARS,
      on_record: (record: string[], info) => {
        const values = record.filter((c) => c.trim() !== '').length;
        if (values === 0) return null;
        const line = info.lines;
        if (rows.length >= limits.maxRows) {
          refuse('too-many-rows', `${label} has more than ${countText(limits.maxRows)} rows with values, the most the portal reads. Split it into several files.`, 413);
        }
        const last = record.findLastIndex((c) => c.trim() !== '');
        if (last >= limits.maxColumns) {
          refuse(
            'too-many-columns',
            `${label} has a value in column ${countText(last + 1)} on line ${countText(line)}; the portal reads at most ${countText(limits.maxColumns)} columns. Delete the columns you do not need.`,
            413,
          );
        }
        for (const c of record) {
          if (c.length > limits.maxStringLength) {
            refuse(
              'string-too-long',
              `${label} has a value of more than ${countText(limits.maxStringLength)} characters on line ${countText(line)}, more than a spreadsheet cell can hold.`,
              413,
            );
          }
        }
        cells += values;
        if (cells > limits.maxCells) refuse('too-many-cells', `${label} has more than ${countText(limits.maxCells)} filled cells, the most the portal reads.`, 413);
        rows.push({ number: line, cells: record.slice(0, last + 1).map((c): CellValue => (c === '' ? null : c)) });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof ReadRefused) throw error;
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
      refuse('string-too-long', `${label} has a line longer than ${countText(MAX_RECORD_CHARS)} characters, more than a row of a table the portal reads.`, 413);
    }
    const where = error instanceof Error && /line (\d+)/i.exec(error.message);
    refuse('bad-csv', `${label} is not valid CSV${where ? ` (line ${where[1]})` : ''}: check for a quote (") that is opened and never closed.`, 400);
  }
  return { format: 'csv', sheets: [{ name: 'CSV', index: 0, hidden: false, hasData: rows.length > 0 }], sheet: 0, rows, filledMerges: 0, inflatedBytes: text.length };
}
