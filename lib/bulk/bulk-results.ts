import type { BulkJob, BulkRow } from '@/lib/bulk/bulk-store';
import type { CsvColumn } from '@/lib/csv/csv';
import { FIRM_SECTIONS, isFirmSectionSlug } from '@/lib/sections/firm-sections';
import { reasonsText, standingText, type StandingLevel } from '@/lib/standing/standing';

/**
 * A bulk check's results as a table: one row per input row, in input order, with the input as
 * given, what it was read as, the outcome, the match, the fetched columns and provenance. The CSV
 * download writes it through lib/export/csv (formula neutralisation included), the XLSX download
 * through bulk-xlsx.ts, and the results page shows the same outcomes.
 */

export type OutcomeLabel =
  | 'Matched'
  | 'Unauthorised or clone'
  | 'Name does not match reference'
  | 'Not found'
  | 'Invalid input'
  | 'Ambiguous'
  | 'Register error'
  | 'Not checked yet'
  | 'Not checked (cancelled)';

export function outcomeLabel(row: Pick<BulkRow, 'outcome'>, job: Pick<BulkJob, 'state'>): OutcomeLabel {
  switch (row.outcome) {
    case 'matched':
      return 'Matched';
    case 'unauthorised':
      return 'Unauthorised or clone';
    case 'mismatch':
      return 'Name does not match reference';
    case 'not-found':
      return 'Not found';
    case 'invalid':
      return 'Invalid input';
    case 'ambiguous':
      return 'Ambiguous';
    case 'register-error':
      return 'Register error';
    default:
      return job.state === 'cancelled' ? 'Not checked (cancelled)' : 'Not checked yet';
  }
}

const READ_AS: Record<BulkRow['inputKind'], string> = { firm: 'FRN', individual: 'IRN', fund: 'PRN', name: 'Name', invalid: 'Invalid' };

/** What a row was read as: "FRN 730427", "Name (firm) Acme Ltd, postcode EC2N 4BQ". */
export function readAsText(row: BulkRow): string {
  if (row.inputKind === 'invalid') return 'Invalid';
  if (row.inputKind !== 'name') return `${READ_AS[row.inputKind]} ${row.ref ?? ''}${row.nameQuery ? ` with the name "${row.nameQuery}"` : ''}`;
  const extras = [row.postcode ? `postcode ${row.postcode}` : '', row.chNumber ? `Companies House ${row.chNumber}` : ''].filter(Boolean).join(', ');
  return `Name (${row.entity ?? 'firm'}) ${row.nameQuery ?? ''}${extras ? `, ${extras}` : ''}`;
}

/** A row with its result: a duplicate carries its first row's result. */
export interface ResultRow {
  row: BulkRow;
  result: BulkRow;
  outcome: OutcomeLabel;
}

/** What the results page filters by: a row needs a decision, is flagged by its standing, was not found, or was invalid. */
export type ReviewFilter = 'decision' | 'flagged' | 'not-found' | 'invalid';

export const REVIEW_FILTERS: Record<ReviewFilter, string> = {
  decision: 'Needs a decision',
  flagged: 'Flagged',
  'not-found': 'Not found',
  invalid: 'Invalid',
};

/** The standing's level a row shows (of what it matched, or of the unauthorised entry it found); null when it has none. */
export function rowLevel(r: ResultRow): StandingLevel | null {
  return r.result.outcome === 'matched' || r.result.outcome === 'unauthorised' ? (r.result.standing?.level ?? null) : null;
}

export function inReview(r: ResultRow, filter: ReviewFilter): boolean {
  switch (filter) {
    case 'decision':
      return r.result.outcome === 'ambiguous' || r.result.outcome === 'mismatch';
    case 'flagged': {
      const level = rowLevel(r);
      return level === 'stop' || level === 'caution';
    }
    case 'not-found':
      return r.result.outcome === 'not-found';
    default:
      return r.result.outcome === 'invalid' || r.row.inputKind === 'invalid';
  }
}

export function resultRows(job: BulkJob, rows: BulkRow[]): ResultRow[] {
  const byNo = new Map(rows.map((r) => [r.rowNo, r]));
  return rows.map((row) => {
    const result = row.duplicateOf !== null ? (byNo.get(row.duplicateOf) ?? row) : row;
    return { row, result, outcome: outcomeLabel(result, job) };
  });
}

const STATUS_FIELDS = ['Name', 'Status', 'Status effective date', 'Sub-status', 'Business type', 'Companies House number', 'Operator'];

/** The fetched columns, in a fixed order: the record's, then each chosen section's. */
export function fieldHeaders(job: BulkJob, rows: BulkRow[]): string[] {
  const present = new Set(rows.flatMap((r) => Object.keys(r.fields)));
  const headers = STATUS_FIELDS.filter((h) => present.has(h) || ['Name', 'Status'].includes(h));
  for (const slug of job.sections.filter(isFirmSectionSlug)) headers.push(`${FIRM_SECTIONS[slug].title} (count)`, FIRM_SECTIONS[slug].title);
  return headers;
}

