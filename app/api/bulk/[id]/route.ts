import { withAuth } from '@/lib/auth/session';
import { checkBulkId, json, progressBody } from '@/lib/bulk/bulk-service';
import { getDb } from '@/lib/db/client';
import { getBulkJob } from '@/lib/bulk/bulk-store';

type Context = { params: Promise<{ id: string }> };

/** GET /api/bulk/[id]: a bulk job's progress (rows done, failed so far, ETA), polled by its page. */
export const GET = withAuth('analyst', async (_request, context: Context) => {
  const id = checkBulkId((await context.params).id);
  if (!id) return json(400, { error: 'bad-input', message: 'A bulk check id is a UUID.' });
  const db = await getDb();
  const job = await getBulkJob(db, id);
  if (!job) return json(404, { error: 'not-found', message: 'No bulk check has this id (its results may have expired).' });
  return json(200, await progressBody(db, job));
});
