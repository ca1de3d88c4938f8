import type * as M from '@/lib/register/model';
import { disciplinaryColumns, extraJson, joined } from './csv-cells';
import { defineExport, type RegisterExport } from './register-export';

/** The CSV of the individual, fund, search and regulated-markets tables. */

export const INDIVIDUAL_EXPORT_SECTIONS = ['controlled-functions', 'disciplinary-history'] as const;
export type IndividualExportSection = (typeof INDIVIDUAL_EXPORT_SECTIONS)[number];

export const FUND_EXPORT_SECTIONS = ['names', 'subfunds'] as const;
export type FundExportSection = (typeof FUND_EXPORT_SECTIONS)[number];

const OTHER = 'Other fields (JSON)';

type IndividualCfRow = M.IndividualControlledFunction & { list: 'Current' | 'Previous' };

export function individualSectionExport(irn: string, section: IndividualExportSection): RegisterExport {
  const base = { subject: 'individual' as const, reference: irn, table: section, filename: ['individual', irn, section], notFoundIsEmpty: true };
  if (section === 'controlled-functions') {
    return defineExport<M.IndividualControlledFunctions, IndividualCfRow>({
      ...base,
      what: `controlled functions of ${irn}`,
      walk: (c, o) => c.allPages(c.individualControlledFunctions, [irn], o),
      rows: (d) => [
        ...d.current.map((r) => ({ ...r, list: 'Current' as const })),
        ...d.previous.map((r) => ({ ...r, list: 'Previous' as const })),
      ],
      columns: [
        { header: 'List', value: (r) => r.list },
        { header: 'Function', value: (r) => r.name },
        { header: 'Firm', value: (r) => r.firmName },
        { header: 'FRN', value: (r) => r.frn },
        { header: 'Effective date', value: (r) => r.effectiveDate },
        { header: 'End date', value: (r) => r.endDate },
        { header: 'Customer engagement', value: (r) => joined(r.customerEngagementMethods) },
        { header: 'Restriction', value: (r) => r.restriction },
        { header: 'Restriction start', value: (r) => r.restrictionStartDate },
        { header: 'Restriction end', value: (r) => r.restrictionEndDate },
        { header: OTHER, value: (r) => extraJson(r.extra) },
      ],
    });
  }
  return defineExport<M.DisciplinaryAction[], M.DisciplinaryAction>({
    ...base,
    what: `disciplinary history of ${irn}`,
    walk: (c, o) => c.allPages(c.individualDisciplinaryHistory, [irn], o),
    rows: (d) => d,
    columns: disciplinaryColumns(),
  });
}

export function fundSectionExport(prn: string, section: FundExportSection): RegisterExport {
  const base = { subject: 'fund' as const, reference: prn, table: section, filename: ['fund', prn, section], notFoundIsEmpty: true };
  if (section === 'names') {
    return defineExport<M.FundName[], M.FundName>({
      ...base,
      what: `other names of fund ${prn}`,
      walk: (c, o) => c.allPages(c.fundNames, [prn], o),
      rows: (d) => d,
      columns: [
        { header: 'Name', value: (r) => r.name },
        { header: 'Effective from', value: (r) => r.effectiveFrom },
        { header: 'Effective to', value: (r) => r.effectiveTo },
        { header: OTHER, value: (r) => extraJson(r.extra) },
      ],
    });
  }
  return defineExport<M.SubFund[], M.SubFund>({
    ...base,
    what: `sub-funds of fund ${prn}`,
    walk: (c, o) => c.allPages(c.fundSubfunds, [prn], o),
    rows: (d) => d,
    columns: [
      { header: 'Sub-fund', value: (r) => r.name },
      { header: 'Type', value: (r) => r.type },
      { header: 'Parent PRN', value: (r) => r.parentPrn },
      { header: OTHER, value: (r) => extraJson(r.extra) },
    ],
  });
}

export function searchExport(q: string, type: M.SearchType): RegisterExport {
  return defineExport<M.SearchResult[], M.SearchResult>({
    subject: 'search',
    table: `search/${type}`,
    filename: ['search', type, q],
    // No hits is the register's "not found": an empty file says exactly that.
    notFoundIsEmpty: true,
    what: `${type} search results for "${q}"`,
    walk: (c, o) => c.allPages(c.search, [q, type], o),
    rows: (d) => d,
    columns: [
      { header: 'Name', value: (r) => r.name },
      { header: 'Reference number', value: (r) => r.referenceNumber },
      { header: 'Status', value: (r) => r.status },
      { header: 'Type', value: (r) => r.type },
      { header: 'Postcode', value: (r) => r.postcode },
      { header: 'Region', value: (r) => r.region },
      { header: 'Unauthorised or clone', value: (r) => r.unauthorised },
      { header: 'Name as listed', value: (r) => r.listedName },
      { header: OTHER, value: (r) => extraJson(r.extra) },
    ],
  });
}

export function marketsExport(): RegisterExport {
  return defineExport<M.RegulatedMarket[], M.RegulatedMarket>({
    subject: 'markets',
    table: 'markets',
    filename: ['regulated-markets'],
    notFoundIsEmpty: true,
    what: 'regulated markets',
    walk: (c, o) => c.allPages(c.regulatedMarkets, [], o),
    rows: (d) => d,
    columns: [
      { header: 'Name', value: (r) => r.name },
      { header: 'Trading name', value: (r) => r.tradingName },
      { header: 'Type', value: (r) => r.type },
      { header: 'Reference number', value: (r) => r.referenceNumber },
      { header: 'Status', value: (r) => r.status },
      { header: 'Firm FRN', value: (r) => r.frn },
      { header: OTHER, value: (r) => extraJson(r.extra) },
    ],
  });
}

/** Disciplinary actions: the same columns for a firm's and an individual's history. */
