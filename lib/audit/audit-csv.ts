import type { AuditEntry } from '@/lib/db/queries/audit';
import { type CsvColumn, csvDocument } from '@/lib/csv/csv';

/** The audit log as CSV: one row per entry, newest first, detail as JSON; times in ISO (UTC). */

export const AUDIT_CSV_COLUMNS: CsvColumn<AuditEntry>[] = [
  { header: 'ID', value: (e) => e.id },
  { header: 'At (UTC)', value: (e) => e.at },
  { header: 'User', value: (e) => e.userEmail ?? '' },
  { header: 'Action', value: (e) => e.action },
  { header: 'Reference', value: (e) => e.reference ?? '' },
  { header: 'Outcome', value: (e) => e.outcome },
  { header: 'Detail (JSON)', value: (e) => (e.detail ? JSON.stringify(e.detail) : '') },
];

/** `limit` is how many entries were asked for; when all of them came back there may be more, and the last row says so. */
export function auditCsv(entries: AuditEntry[], limit: number, exportedAt: string): string {
  type Line = { entry: AuditEntry } | { note: string };
  const columns: CsvColumn<Line>[] = [
    ...AUDIT_CSV_COLUMNS.map((c, i): CsvColumn<Line> => ({ header: c.header, value: (l) => ('entry' in l ? c.value(l.entry) : i === 0 ? l.note : '') })),
    { header: 'Exported at', value: (l) => ('entry' in l ? exportedAt : '') },
  ];
  const lines: Line[] = entries.map((entry) => ({ entry }));
  if (entries.length >= limit) {
    lines.push({ note: `INCOMPLETE: the file holds the newest ${limit} matching entries; narrow the date range for older ones.` });
  }
  return csvDocument(columns, lines);
}
