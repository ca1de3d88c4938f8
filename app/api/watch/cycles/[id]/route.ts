import { principalChecks } from '@/lib/principals/principal-check';
import { cycleProgressStore, portalBackgroundRate } from '@/lib/watchlists/cycle-progress';
import { isEngineId } from '@/lib/watchlists/ids';
import { refuse, json } from '@/lib/watchlists/watch-api';
import { watchApiRoute } from '@/lib/watchlists/watch-api-access';

/**
 * GET /api/watch/cycles/[id] → {cycleId, total, done, failed, requestsSpent, estimatedRequests,
 * etaSeconds, finished}: a watch cycle's progress, polled by Check now's widget (any signed-in
 * user) and by programs that started a check (an API token with the watch scope); a principal's
 * check (lib/principals) answers here in the same shape, with its outcome, message and findings;
 * 400 for an impossible id, 404 for an unknown one.
 */
export const GET = watchApiRoute('read', async (_request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  if (!isEngineId(id)) return refuse(400, 'bad-input', 'That is not a watch cycle id.');
  const body = (await cycleProgressStore.cycleProgressBody(id)) ?? (await principalChecks.principalCheckProgress(id, portalBackgroundRate()));
  if (!body) return refuse(404, 'not-found', 'There is no such watch cycle.');
  return json(200, body);
});
