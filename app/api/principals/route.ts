import { addPrincipalResponse } from '@/lib/principals/principal-api';
import { principalApiDeps } from '@/lib/principals/principal-api-access';
import { readJsonBody } from '@/lib/watchlists/watch-api';
import { watchApiRoute } from '@/lib/watchlists/watch-api-access';

/**
 * POST /api/principals {frn} → 201 {frn, name, registerState}: adds a principal firm to oversee
 * (docs/principals.md). Analysts and admins, or an API token with the watch scope.
 */
export const POST = watchApiRoute('write', async (request: Request, _context: unknown, actor) => {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  return addPrincipalResponse(await principalApiDeps(actor), actor, body.value);
});
