import { startCheckResponse } from '@/lib/principals/principal-api';
import { principalApiDeps } from '@/lib/principals/principal-api-access';
import { watchApiRoute } from '@/lib/watchlists/watch-api-access';

/** POST /api/principals/[frn]/check → 202 {cycleId}: reads the AR list and reconciles it; progress at GET /api/watch/cycles/{cycleId}. */
export const POST = watchApiRoute('write', async (_request: Request, context: { params: Promise<{ frn: string }> }, actor) => {
  const { frn } = await context.params;
  return startCheckResponse(await principalApiDeps(actor), actor, frn);
});
