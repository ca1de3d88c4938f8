import { authorizeRequest } from '@/lib/auth/session';
import { entitySectionRequest } from '@/lib/export/section-exports';
import { serveRegisterExport } from '@/lib/export/serve-export';

/** GET /api/export/individual/{irn}/{section} → CSV of every page of one of the individual's sections (lib/sections/individual-sections.ts), for analysts. */
export async function GET(_request: Request, { params }: { params: Promise<{ irn: string; section: string }> }): Promise<Response> {
  const { irn, section } = await params;
  return serveRegisterExport(await authorizeRequest('analyst'), entitySectionRequest('individual', irn, section));
}
