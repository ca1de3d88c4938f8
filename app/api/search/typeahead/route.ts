import { authorizeRequest } from '@/lib/auth/session';
import { getRegisterClient } from '@/lib/register/client';
import { typeahead } from '@/lib/search/typeahead';

/**
 * GET /api/search/typeahead?q=… → {query, results: [{name, referenceNumber, type, status, href, entity, warning?}], notices?}
 * for the header's suggestions; 400/429/502/503 JSON {error, message} otherwise. The cost rules
 * (debounce, minimum length, no queueing behind pages) are in lib/search/typeahead.ts.
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRequest();
  if (!auth.ok) return auth.response;
  const answer = await typeahead(new URL(request.url).searchParams.get('q'), getRegisterClient());
  const headers: Record<string, string> = {
    // Per user and short: the register cache behind it is what saves requests.
    'cache-control': answer.status === 200 ? 'private, max-age=60' : 'no-store',
  };
  if ('retryAfterSeconds' in answer && answer.retryAfterSeconds !== undefined) headers['retry-after'] = String(answer.retryAfterSeconds);
  return Response.json(answer.body, { status: answer.status, headers });
}
