import { withAuth } from '@/lib/auth/session';
import { downloadColumns, resultRows } from '@/lib/bulk/bulk-results';
import { bulkService, auditBulk, json } from '@/lib/bulk/bulk-service';
import { xlsxDocument, xlsxResponse } from '@/lib/bulk/bulk-xlsx';
import { bulkStore } from '@/lib/bulk/bulk-store';
import { csvDocument, csvFilename, csvResponse } from '@/lib/csv/csv';

type Context = { params: Promise<{ id: string }> };

/**
 * GET /api/bulk/[id]/download?format=csv|xlsx: the results, one row per input row in input order
 * (CSV through lib/export/csv with its formula neutralisation; XLSX with every cell as text, a
 * frozen and filterable header); the person's own columns beside the input, as they gave them.
 * Audited like every export.
 */
export const GET = withAuth('analyst', async (request, context: Context, user) => {
  const format = new URL(request.url).searchParams.get('format') ?? 'csv';
  if (format !== 'csv' && format !== 'xlsx') return json(400, { error: 'bad-input', field: 'format', message: 'The format is csv or xlsx.' });
  const loaded = await bulkService.loadBulkJob((await context.params).id);
  if (!loaded.ok) return loaded.response;
  const job = loaded.job;
  const rows = await bulkStore.listBulkRows(job.id);
  const columns = downloadColumns(job, rows);
  const table = resultRows(job, rows);
  const name = csvFilename(['bulk-check', job.id.slice(0, 8)]);
  await auditBulk(user, 'bulk.download', job.id, { format, rows: rows.length });
  if (format === 'csv') return csvResponse(csvDocument(columns, table), name);
  return xlsxResponse(await xlsxDocument('Bulk check', columns, table), name.replace(/\.csv$/, '.xlsx'));
});
