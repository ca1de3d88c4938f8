import { authorizeRequest } from '@/lib/auth/session';
import { serveReportFile } from '@/lib/export/serve-report-file';

/** GET /api/export/report/{draft|snapshot}/{id}/{file}: one CSV file of a summary report, as its SHA-256 in the report says (lib/export/serve-report-file.ts). */
export async function GET(_request: Request, { params }: { params: Promise<{ source: string; id: string; file: string }> }): Promise<Response> {
  const { source, id, file } = await params;
  return serveReportFile(await authorizeRequest(), source, id, file);
}
