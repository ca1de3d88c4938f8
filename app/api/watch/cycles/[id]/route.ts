import { withAuth } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { cycleProgressBody } from '@/lib/watchlists/cycle-progress';
import { isEngineId } from '@/lib/watchlists/ids';

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * GET /api/watch/cycles/[id] → {cycleId, total, done, failed, requestsSpent, estimatedRequests,
 * etaSeconds, finished}: a watch cycle's progress for the list page's widget (any signed-in user);
 * 400 for an impossible id, 404 for an unknown one.
 */
export const GET = withAuth('viewer', async (_request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  if (!isEngineId(id)) return Response.json({ error: 'bad-input', message: 'That is not a watch cycle id.' }, { status: 400, headers: NO_STORE });
  const body = await cycleProgressBody(await getDb(), id);
  if (!body) return Response.json({ error: 'not-found', message: 'There is no such watch cycle.' }, { status: 404, headers: NO_STORE });
  return Response.json(body, { headers: NO_STORE });
});
