import { searchExport } from '@/lib/export/section-exports';
import { authorizeRequest } from '@/lib/auth/session';
import { type ExportRequest, serveRegisterExport } from '@/lib/export/serve-export';
import { checkSearchText, checkSearchType } from '@/lib/register/validate';

/** GET /api/export/search?q=…&type=firm|individual|fund → CSV of every page of results, for analysts. */
function exportFor(params: URLSearchParams): ExportRequest {
  const type = checkSearchType(params.get('type') ?? 'firm');
  if (!type.ok) return { ok: false, field: type.field, message: type.message, table: 'search' };
  const q = checkSearchText(params.get('q') ?? '');
  if (!q.ok) return { ok: false, field: q.field, message: q.message, table: `search/${type.value}` };
  return { ok: true, export: searchExport(q.value, type.value) };
}

export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  return serveRegisterExport(await authorizeRequest('analyst'), exportFor(params), { q: (params.get('q') ?? '').slice(0, 100), type: params.get('type') ?? 'firm' });
}
