import { createHash } from 'node:crypto';
import { type CsvColumn, csvDocument, csvFilename } from '@/lib/csv/csv';
import { investmentTypeColumns, PASSPORT_ACTIVITY_COLUMNS, passportActivityRows } from './firm-exports';
import { PROVENANCE_HEADERS } from './register-export';
import type * as M from '@/lib/register/model';
import type { Provenance } from '@/lib/register/result';
import { FIRM_SECTION_SLUGS, FIRM_SECTIONS, type FirmSectionData, type FirmSectionSlug, sectionRows } from '@/lib/sections/firm-sections';
import type { FirmReportData, ReportFile, ReportList, ReportSummary } from '@/lib/report/firm-report-data';
import { SUMMARY_FIRST_ROWS } from '@/lib/report/report-summary';

/**
 * The full lists of a summary report as CSV files: one per section that has rows, one for every
 * passport country's permissions and one for every requirement's investment types. Each file is
 * made from the report's own data (never the register again), with the same columns as the
 * section's CSV export, so the rows behind every count and every "first 25" are in a file whose
 * SHA-256 the printed summary gives. The files' bytes are kept in the report's data, so a saved
 * snapshot holds them (under its own SHA-256) and gives back the same bytes years later, whatever
 * later versions of the portal write.
 */

/** The file keys that are not a section's slug. */
export const DETAIL_FILE_KEYS = ['passport-permissions', 'investment-types'] as const;

type Group<Row> = { rows: Row[]; provenance: Provenance | null; incomplete?: string };

/** A CSV document of several lists with one set of columns, each row with the retrieval time and register path of the list it came from. */
function groupedCsv<Row>(columns: CsvColumn<Row>[], groups: Group<Row>[]): string {
  type Line = { row: Row; provenance: Provenance | null } | { note: string };
  const all: CsvColumn<Line>[] = [
    ...columns.map((c, i): CsvColumn<Line> => ({ header: c.header, value: (line) => ('row' in line ? c.value(line.row) : i === 0 ? line.note : '') })),
    { header: PROVENANCE_HEADERS[0], value: (line) => ('row' in line ? line.provenance?.retrievedAt : '') },
    { header: PROVENANCE_HEADERS[1], value: (line) => ('row' in line ? line.provenance?.path : '') },
  ];
  const lines: Line[] = groups.flatMap((g) => [...g.rows.map((row) => ({ row, provenance: g.provenance })), ...(g.incomplete ? [{ note: g.incomplete }] : [])]);
  return csvDocument(all, lines);
}

function incompleteNote(list: ReportList<unknown>, rows: number, what: string): string | undefined {
  if (list.status !== 'ok' || !list.truncated) return undefined;
  const pages = `${list.pagesFetched} ${list.pagesFetched === 1 ? 'page' : 'pages'}`;
  const why = list.interruption ? `the register stopped answering after ${pages} (${list.interruption.message})` : `the report read only the first ${pages} (FSR_REPORT_MAX_PAGES)`;
  const held = list.totalCount !== undefined && list.totalCount > rows ? `; ${rows} of the ${list.totalCount} rows the register reports` : '';
  return `INCOMPLETE: ${what}: ${why}${held}; rows from later pages are missing.`;
}

export function sha256OfText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function file(data: FirmReportData, key: string, title: string, rows: number, csv: string): ReportFile {
  return { key, title, filename: csvFilename(['firm', data.frn, key], new Date(data.generatedAt)), rows, sha256: sha256OfText(csv), csv };
}

function sectionFile<K extends FirmSectionSlug>(data: FirmReportData, slug: K): ReportFile | undefined {
  const list = data.sections[slug] as ReportList<FirmSectionData[K]>;
  if (list.status !== 'ok') return undefined;
  const { rows, columns } = sectionRows(slug);
  const all = rows(list.data);
  if (all.length === 0) return undefined;
  const csv = groupedCsv(columns, [{ rows: all, provenance: list.provenance, incomplete: incompleteNote(list, all.length, FIRM_SECTIONS[slug].title) }]);
  return file(data, slug, FIRM_SECTIONS[slug].title, all.length, csv);
}

/** Every file of a summary report, in the report's order (sections, then the two detail lists). */
export function reportFiles(data: FirmReportData): ReportFile[] {
  const files: ReportFile[] = [];
  for (const slug of FIRM_SECTION_SLUGS) {
    const f = sectionFile(data, slug);
    if (f) files.push(f);
  }
  const passports = data.passportPermissions.flatMap((d) =>
    d.result.status === 'ok'
      ? [
          {
            rows: passportActivityRows(d.result.data),
            provenance: d.result.provenance,
            incomplete: incompleteNote(d.result, d.result.data.length, `passport permissions for ${d.key}`),
          },
        ]
      : [],
  );
  const passportRows = passports.reduce((n, g) => n + g.rows.length, 0);
  if (passportRows > 0) files.push(file(data, 'passport-permissions', 'Passport permissions of every country', passportRows, groupedCsv(PASSPORT_ACTIVITY_COLUMNS, passports)));
  // One file of every requirement's investment types, the requirement in the first column.
  type TypeRow = { ref: string; type: M.RequirementInvestmentType };
  const typeColumns: CsvColumn<TypeRow>[] = investmentTypeColumns('').map((c, i) => ({ header: c.header, value: (r: TypeRow) => (i === 0 ? r.ref : c.value(r.type)) }));
  const types = data.requirementInvestmentTypes.flatMap((d) =>
    d.result.status === 'ok'
      ? [
          {
            rows: d.result.data.map((type) => ({ ref: d.key, type })),
            provenance: d.result.provenance,
            incomplete: incompleteNote(d.result, d.result.data.length, `investment types of ${d.key}`),
          },
        ]
      : [],
  );
  const typeRows = types.reduce((n, g) => n + g.rows.length, 0);
  if (typeRows > 0) files.push(file(data, 'investment-types', 'Investment types of every requirement', typeRows, groupedCsv(typeColumns, types)));
  return files;
}

/** A summary report's summary: how many rows of each list it shows, and every list's file. */
export function summariseReport(data: FirmReportData): ReportSummary {
  return { firstRows: SUMMARY_FIRST_ROWS, files: reportFiles(data) };
}
