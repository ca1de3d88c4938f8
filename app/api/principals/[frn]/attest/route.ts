import { attestResponse } from '@/lib/principals/principal-api';
import { principalApiDeps } from '@/lib/principals/principal-api-access';
import { watchApiRoute } from '@/lib/watchlists/watch-api-access';

/** POST /api/principals/[frn]/attest → 201 {id, sha256, ars, openFindings, url}: the AR list as at today, with its open findings, hashed. */
export const POST = watchApiRoute('write', async (_request: Request, context: { params: Promise<{ frn: string }> }, actor) => {
  const { frn } = await context.params;
  return attestResponse(await principalApiDeps(actor), actor, frn);
});