/**
 * One column of the results: its header and text (what the CSV and XLSX downloads write), where it
 * appears, and an id the results page uses to render the few columns it shows richer (a badge, a
 * link, the candidate chooser). The page, the CSV and the XLSX all read this one list, so a column
 * added here (a standing, its reasons) appears in all three.
 */
export interface ResultColumn extends CsvColumn<ResultRow> {
  id: string;
  /** The page, the downloads, or both (the default). */
  in?: 'page' | 'downloads';
}

/** Our own headers: a person's column with the same header is told apart with " (input)". */
function ownHeader(header: string, taken: Set<string>): string {
  return taken.has(header.toLowerCase()) ? `${header} (input)` : header;
}

/** The results' columns, in order: the input as given and the person's own columns, then the outcome, the match, the fetched fields and provenance. */
export function resultColumns(job: BulkJob, rows: BulkRow[]): ResultColumn[] {
  const fields = fieldHeaders(job, rows);
  const before: ResultColumn[] = [
    { id: 'row', header: 'Row', value: (r) => r.row.rowNo },
    ...(rows.some((r) => r.sourceRow !== null) ? [{ id: 'source-row', header: job.source === 'xlsx' ? 'Sheet row' : 'Line', value: (r: ResultRow) => r.row.sourceRow ?? '' }] : []),
    { id: 'input', header: 'Input', value: (r) => r.row.input },
  ];
  const after: ResultColumn[] = [
    { id: 'read-as', header: 'Read as', value: (r) => readAsText(r.row) },
    { id: 'outcome', header: 'Outcome', value: (r) => r.outcome },
    { id: 'standing', header: 'Standing', value: (r) => (rowLevel(r) && r.result.standing ? standingText(r.result.standing) : '') },
    { id: 'standing-reasons', header: 'Standing reasons', in: 'downloads', value: (r) => (rowLevel(r) && r.result.standing ? reasonsText(r.result.standing) : '') },
    { id: 'retryable', header: 'Retryable', in: 'downloads', value: (r) => (r.result.outcome === 'register-error' ? (r.result.retryable ? 'Yes' : 'No') : '') },
    { id: 'message', header: 'Message', in: 'downloads', value: (r) => rowMessage(r) },
    {
      id: 'match',
      header: 'Match',
      in: 'page',
      value: (r) => (r.result.outcome === 'matched' || r.result.outcome === 'unauthorised' ? (r.result.matchedName ?? r.result.matchedRef ?? '') : ''),
    },
    { id: 'matched-type', header: 'Matched type', in: 'downloads', value: (r) => r.result.matchedKind ?? '' },
    { id: 'matched-reference', header: 'Matched reference', in: 'downloads', value: (r) => r.result.matchedRef ?? '' },
    { id: 'matched-name', header: 'Matched name', in: 'downloads', value: (r) => r.result.matchedName ?? '' },
    { id: 'match-score', header: 'Match score', in: 'downloads', value: (r) => (r.result.inputKind === 'name' && r.result.score !== null ? r.result.score : '') },
    ...fields.map((h): ResultColumn => ({ id: `field:${h}`, header: h, ...(h === 'Name' ? { in: 'downloads' as const } : {}), value: (r) => r.result.fields[h] ?? '' })),
    { id: 'retrieved', header: 'Retrieved', in: 'page', value: (r) => r.result.retrievedAt ?? '' },
    { id: 'retrieved-at', header: 'Retrieved at', in: 'downloads', value: (r) => r.result.retrievedAt ?? '' },
    { id: 'source', header: 'Source', in: 'downloads', value: (r) => (r.result.provenanceSource === 'cache' ? 'Cached' : r.result.provenanceSource === 'live' ? 'Live' : '') },
    { id: 'chosen-by', header: 'Chosen by', in: 'downloads', value: (r) => r.result.resolvedBy ?? '' },
    { id: 'notes', header: 'Notes', in: 'page', value: (r) => rowMessage(r) },
  ];
  const taken = new Set([...before, ...after].map((c) => c.header.toLowerCase()));
  const user = job.userColumns.map((header, i): ResultColumn => ({ id: `user:${i}`, header: ownHeader(header, taken), value: (r) => r.row.userCells[i] ?? '' }));
  return [...before, ...user, ...after];
}

/** Why a row is as it is: a repeat, the reason it is invalid, or its result's message. */
export function rowMessage(r: ResultRow): string {
  const result = r.row.inputKind === 'invalid' ? (r.row.message ?? '') : (r.result.message ?? '');
  const note = r.row.inputNote && !result.includes(r.row.inputNote) ? r.row.inputNote : '';
  return [r.row.duplicateOf !== null ? `Same as row ${r.row.duplicateOf}.` : '', result, note].filter(Boolean).join(' ');
}

/** The columns the downloads write. */
export function downloadColumns(job: BulkJob, rows: BulkRow[]): ResultColumn[] {
  return resultColumns(job, rows).filter((c) => c.in !== 'page');
}

/** The columns the results page shows. */
export function pageColumns(job: BulkJob, rows: BulkRow[]): ResultColumn[] {
  return resultColumns(job, rows).filter((c) => c.in !== 'downloads');
}
