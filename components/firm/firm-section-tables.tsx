import type { TableScope } from './scope-text';
import type { ReactNode } from 'react';
import type { FirmSectionData, FirmSectionSlug } from '@/lib/sections/firm-sections';
import { AddressCard } from './address-card';
import { AddressSection } from './address-section';
import { AppointedRepresentativesTables } from './appointed-representatives-tables';
import { ControlledFunctionsTables } from './controlled-functions-tables';
import { DisciplinaryHistoryTable } from './disciplinary-history-table';
import { ExclusionsTable } from './exclusions-table';
import { IndividualsTable } from './individuals-table';
import { NamesTables } from './names-tables';
import { PassportsTable } from './passports-table';
import { PermissionsTable } from './permissions-table';
import { RegulatorsTable } from './regulators-table';
import { RequirementsTable } from './requirements-table';
import { WaiversTable } from './waivers-table';
import { recordPageLinksAfterResponse } from '@/lib/representatives/page-links';

/**
 * How each firm section (lib/sections/firm-sections.ts) is shown: the section page and the printable
 * report use the same tables, so a printed report and the page on screen read the same. `scope`
 * says whether the rows are one register page or the whole list.
 */
export interface FirmSectionView<K extends FirmSectionSlug> {
  table: (data: FirmSectionData[K], scope: TableScope, frn: string) => ReactNode;
  /** For a section the register answers in one piece (not paged on its page): the page's body. */
  whole?: (frn: string, firmName: string) => ReactNode;
  /** What the section's page (not the report) does with the rows it read, after the response: the AR list keeps its principal↔AR links. */
  seen?: (frn: string, data: FirmSectionData[K]) => void;
}

export const FIRM_SECTION_VIEWS: { [K in FirmSectionSlug]: FirmSectionView<K> } = {
  permissions: { table: (d, scope) => <PermissionsTable rows={d} scope={scope} /> },
  requirements: { table: (d, scope, frn) => <RequirementsTable frn={frn} rows={d} scope={scope} /> },
  individuals: { table: (d, scope) => <IndividualsTable rows={d} scope={scope} /> },
  'controlled-functions': { table: (d, scope) => <ControlledFunctionsTables data={d} scope={scope} /> },
  'appointed-representatives': { table: (d, scope) => <AppointedRepresentativesTables data={d} scope={scope} />, seen: recordPageLinksAfterResponse },
  'disciplinary-history': { table: (d, scope) => <DisciplinaryHistoryTable rows={d} scope={scope} /> },
  passports: { table: (d, scope, frn) => <PassportsTable frn={frn} data={d} scope={scope} /> },
  waivers: { table: (d, scope) => <WaiversTable rows={d} scope={scope} /> },
  exclusions: { table: (d, scope) => <ExclusionsTable rows={d} scope={scope} /> },
  names: { table: (d, scope) => <NamesTables data={d} scope={scope} /> },
  address: {
    // The report's form: the cards side by side under the section's heading.
    table: (d) => (
      <div className="grid gap-4 md:grid-cols-2">
        {d.map((address, i) => (
          <AddressCard key={`${address.type}-${i}`} address={address} index={i} headingLevel={3} />
        ))}
      </div>
    ),
    whole: (frn, firmName) => <AddressSection frn={frn} firmName={firmName} />,
  },
  regulators: { table: (d, scope) => <RegulatorsTable rows={d} scope={scope} /> },
};

/** The view of a section with its data type hidden, for code that handles any section. */
export function firmSectionView(slug: FirmSectionSlug): FirmSectionView<FirmSectionSlug> {
  // The mapped type pairs each slug with its view; TypeScript cannot follow that through a loop variable.
  return FIRM_SECTION_VIEWS[slug] as unknown as FirmSectionView<FirmSectionSlug>;
}
