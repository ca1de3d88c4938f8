import { checkListResponse } from '@/lib/watchlists/watch-api';
import { watchApiDeps, watchApiRoute } from '@/lib/watchlists/watch-api-access';

type Context = { params: Promise<{ id: string }> };

/** POST /api/watchlists/[id]/check → 202 {cycleId, records, estimatedRequests, progress}: a check of the list now, as "Check now" starts. */
export const POST = watchApiRoute('write', async (_request: Request, context: Context, actor) => {
  const { id } = await context.params;
  return checkListResponse(await watchApiDeps(actor), actor, id);
});
