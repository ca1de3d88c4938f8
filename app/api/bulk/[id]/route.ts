import { withAuth } from '@/lib/auth/session';
import { bulkService, checkBulkId, json } from '@/lib/bulk/bulk-service';
import { bulkStore } from '@/lib/bulk/bulk-store';

type Context = { params: Promise<{ id: string }> };

/** GET /api/bulk/[id]: a bulk job's progress (rows done, failed so far, ETA), polled by its page. */
export const GET = withAuth('analyst', async (_request, context: Context) => {
  const id = checkBulkId((await context.params).id);
  if (!id) return json(400, { error: 'bad-input', message: 'A bulk check id is a UUID.' });
  const job = await bulkStore.getBulkJob(id);
  if (!job) return json(404, { error: 'not-found', message: 'No bulk check has this id (its results may have expired).' });
  return json(200, await bulkService.progressBody(job));
});
