import { approveReviewResponse } from '@/lib/principals/principal-api';
import { principalApiDeps } from '@/lib/principals/principal-api-access';
import { watchApiRoute } from '@/lib/watchlists/watch-api-access';

/** POST /api/principals/[frn]/reviews/[id]/approve → 200: approved by a second person; 403 when the approver prepared it (audited as denied). */
export const POST = watchApiRoute('write', async (_request: Request, context: { params: Promise<{ frn: string; id: string }> }, actor) => {
  const { frn, id } = await context.params;
  return approveReviewResponse(await principalApiDeps(actor), actor, frn, id);
});
