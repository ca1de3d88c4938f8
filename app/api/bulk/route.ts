import { withAuth } from '@/lib/auth/session';
import { readBulkSettings } from '@/lib/bulk/bulk-config';
import { storedLayout } from '@/lib/bulk/bulk-columns';
import { auditBulk, json, readSubmission } from '@/lib/bulk/bulk-service';
import { bulkStore } from '@/lib/bulk/bulk-store';
import { wakeEngine } from '@/lib/jobs/engine';
import { bulkPath } from '@/lib/routes/portal-paths';

/**
 * POST /api/bulk: starts a bulk check (analysts and admins). The rows are stored in input order and
 * one queue job per row to check is enqueued in the same transaction; the engine runs them in the
 * background. Answers 201 with the job's id and page, and audits who started it, how many rows
 * and what is fetched.
 */
export const POST = withAuth('analyst', async (request, _context, user) => {
  const submission = await readSubmission(request);
  if (!submission.ok) return submission.response;
  const { upload, mode, sections, estimate } = submission.value;
  const job = await bulkStore.createBulkJob({
    createdBy: { id: user.id, email: user.email },
    source: upload.source,
    filename: upload.filename,
    mode,
    sections,
    rows: upload.rows.map((r) => ({
      rowNo: r.rowNo,
      input: r.input,
      kind: r.kind,
      ref: r.ref,
      name: r.name,
      postcode: r.postcode,
      chNumber: r.chNumber,
      entity: r.entity,
      message: r.message,
      duplicateOf: r.duplicateOf,
      userCells: r.userCells,
      sourceRow: r.sourceRow,
    })),
    inputLayout: storedLayout(upload.layout),
    userColumns: upload.layout.userColumns.map((c) => c.header),
    estimatedRequests: estimate.maxRequests,
    retentionDays: readBulkSettings().retentionDays,
  });
  await auditBulk(user, 'bulk.start', job.id, {
    rows: job.rowCount,
    toCheck: job.checkCount,
    invalid: job.invalidCount,
    duplicates: job.duplicateCount,
    names: estimate.names,
    fetched: mode === 'status' ? 'status only (the record)' : `record and sections: ${sections.join(', ')}`,
    source: upload.source,
    filename: upload.filename,
    ...(upload.layout.sheet ? { sheet: upload.layout.sheet } : {}),
    headerRow: upload.layout.header.number,
    estimatedRequests: estimate.maxRequests,
  });
  wakeEngine();
  return json(201, { id: job.id, url: bulkPath(job.id), rows: job.rowCount, toCheck: job.checkCount });
});
