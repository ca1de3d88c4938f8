import { findingsResponse } from '@/lib/principals/principal-api';
import { principalApiDeps } from '@/lib/principals/principal-api-access';
import { watchApiRoute } from '@/lib/watchlists/watch-api-access';

/** GET /api/principals/[frn]/findings[?include=all] → {findings: [{id, kind, arFrn, arName, register, book, state, detectedAt}]}. */
export const GET = watchApiRoute('read', async (request: Request, context: { params: Promise<{ frn: string }> }, actor) => {
  const { frn } = await context.params;
  return findingsResponse(await principalApiDeps(actor), frn, new URL(request.url).searchParams.get('include'));
});
