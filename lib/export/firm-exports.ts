import type { FirmSectionSlug } from '@/lib/firm/firm-sections';
import type * as M from '@/lib/register/model';
import { disciplinaryColumns } from './entity-exports';
import { defineExport, extraJson, joined, type RegisterExport } from './register-export';

/**
 * The CSV of each firm table: one per sub-resource route, plus a passport country's permissions
 * and a requirement's investment types. Two-bucket lists (appointed representatives, controlled
 * functions, names) become one file with a "List" column saying current or previous. Dates stay
 * ISO (yyyy-mm-dd) so they sort in a spreadsheet.
 */

type Bucketed<R> = R & { list: 'Current' | 'Previous' };
const bucketed = <R>(current: R[], previous: R[]): Bucketed<R>[] => [
  ...current.map((r) => ({ ...r, list: 'Current' as const })),
  ...previous.map((r) => ({ ...r, list: 'Previous' as const })),
];

const OTHER = 'Other fields (JSON)';

export function firmSectionExport(frn: string, section: FirmSectionSlug): RegisterExport {
  const base = { subject: 'firm' as const, reference: frn, table: section, filename: ['firm', frn, section], notFoundIsEmpty: true };
  const of = `of FRN ${frn}`;
  switch (section) {
    case 'permissions':
      return defineExport<M.Permission[], M.Permission>({
        ...base,
        what: `permissions ${of}`,
        walk: (c, o) => c.allPages(c.firmPermissions, [frn], o),
        rows: (d) => d,
        columns: [
          { header: 'Permission', value: (r) => r.name },
          { header: 'Customer types', value: (r) => joined(r.customerTypes) },
          { header: 'Investment types', value: (r) => joined(r.investmentTypes) },
          { header: 'Limitations', value: (r) => joined(r.limitations) },
          { header: 'Other details', value: (r) => Object.entries(r.other).map(([k, v]) => `${k}: ${v.join(', ')}`).join('; ') },
          { header: OTHER, value: (r) => extraJson(r.extra) },
        ],
      });
    case 'requirements':
      return defineExport<M.Requirement[], M.Requirement>({
        ...base,
        what: `requirements ${of}`,
        walk: (c, o) => c.allPages(c.firmRequirements, [frn], o),
        rows: (d) => d,
        columns: [
          { header: 'Reference', value: (r) => r.reference },
          { header: 'Requirement', value: (r) => r.title },
          { header: 'Text', value: (r) => r.text },
          { header: 'Effective date', value: (r) => r.effectiveDate },
          { header: 'Financial promotions requirement', value: (r) => r.financialPromotions },
          { header: 'Has investment types', value: (r) => Boolean(r.investmentTypesUrl) },
          { header: OTHER, value: (r) => extraJson(r.extra) },
        ],
      });
    case 'individuals':
      return defineExport<M.FirmIndividual[], M.FirmIndividual>({
        ...base,
        what: `individuals ${of}`,
        walk: (c, o) => c.allPages(c.firmIndividuals, [frn], o),
        rows: (d) => d,
        columns: [
          { header: 'IRN', value: (r) => r.irn },
          { header: 'Name', value: (r) => r.name },
          { header: 'Status', value: (r) => r.status },
          { header: OTHER, value: (r) => extraJson(r.extra) },
        ],
      });
    case 'controlled-functions':
      return defineExport<M.FirmControlledFunctions, Bucketed<M.FirmControlledFunction>>({
        ...base,
        what: `controlled functions ${of}`,
        walk: (c, o) => c.allPages(c.firmControlledFunctions, [frn], o),
        rows: (d) => bucketed(d.current, d.previous),
        columns: [
          { header: 'List', value: (r) => r.list },
          { header: 'Function', value: (r) => r.name },
          { header: 'Individual', value: (r) => r.individualName },
          { header: 'IRN', value: (r) => r.irn },
          { header: 'Effective date', value: (r) => r.effectiveDate },
          { header: 'End date', value: (r) => r.endDate },
          { header: 'Restriction', value: (r) => r.restriction },
          { header: 'Restriction start', value: (r) => r.restrictionStartDate },
          { header: 'Restriction end', value: (r) => r.restrictionEndDate },
          { header: OTHER, value: (r) => extraJson(r.extra) },
        ],
      });
    case 'appointed-representatives':
      return defineExport<M.AppointedRepresentatives, Bucketed<M.AppointedRepresentative>>({
        ...base,
        what: `appointed representatives ${of}`,
        walk: (c, o) => c.allPages(c.firmAppointedRepresentatives, [frn], o),
        rows: (d) => bucketed(d.current, d.previous),
        columns: [
          { header: 'List', value: (r) => r.list },
          { header: 'FRN', value: (r) => r.frn },
          { header: 'Name', value: (r) => r.name },
          { header: 'Type', value: (r) => r.recordSubType },
          { header: 'Principal FRN', value: (r) => r.principalFrn },
          { header: 'Principal', value: (r) => r.principalName },
          { header: 'Effective date', value: (r) => r.effectiveDate },
          { header: 'Termination date', value: (r) => r.terminationDate },
          { header: 'Tied agent', value: (r) => r.tiedAgent },
          { header: 'EEA tied agent', value: (r) => r.eeaTiedAgent },
          { header: 'Insurance distribution', value: (r) => r.insuranceDistribution },
          { header: OTHER, value: (r) => extraJson(r.extra) },
        ],
      });
    case 'disciplinary-history':
      return defineExport<M.DisciplinaryAction[], M.DisciplinaryAction>({
        ...base,
        what: `disciplinary history ${of}`,
        walk: (c, o) => c.allPages(c.firmDisciplinaryHistory, [frn], o),
        rows: (d) => d,
        columns: disciplinaryColumns(),
      });
    case 'passports':
      return defineExport<M.FirmPassports, M.Passport>({
        ...base,
        what: `passports ${of}`,
        walk: (c, o) => c.allPages(c.firmPassports, [frn], o),
        rows: (d) => d.passports,
        columns: [
          { header: 'Country', value: (r) => r.country },
          { header: 'Direction', value: (r) => r.direction },
          { header: OTHER, value: (r) => extraJson(r.extra) },
        ],
      });
    case 'waivers':
      return defineExport<M.Waiver[], M.Waiver>({
        ...base,
        what: `waivers ${of}`,
        walk: (c, o) => c.allPages(c.firmWaivers, [frn], o),
        rows: (d) => d,
        columns: [
          { header: 'Rules', value: (r) => joined(r.rules) },
          { header: 'Document', value: (r) => r.documentName },
          { header: 'Document URL', value: (r) => r.documentUrl },
          { header: OTHER, value: (r) => extraJson(r.extra) },
        ],
      });
    case 'exclusions':
      return defineExport<M.Exclusion[], M.Exclusion>({
        ...base,
        what: `exclusions ${of}`,
        walk: (c, o) => c.allPages(c.firmExclusions, [frn], o),
        rows: (d) => d,
        columns: [
          { header: 'Exclusion type', value: (r) => r.exclusionType },
          { header: 'Exclusion relied upon', value: (r) => r.exclusionReliedUpon },
          { header: 'Services', value: (r) => r.servicesDescription },
          { header: OTHER, value: (r) => extraJson(r.extra) },
        ],
      });
    case 'names':
      return defineExport<M.FirmNames, Bucketed<M.FirmName>>({
        ...base,
        what: `names ${of}`,
        walk: (c, o) => c.allPages(c.firmNames, [frn], o),
        rows: (d) => bucketed(d.current, d.previous),
        columns: [
          { header: 'List', value: (r) => r.list },
          { header: 'Name', value: (r) => r.name },
          { header: 'Status', value: (r) => r.status },
          { header: 'Effective from', value: (r) => r.effectiveFrom },
          { header: 'Effective to', value: (r) => r.effectiveTo },
          { header: OTHER, value: (r) => extraJson(r.extra) },
        ],
      });
    case 'address':
      return defineExport<M.FirmAddress[], M.FirmAddress>({
        ...base,
        what: `addresses ${of}`,
        walk: (c, o) => c.allPages(c.firmAddresses, [frn], o),
        rows: (d) => d,
        columns: [
          { header: 'Address type', value: (r) => r.type },
          { header: 'Contact', value: (r) => r.contactName },
          { header: 'Address lines', value: (r) => joined(r.lines) },
          { header: 'Town', value: (r) => r.town },
          { header: 'County', value: (r) => r.county },
          { header: 'Postcode', value: (r) => r.postcode },
          { header: 'Country', value: (r) => r.country },
          { header: 'Phone', value: (r) => r.phone },
          { header: 'Website', value: (r) => r.website },
          { header: OTHER, value: (r) => extraJson(r.extra) },
        ],
      });
    case 'regulators':
      return defineExport<M.Regulator[], M.Regulator>({
        ...base,
        what: `regulators ${of}`,
        walk: (c, o) => c.allPages(c.firmRegulators, [frn], o),
        rows: (d) => d,
        columns: [
          { header: 'Regulator', value: (r) => r.name },
          { header: 'Effective date', value: (r) => r.effectiveDate },
          { header: 'Termination date', value: (r) => r.terminationDate },
          { header: OTHER, value: (r) => extraJson(r.extra) },
        ],
      });
  }
}

