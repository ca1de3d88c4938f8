import { marketsExport } from '@/lib/export/section-exports';
import { authorizeRequest } from '@/lib/auth/session';
import { serveRegisterExport } from '@/lib/export/serve-export';

/** GET /api/export/markets → CSV of the regulated markets, for analysts. */
export async function GET(): Promise<Response> {
  return serveRegisterExport(await authorizeRequest('analyst'), { ok: true, export: marketsExport() });
}
