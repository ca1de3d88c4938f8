import { listChangesResponse } from '@/lib/watchlists/watch-api';
import { watchApiDeps, watchApiRoute } from '@/lib/watchlists/watch-api-access';

/**
 * GET /api/changes?watchlist={id}&since={ISO time}&state={state}&limit= → {changes, until, more}:
 * what changed, oldest first, each change with its rows in words; ask again with since=until.
 */
export const GET = watchApiRoute('read', async (request: Request, _context: unknown, actor) => listChangesResponse(await watchApiDeps(actor), new URL(request.url)));
