import { createWatchlistResponse, listWatchlistsResponse, readJsonBody } from '@/lib/watchlists/watch-api';
import { watchApiDeps, watchApiRoute } from '@/lib/watchlists/watch-api-access';

/**
 * GET /api/watchlists → {watchlists: [{id, name, records, openChanges, …}]}; POST {name,
 * description?, caseReference?} → 201 {id, name}. A signed-in user (analysts and admins to create)
 * or an API token with the watch scope (docs/machine-access.md).
 */
export const GET = watchApiRoute('read', async (_request: Request, _context: unknown, actor) => listWatchlistsResponse(await watchApiDeps(actor)));

export const POST = watchApiRoute('write', async (request: Request, _context: unknown, actor) => {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  return createWatchlistResponse(await watchApiDeps(actor), actor, body.value);
});
