import { addRecordsResponse, readJsonBody } from '@/lib/watchlists/watch-api';
import { watchApiDeps, watchApiRoute } from '@/lib/watchlists/watch-api-access';

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/watchlists/[id]/records {references: ["200200", "BKS00001", "PRN 800800"]} →
 * {added: [{type, ref}], alreadyListed, refused: [{input, message}]}: each reference read as the
 * paste box reads it; the good ones are added, the rest refused with their reason.
 */
export const POST = watchApiRoute('write', async (request: Request, context: Context, actor) => {
  const { id } = await context.params;
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  return addRecordsResponse(await watchApiDeps(actor), actor, id, body.value);
});
