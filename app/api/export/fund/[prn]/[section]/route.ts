import { authorizeRequest } from '@/lib/auth/session';
import { entitySectionRequest } from '@/lib/export/section-exports';
import { serveRegisterExport } from '@/lib/export/serve-export';

/** GET /api/export/fund/{prn}/{section} → CSV of every page of one of the fund's sections (lib/sections/fund-sections.ts), for analysts. */
export async function GET(_request: Request, { params }: { params: Promise<{ prn: string; section: string }> }): Promise<Response> {
  const { prn, section } = await params;
  return serveRegisterExport(await authorizeRequest('analyst'), entitySectionRequest('fund', prn, section));
}
