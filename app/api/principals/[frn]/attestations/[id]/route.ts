import { attestationResponse } from '@/lib/principals/principal-api';
import { principalApiDeps } from '@/lib/principals/principal-api-access';
import { watchApiRoute } from '@/lib/watchlists/watch-api-access';

/** GET /api/principals/[frn]/attestations/[id] → the attestation snapshot, with `intact` (it still hashes to its SHA-256). */
export const GET = watchApiRoute('read', async (_request: Request, context: { params: Promise<{ frn: string; id: string }> }, actor) => {
  const { frn, id } = await context.params;
  return attestationResponse(await principalApiDeps(actor), frn, id);
});
