import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BadReference } from '@/components/register/bad-reference';
import { FirmPageShell } from '@/components/firm/firm-page-shell';
import { PassportPermissionsView } from '@/components/firm/passport-permissions-view';
import { ExportLink } from '@/components/register/export-link';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ResultProvenance } from '@/components/register/result-provenance';
import { firmExportHref } from '@/lib/export/export-paths';
import { countrySlug } from '@/lib/firm/country-slug';
import { checkFirmParams } from '@/lib/firm/firm-route-input';
import { firmPageMetadata, loadFirmPage } from '@/lib/firm/load-firm-page';
import { getRegisterClient } from '@/lib/register/client';
import { requireUser } from '@/lib/auth/session';

type Props = { params: Promise<{ frn: string; country: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const checked = checkFirmParams(await params);
  return firmPageMetadata(params, checked.ok ? `Passport: ${checked.country}` : 'Passport');
}

/**
 * /firm/[frn]/passports/[country]: the directives, passport type and permitted activities (with
 * investment types) for one country. The register's answer decides whether the page exists at
 * all, so it is awaited before anything is sent: a country the firm has no passport for is a
 * real 404. The firm record and the country's permissions are asked for together.
 */
export default async function FirmPassportCountryPage({ params }: Props) {
  await requireUser();
  const checked = checkFirmParams(await params);
  const client = getRegisterClient();
  // Asked for beside the firm lookup rather than after it: both decide the status, neither needs the other.
  const permissions =
    checked.ok && checked.country !== undefined ? client.allPages(client.firmPassportPermissions, [checked.frn, checked.country], { priority: 'interactive' }) : undefined;
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input' || permissions === undefined || page.country === undefined) {
    return page.kind === 'bad-input' ? <BadReference page={page} /> : notFound();
  }
  const result = await permissions;
  if (result.kind === 'not-found') notFound();
  const { frn, country } = page;
  return (
    <FirmPageShell page={page} section="passports" heading={`Passport: ${country}`} refreshCalls={[{ endpoint: 'firmPassportPermissions', args: [frn, country] }]}>
      {result.kind === 'ok' ? (
        <div className="space-y-4">
          <p className="text-sm">
            <ExportLink href={firmExportHref(frn, 'passports', countrySlug(country))} what={`passport permissions for ${country}`} />
          </p>
          <PassportPermissionsView rows={result.data} />
          <ResultProvenance provenance={result.provenance} notice={result.notice} />
        </div>
      ) : (
        <RegisterFailureMessage failure={result} what={`the passport permissions of FRN ${frn} for ${country}`} />
      )}
    </FirmPageShell>
  );
}
