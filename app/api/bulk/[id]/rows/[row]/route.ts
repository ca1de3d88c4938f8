import { withAuth } from '@/lib/auth/session';
import { bulkService, actionResponse, auditBulk, json } from '@/lib/bulk/bulk-service';
import { bulkStore, type Resolution } from '@/lib/bulk/bulk-store';
import { REVIEW_FILTERS } from '@/lib/bulk/bulk-results';
import { wakeEngine } from '@/lib/jobs/engine';
import { bulkPath } from '@/lib/routes/portal-paths';

type Context = { params: Promise<{ id: string; row: string }> };

/**
 * POST /api/bulk/[id]/rows/[row] with `choice` = "none" or "firm:200200" (kind and reference of one
 * of the row's candidates): a person's answer to an ambiguous row, recorded with who chose and
 * audited. A chosen candidate's record is then fetched in the background.
 */
export const POST = withAuth('analyst', async (request, context: Context, user) => {
  const params = await context.params;
  const loaded = await bulkService.loadBulkJobForAction(params.id, user, request, 'bulk.resolve');
  if (!loaded.ok) return loaded.response;
  if (!/^\d{1,6}$/.test(params.row)) return json(400, { error: 'bad-input', field: 'row', message: 'A row number is a whole number.' });
  const rowNo = Number(params.row);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json(400, { error: 'bad-form', message: 'Send the choice as a form field "choice".' });
  }
  const raw = String(form.get('choice') ?? '');
  const picked = /^(firm|individual|fund):([A-Za-z0-9]{1,10})$/.exec(raw);
  const listing = /^listing:(\d{1,2})$/.exec(raw);
  if (raw !== 'none' && !picked && !listing)
    return json(400, {
      error: 'bad-input',
      field: 'choice',
      message: 'The choice is "none", one of the candidates as kind:reference (e.g. firm:200200), or an unauthorised entry among them as listing:<its position>.',
    });
  const resolution: Resolution = picked
    ? { choice: 'candidate', kind: picked[1] as 'firm' | 'individual' | 'fund', ref: picked[2].toUpperCase() }
    : listing
      ? { choice: 'listing', index: Number(listing[1]) }
      : { choice: 'none' };
  const ok = await bulkStore.resolveAmbiguousRow(loaded.job.id, rowNo, resolution, user.email);
  await auditBulk(user, 'bulk.resolve', loaded.job.id, { row: rowNo, choice: raw }, ok ? 'success' : 'failure');
  // Back to the list being reviewed, at the next row waiting for a choice: rows are reviewed one after another.
  const show = String(form.get('show') ?? '');
  const back = Object.hasOwn(REVIEW_FILTERS, show) ? { show } : undefined;
  if (!ok) return actionResponse(request, bulkPath(loaded.job.id), 409, 'not-resolved', {}, { params: back });
  if (picked) wakeEngine();
  const next = await bulkStore.nextWaitingRow(loaded.job.id, rowNo);
  return actionResponse(
    request,
    bulkPath(loaded.job.id),
    200,
    picked || listing ? 'resolved' : 'resolved-none',
    { nextRow: next },
    { params: back, hash: next ? `row-${next}` : undefined },
  );
});
