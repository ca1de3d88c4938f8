import { AddressCard } from '@/components/firm/address-card';
import { AppointedRepresentativesTables } from '@/components/firm/appointed-representatives-tables';
import { ControlledFunctionsTables } from '@/components/firm/controlled-functions-tables';
import { DisciplinaryHistoryTable } from '@/components/firm/disciplinary-history-table';
import { ExclusionsTable } from '@/components/firm/exclusions-table';
import { IndividualsTable } from '@/components/firm/individuals-table';
import { NamesTables } from '@/components/firm/names-tables';
import { PassportsTable } from '@/components/firm/passports-table';
import { PermissionsTable } from '@/components/firm/permissions-table';
import { RegulatorsTable } from '@/components/firm/regulators-table';
import { RequirementsTable } from '@/components/firm/requirements-table';
import { WaiversTable } from '@/components/firm/waivers-table';
import type { FirmSectionSlug } from '@/lib/firm/firm-sections';
import type { FirmSectionData } from '@/lib/report/firm-report-data';

/**
 * How the report shows each firm section: the firm pages' own tables (components/firm), in their
 * "whole list" form, so a printed report and the page on screen read the same. `rows` counts what
 * the completeness line reports.
 */
export interface SectionRenderer<K extends FirmSectionSlug> {
  rows: (data: FirmSectionData[K]) => number;
  render: (data: FirmSectionData[K], frn: string) => React.ReactNode;
}

const both = (d: { current: unknown[]; previous: unknown[] }) => d.current.length + d.previous.length;

export const SECTION_RENDERERS: { [K in FirmSectionSlug]: SectionRenderer<K> } = {
  permissions: { rows: (d) => d.length, render: (d) => <PermissionsTable rows={d} scope="all" /> },
  requirements: { rows: (d) => d.length, render: (d, frn) => <RequirementsTable frn={frn} rows={d} scope="all" /> },
  individuals: { rows: (d) => d.length, render: (d) => <IndividualsTable rows={d} scope="all" /> },
  'controlled-functions': { rows: both, render: (d) => <ControlledFunctionsTables data={d} scope="all" /> },
  'appointed-representatives': { rows: both, render: (d) => <AppointedRepresentativesTables data={d} scope="all" /> },
  'disciplinary-history': { rows: (d) => d.length, render: (d) => <DisciplinaryHistoryTable rows={d} scope="all" /> },
  passports: { rows: (d) => d.passports.length, render: (d, frn) => <PassportsTable frn={frn} data={d} scope="all" /> },
  waivers: { rows: (d) => d.length, render: (d) => <WaiversTable rows={d} scope="all" /> },
  exclusions: { rows: (d) => d.length, render: (d) => <ExclusionsTable rows={d} scope="all" /> },
  names: { rows: both, render: (d) => <NamesTables data={d} scope="all" /> },
  address: {
    rows: (d) => d.length,
    render: (d) => (
      <div className="grid gap-4 md:grid-cols-2">
        {d.map((address, i) => (
          <AddressCard key={`${address.type}-${i}`} address={address} index={i} headingLevel={3} />
        ))}
      </div>
    ),
  },
  regulators: { rows: (d) => d.length, render: (d) => <RegulatorsTable rows={d} scope="all" /> },
};
