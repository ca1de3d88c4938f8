import { FUND_EXPORT_SECTIONS, type FundExportSection, fundSectionExport } from '@/lib/export/entity-exports';
import { authorizeRequest } from '@/lib/auth/session';
import { type ExportRequest, serveRegisterExport } from '@/lib/export/serve-export';
import { checkPrn } from '@/lib/register/validate';

/** GET /api/export/fund/{prn}/{names|subfunds} → CSV, for analysts. */
function exportFor(prn: string, section: string): ExportRequest {
  if (!(FUND_EXPORT_SECTIONS as readonly string[]).includes(section)) {
    return { ok: false, field: 'section', message: `"${section.slice(0, 60)}" is not a fund table that can be exported: use names or subfunds.`, table: section };
  }
  const checked = checkPrn(prn);
  if (!checked.ok) return { ok: false, field: checked.field, message: checked.message, table: section };
  return { ok: true, export: fundSectionExport(checked.value, section as FundExportSection) };
}

export async function GET(_request: Request, { params }: { params: Promise<{ prn: string; section: string }> }): Promise<Response> {
  const { prn, section } = await params;
  return serveRegisterExport(await authorizeRequest('analyst'), exportFor(prn, section));
}
