import { uploadBookResponse } from '@/lib/principals/principal-api';
import { principalApiDeps } from '@/lib/principals/principal-api-access';
import { watchApiRoute } from '@/lib/watchlists/watch-api-access';

/**
 * POST /api/principals/[frn]/book (multipart, field `file`: CSV or XLSX) → 201 {version, sha256,
 * rows, refused: [{row, message}], warning}: a new version of the principal's AR book.
 */
export const POST = watchApiRoute('write', async (request: Request, context: { params: Promise<{ frn: string }> }, actor) => {
  const { frn } = await context.params;
  return uploadBookResponse(await principalApiDeps(actor), actor, frn, request);
});
