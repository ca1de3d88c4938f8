import type * as M from '@/lib/register/model';
import type { CsvColumn } from '@/lib/csv/csv';
import { extraJson, joined } from '@/lib/csv/csv-cells';
import { defineExport, type RegisterExport } from './register-export';

/**
 * The CSV of the firm's tables that are not sections (a section's file is section-exports.ts): a
 * passport country's permissions and a requirement's investment types.
 */

const OTHER = 'Other fields (JSON)';

/** One row per activity of each directive's passport to the country. */
export type PassportActivityRow = { passport: M.PassportPermission; activity?: M.PassportActivity };

/** A country's passport permissions as rows: one per activity (a passport without activities is one row). */
export function passportActivityRows(d: M.PassportPermission[]): PassportActivityRow[] {
  return d.flatMap((passport) => (passport.permissions.length ? passport.permissions.map((activity) => ({ passport, activity })) : [{ passport }]));
}

export const PASSPORT_ACTIVITY_COLUMNS: CsvColumn<PassportActivityRow>[] = [
  { header: 'Country', value: (r) => r.passport.country },
  { header: 'Directive', value: (r) => r.passport.directive },
  { header: 'Direction', value: (r) => r.passport.direction },
  { header: 'Passport type', value: (r) => r.passport.passportType },
  { header: 'Activity', value: (r) => r.activity?.name },
  { header: 'Investment types', value: (r) => joined(r.activity?.investmentTypes) },
  { header: OTHER, value: (r) => extraJson({ ...r.passport.extra, ...r.activity?.extra }) },
];

/** A requirement's investment types, each row naming the requirement. */
export function investmentTypeColumns(ref: string): CsvColumn<M.RequirementInvestmentType>[] {
  return [
    { header: 'Requirement', value: () => ref },
    { header: 'Investment type', value: (r) => r.name },
    { header: OTHER, value: (r) => extraJson(r.extra) },
  ];
}

export function passportCountryExport(frn: string, country: string): RegisterExport {
  return defineExport<M.PassportPermission[], PassportActivityRow>({
    subject: 'firm',
    reference: frn,
    table: `passports/${country}`,
    filename: ['firm', frn, 'passports', country],
    notFoundIsEmpty: true,
    what: `passport permissions of FRN ${frn} for ${country}`,
    walk: (c, o) => c.allPages(c.firmPassportPermissions, [frn, country], o),
    rows: passportActivityRows,
    columns: PASSPORT_ACTIVITY_COLUMNS,
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
    columns: investmentTypeColumns(ref),
  });
}
