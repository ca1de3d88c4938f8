import { FIRM_PAGES } from '@/components/firm/firm-pages';
import { PassportPermissionsView } from '@/components/firm/passport-permissions-view';
import { entityRoute } from '@/components/register/entity-route';
import { ExportLink } from '@/components/register/export-link';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ResultProvenance } from '@/components/register/result-provenance';
import { firmExportHref } from '@/lib/export/export-paths';
import { countrySlug } from '@/lib/firm/country-slug';
import { checkFirmParams } from '@/lib/page-data/entity-params';
import { getRegisterClient } from '@/lib/register/client';

/**
 * /firm/[frn]/passports/[country]: the directives, passport type and permitted activities (with
 * investment types) for one country. The register's answer decides whether the page exists at
 * all, so it is awaited before anything is sent: a country the firm has no passport for is a
 * real 404. The firm record and the country's permissions are asked for together.
 */
const route = entityRoute(FIRM_PAGES, {
  tab: 'passports',
  what: (params) => {
    const checked = checkFirmParams({ frn: params.frn, country: params.country });
    return checked.ok ? `Passport: ${checked.country}` : 'Passport';
  },
  // Asked for beside the firm lookup rather than after it: both decide the status, neither needs the other.
  start: (params) => {
    const checked = checkFirmParams({ frn: params.frn, country: params.country });
    const client = getRegisterClient();
    return checked.ok && checked.country !== undefined ? client.allPages(client.firmPassportPermissions, [checked.frn, checked.country], { priority: 'interactive' }) : undefined;
  },
  body: async (page, { started: permissions }) => {
    const { frn, country } = page;
    if (permissions === undefined || country === undefined) return { kind: 'not-found', entity: 'firm', ref: frn };
    const result = await permissions;
    if (result.kind === 'not-found') return { kind: 'not-found', entity: 'firm', ref: frn };
    return {
      heading: `Passport: ${country}`,
      refreshCalls: [{ endpoint: 'firmPassportPermissions', args: [frn, country] }],
      content:
        result.kind === 'ok' ? (
          <div className="space-y-4">
            <p className="text-sm">
              <ExportLink href={firmExportHref(frn, 'passports', countrySlug(country))} what={`passport permissions for ${country}`} />
            </p>
            <PassportPermissionsView rows={result.data} />
            <ResultProvenance provenance={result.provenance} notice={result.notice} />
          </div>
        ) : (
          <RegisterFailureMessage failure={result} what={`the passport permissions of FRN ${frn} for ${country}`} />
        ),
    };
  },
});
export const generateMetadata = route.generateMetadata;
export default route.Page;
