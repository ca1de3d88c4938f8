import { changeStateResponse, readJsonBody } from '@/lib/watchlists/watch-api';
import { watchApiDeps, watchApiRoute } from '@/lib/watchlists/watch-api-access';

type Context = { params: Promise<{ id: string }> };

/** POST /api/changes/[id]/state {state, note?, assignee?} → the change as GET /api/changes gives it; audited as watch.change.update. */
export const POST = watchApiRoute('write', async (request: Request, context: Context, actor) => {
  const { id } = await context.params;
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  return changeStateResponse(await watchApiDeps(actor), actor, id, body.value);
});
