import { prepareReviewResponse, reviewsResponse } from '@/lib/principals/principal-api';
import { principalApiDeps } from '@/lib/principals/principal-api-access';
import { readJsonBody } from '@/lib/watchlists/watch-api';
import { watchApiRoute } from '@/lib/watchlists/watch-api-access';

/**
 * GET /api/principals/[frn]/reviews → {due, reviews}: each current AR's next annual review and every
 * review; POST {arFrn, assessment, notes} → 201: a review prepared, with the AR's register record as evidence.
 */
export const GET = watchApiRoute('read', async (_request: Request, context: { params: Promise<{ frn: string }> }, actor) => {
  const { frn } = await context.params;
  return reviewsResponse(await principalApiDeps(actor), frn);
});

export const POST = watchApiRoute('write', async (request: Request, context: { params: Promise<{ frn: string }> }, actor) => {
  const { frn } = await context.params;
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  return prepareReviewResponse(await principalApiDeps(actor), actor, frn, body.value);
});
