import { passportCountryExport, requirementInvestmentTypesExport } from '@/lib/export/firm-exports';
import { sectionExport } from '@/lib/export/section-exports';
import { authorizeRequest } from '@/lib/auth/session';
import { type ExportRequest, serveRegisterExport } from '@/lib/export/serve-export';
import { checkFirmParams } from '@/lib/page-data/entity-params';
import { FIRM_SECTION_SLUGS, FIRM_SECTIONS, isFirmSectionSlug } from '@/lib/sections/firm-sections';

/**
 * GET /api/export/firm/{frn}/{section} → CSV of every page of that firm table, for analysts.
 * Sections are the firm's sections (lib/sections/firm-sections.ts), plus passports/{country} (name or
 * the page's slug) and requirements/{ref}.
 */
function exportFor(frn: string, section: string[]): ExportRequest {
  const [slug, detail, ...rest] = section;
  const table = section.join('/');
  const known = `${FIRM_SECTION_SLUGS.join(', ')}, passports/{country} or requirements/{reference}`;
  if (!slug || rest.length > 0 || !isFirmSectionSlug(slug) || (detail !== undefined && slug !== 'passports' && slug !== 'requirements')) {
    return { ok: false, field: 'section', message: `"${table.slice(0, 60)}" is not a firm table that can be exported: use one of ${known}.`, table };
  }
  const checked = checkFirmParams({
    frn,
    country: slug === 'passports' ? detail : undefined,
    ref: slug === 'requirements' ? detail : undefined,
  });
  if (!checked.ok) return { ok: false, field: checked.field, message: checked.message, table };
  if (checked.country) return { ok: true, export: passportCountryExport(checked.frn, checked.country) };
  if (checked.ref) return { ok: true, export: requirementInvestmentTypesExport(checked.frn, checked.ref) };
  return { ok: true, export: sectionExport('firm', checked.frn, FIRM_SECTIONS[slug]) };
}

export async function GET(_request: Request, { params }: { params: Promise<{ frn: string; section: string[] }> }): Promise<Response> {
  const { frn, section } = await params;
  return serveRegisterExport(await authorizeRequest('analyst'), exportFor(frn, section));
}
