import { withAuth } from '@/lib/auth/session';
import { bulkService, actionResponse, auditBulk } from '@/lib/bulk/bulk-service';
import { bulkStore } from '@/lib/bulk/bulk-store';
import { wakeEngine } from '@/lib/jobs/engine';
import { bulkPath } from '@/lib/routes/portal-paths';

type Context = { params: Promise<{ id: string }> };

/** POST /api/bulk/[id]/retry: checks again the rows that ended in a register error or were never checked (audited). */
export const POST = withAuth('analyst', async (request, context: Context, user) => {
  const loaded = await bulkService.loadBulkJobForAction((await context.params).id, user, request, 'bulk.retry');
  if (!loaded.ok) return loaded.response;
  const rows = await bulkStore.retryFailedRows(loaded.job.id);
  await auditBulk(user, 'bulk.retry', loaded.job.id, { rows });
  if (rows > 0) wakeEngine();
  return actionResponse(request, bulkPath(loaded.job.id), 200, rows > 0 ? 'retrying' : 'nothing-to-retry', { rows });
});
