import type { Checked } from '@/lib/register/validate';
import type { ReportView } from './firm-report-data';

/** `?view=` of the report page: `full` (the default: every row of every list) or `summary` (counts, first rows, full lists as files). */
export function checkReportView(input: unknown): Checked<ReportView> {
  const raw = Array.isArray(input) ? input[0] : input;
  if (raw === undefined || raw === null || raw === '' || raw === 'full') return { ok: true, value: 'full' };
  if (raw === 'summary') return { ok: true, value: 'summary' };
  return { ok: false, field: 'view', message: 'The report is either "full" (every row of every list) or "summary" (counts and first rows, with the full lists as CSV files).' };
}
