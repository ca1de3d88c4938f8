import { withAuth } from '@/lib/auth/session';
import { json, previewRows, readSubmission } from '@/lib/bulk/bulk-service';

/**
 * POST /api/bulk/estimate: what a bulk check of this input would cost, how it was read (sheet, header
 * row, each column's meaning, the person's own columns) and the rows that cannot be checked. Nothing
 * is stored.
 */
export const POST = withAuth('analyst', async (request) => {
  const submission = await readSubmission(request);
  if (!submission.ok) return submission.response;
  const { upload, mode, sections, estimate } = submission.value;
  return json(200, { source: upload.source, filename: upload.filename, mode, sections, estimate, layout: upload.layout, rows: previewRows(upload.rows) });
});
