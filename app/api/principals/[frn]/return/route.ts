import { returnResponse } from '@/lib/principals/principal-api';
import { principalApiDeps } from '@/lib/principals/principal-api-access';
import { watchApiRoute } from '@/lib/watchlists/watch-api-access';

/** GET /api/principals/[frn]/return?from=YYYY-MM-DD&to=YYYY-MM-DD&format=csv|xlsx: the annual return's population from stored readings. */
export const GET = watchApiRoute('read', async (request: Request, context: { params: Promise<{ frn: string }> }, actor) => {
  const { frn } = await context.params;
  return returnResponse(await principalApiDeps(actor), actor, frn, new URL(request.url).searchParams);
});
