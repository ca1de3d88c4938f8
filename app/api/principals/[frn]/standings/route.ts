import { standingsResponse, startStandingsResponse } from '@/lib/principals/principal-api';
import { principalApiDeps } from '@/lib/principals/principal-api-access';
import { watchApiRoute } from '@/lib/watchlists/watch-api-access';

/** GET /api/principals/[frn]/standings → {pass, ars: [{arFrn, arName, level, label, reasons, readAt, otherPrincipals}]}. */
export const GET = watchApiRoute('read', async (_request: Request, context: { params: Promise<{ frn: string }> }, actor) => {
  const { frn } = await context.params;
  return standingsResponse(await principalApiDeps(actor), frn);
});

/** POST /api/principals/[frn]/standings → 202 {passId, total}: reads each current AR's own standing at the idle share; 409 before any reading. */
export const POST = watchApiRoute('write', async (_request: Request, context: { params: Promise<{ frn: string }> }, actor) => {
  const { frn } = await context.params;
  return startStandingsResponse(await principalApiDeps(actor), actor, frn);
});
