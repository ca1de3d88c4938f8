import { withAuth } from '@/lib/auth/session';
import { bulkService, actionResponse, auditBulk } from '@/lib/bulk/bulk-service';
import { bulkStore } from '@/lib/bulk/bulk-store';
import { bulkPath } from '@/lib/routes/portal-paths';

type Context = { params: Promise<{ id: string }> };

/** POST /api/bulk/[id]/cancel: stops a running bulk check; rows not yet checked stay unchecked (audited). */
export const POST = withAuth('analyst', async (request, context: Context, user) => {
  const loaded = await bulkService.loadBulkJobForAction((await context.params).id, user, request, 'bulk.cancel');
  if (!loaded.ok) return loaded.response;
  const cancelled = await bulkStore.cancelBulkJob(loaded.job.id, user.email);
  await auditBulk(user, 'bulk.cancel', loaded.job.id, { rowsNotChecked: cancelled });
  return actionResponse(request, bulkPath(loaded.job.id), 200, 'cancelled', { rowsNotChecked: cancelled });
});
