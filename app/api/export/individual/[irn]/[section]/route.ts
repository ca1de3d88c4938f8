import { INDIVIDUAL_EXPORT_SECTIONS, type IndividualExportSection, individualSectionExport } from '@/lib/export/entity-exports';
import { authorizeRequest } from '@/lib/auth/session';
import { type ExportRequest, serveRegisterExport } from '@/lib/export/serve-export';
import { checkIrn } from '@/lib/register/validate';

/** GET /api/export/individual/{irn}/{controlled-functions|disciplinary-history} → CSV, for analysts. */
function exportFor(irn: string, section: string): ExportRequest {
  if (!(INDIVIDUAL_EXPORT_SECTIONS as readonly string[]).includes(section)) {
    return { ok: false, field: 'section', message: `"${section.slice(0, 60)}" is not an individual table that can be exported: use controlled-functions or disciplinary-history.`, table: section };
  }
  const checked = checkIrn(irn);
  if (!checked.ok) return { ok: false, field: checked.field, message: checked.message, table: section };
  return { ok: true, export: individualSectionExport(checked.value, section as IndividualExportSection) };
}

export async function GET(_request: Request, { params }: { params: Promise<{ irn: string; section: string }> }): Promise<Response> {
  const { irn, section } = await params;
  return serveRegisterExport(await authorizeRequest('analyst'), exportFor(irn, section));
}
