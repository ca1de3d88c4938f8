import { withAuth } from '@/lib/auth/session';
import { bulkService, actionResponse, auditBulk, json } from '@/lib/bulk/bulk-service';
import { bulkStore } from '@/lib/bulk/bulk-store';
import { watchlistsStore } from '@/lib/watchlists/watchlists-store';
import { bulkPath } from '@/lib/routes/portal-paths';

type Context = { params: Promise<{ id: string }> };

/** POST /api/bulk/[id]/watchlist with `watchlist` = a watchlist's id: adds the matched rows' entities to it (audited). */
export const POST = withAuth('analyst', async (request, context: Context, user) => {
  const loaded = await bulkService.loadBulkJobForAction((await context.params).id, user, request, 'bulk.watchlist');
  if (!loaded.ok) return loaded.response;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json(400, { error: 'bad-form', message: 'Send the watchlist as a form field "watchlist".' });
  }
  const watchlistId = String(form.get('watchlist') ?? '').slice(0, 100);
  if (!watchlistId) return actionResponse(request, bulkPath(loaded.job.id), 400, 'no-watchlist');
  const watchlist = await watchlistsStore.getWatchlist(watchlistId);
  if (!watchlist) return json(404, { error: 'not-found', field: 'watchlist', message: 'No watchlist has this id.' });
  const entities = await bulkStore.matchedEntities(loaded.job.id);
  if (entities.length === 0) return actionResponse(request, bulkPath(loaded.job.id), 200, 'no-matches', { added: 0 });
  const added = await bulkStore.addToWatchlist(watchlist.id, entities, user.email);
  await auditBulk(user, 'bulk.watchlist', loaded.job.id, { watchlist: watchlist.name, watchlistId: watchlist.id, matched: entities.length, added });
  return actionResponse(request, bulkPath(loaded.job.id), 200, 'watched', { matched: entities.length, added });
});