/** One row per activity of each directive's passport to the country. */
type PassportActivityRow = { passport: M.PassportPermission; activity?: M.PassportActivity };

export function passportCountryExport(frn: string, country: string): RegisterExport {
  return defineExport<M.PassportPermission[], PassportActivityRow>({
    subject: 'firm',
    reference: frn,
    table: `passports/${country}`,
    filename: ['firm', frn, 'passports', country],
    notFoundIsEmpty: true,
    what: `passport permissions of FRN ${frn} for ${country}`,
    walk: (c, o) => c.allPages(c.firmPassportPermissions, [frn, country], o),
    rows: (d) => d.flatMap((passport) => (passport.permissions.length ? passport.permissions.map((activity) => ({ passport, activity })) : [{ passport }])),
    columns: [
      { header: 'Country', value: (r) => r.passport.country },
      { header: 'Directive', value: (r) => r.passport.directive },
      { header: 'Direction', value: (r) => r.passport.direction },
      { header: 'Passport type', value: (r) => r.passport.passportType },
      { header: 'Activity', value: (r) => r.activity?.name },
      { header: 'Investment types', value: (r) => joined(r.activity?.investmentTypes) },
      { header: OTHER, value: (r) => extraJson({ ...r.passport.extra, ...r.activity?.extra }) },
    ],
  });
}

export function requirementInvestmentTypesExport(frn: string, ref: string): RegisterExport {
  return defineExport<M.RequirementInvestmentType[], M.RequirementInvestmentType>({
    subject: 'firm',
    reference: frn,
    table: `requirements/${ref}`,
    filename: ['firm', frn, 'requirement', ref, 'investment-types'],
    notFoundIsEmpty: true,
    what: `investment types of requirement ${ref} of FRN ${frn}`,
    walk: (c, o) => c.allPages(c.firmRequirementInvestmentTypes, [frn, ref], o),
    rows: (d) => d,
    columns: [
      { header: 'Requirement', value: () => ref },
      { header: 'Investment type', value: (r) => r.name },
      { header: OTHER, value: (r) => extraJson(r.extra) },
    ],
  });
}
