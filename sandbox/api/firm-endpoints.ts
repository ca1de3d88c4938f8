/**
 * /Firm/{FRN} and its sub-resources, shaped as reference sections 2.1–2.15 describe (key order as
 * in the raw recordings, key typos kept).
 */
import { ukTimestamp } from './uk-time';
import { badInput, notFound, ok, type ApiAnswer } from './envelope';
import type { Json } from './json-format';
import { neighbourLinks, pageCount, requestedPage, slicePage } from './paging';
import { approvalStatus, numberedBucket, pagedList, type ApiContext } from './context';
import type { AddressRecord, ArLink, CfRow, FirmRecord } from '../dataset/types';

const FRN_PATTERN = /^\d+$/;

type FirmLookup = { firm: FirmRecord } | { answer: ApiAnswer };

/** Resolves the FRN or answers bad input (not a number) / not found for this endpoint. */
function lookup(ctx: ApiContext, frn: string, code: string, notFoundMessage: string): FirmLookup {
  if (!FRN_PATTERN.test(frn)) return { answer: badInput(code, `FRN must be digits, got "${frn}" (sandbox assumption: -21 bad input)`) };
  const firm = ctx.dataset.firms.get(frn);
  if (!firm) return { answer: notFound(code, notFoundMessage) };
  return { firm };
}

// ---------------------------------------------------------------------------------------------
// 2.1 Firm

export function firmDetail(ctx: ApiContext, frn: string): ApiAnswer {
  if (!FRN_PATTERN.test(frn)) return badInput('02-01', `FRN must be digits, got "${frn}" (sandbox assumption: -21 bad input)`, 'pretty');
  const f = ctx.dataset.firms.get(frn);
  if (!f) return notFound('02-01', 'Firm not found', 'pretty');
  const u = `${ctx.base}/Firm/${f.frn}`;
  const record: Json = {
    Name: `${u}/Names`,
    Individuals: `${u}/Individuals`,
    Requirements: `${u}/Requirements`,
    Permission: `${u}/Permissions`,
    Passport: `${u}/Passports`,
    Regulators: `${u}/Regulators`,
    'Appointed Representative': `${u}/AR`,
    Address: `${u}/Address`,
    Waivers: `${u}/Waivers`,
    Exclusions: `${u}/Exclusions`,
    DisciplinaryHistory: `${u}/DisciplinaryHistory`,
    'System Timestamp': ukTimestamp(ctx.now),
    'Exceptional Info Details': f.exceptionalInfo.map((e) => ({ 'Exceptional Info Title': e.title, 'Exceptional Info Body': e.body })),
    'Status Effective Date': f.statusEffective,
    'E-Money Agent Status': f.emoneyAgentStatus,
    'PSD / EMD Effective Date': f.psdEmdDate,
    'Client Money Permission': f.clientMoney,
    'Sub Status Effective from': f.subStatusFrom,
    'Sub-Status': f.subStatus,
    'Mutual Society Number': f.mutualSociety,
    'Companies House Number': f.companiesHouse,
    'MLRs Status Effective Date': f.mlrsDate,
    'MLRs Status': f.mlrsStatus,
    'E-Money Agent Effective Date': f.emoneyAgentDate,
    'PSD Agent Effective date': f.psdAgentDate,
    'PSD Agent Status': f.psdAgentStatus,
    'PSD / EMD Status': f.psdEmdStatus,
    Status: f.status,
    'Business Type': f.businessType,
    'Organisation Name': f.name,
    FRN: f.frn,
  };
  return ok('02-01', 'Ok. Firm Found', { page: '1', perPage: '1', total: '1' }, [record], 'pretty');
}

// ---------------------------------------------------------------------------------------------
// 2.2 Address

const ADDRESS_TYPES = { ppob: 'PPOB', complaint: 'Complaint' } as const;

export function firmAddress(ctx: ApiContext, frn: string): ApiAnswer {
  const found = lookup(ctx, frn, '02-02', 'Firm Address not Found');
  if ('answer' in found) return found.answer;
  const f = found.firm;
  const rows: Array<{ type: 'PPOB' | 'Complaint'; address: AddressRecord }> = [{ type: 'PPOB', address: f.ppob }];
  if (f.complaints) rows.push({ type: 'Complaint', address: f.complaints });
  // Sandbox assumption: ?Type=PPOB|Complaint filters (the item URLs suggest it; live behaviour unknown).
  const typeFilter = ctx.query.get('Type');
  let selected = rows;
  if (typeFilter !== null) {
    const wanted = typeFilter.toLowerCase() === 'ppob' ? ADDRESS_TYPES.ppob : typeFilter.toLowerCase() === 'complaint' ? ADDRESS_TYPES.complaint : null;
    if (wanted === null) return notFound('02-02', 'Firm Address not Found', 'compact', `Type must be PPOB or Complaint, got "${typeFilter}"`);
    selected = rows.filter((r) => r.type === wanted);
    if (selected.length === 0) return notFound('02-02', 'Firm Address not Found');
  }
  const data = selected.map(({ type, address: a }) => {
    const item: { [key: string]: Json } = {
      URL: `${ctx.base}/Firm/${f.frn}/Address?Type=${type}`,
      'Website Address': a.website,
      'Phone Number': a.phone,
      Country: a.country,
      Postcode: a.postcode,
      County: a.county,
      Town: a.town,
      'Address Line 4': a.line4,
      'Address LIne 3': a.line3,
      'Address Line 2': a.line2,
      'Address Line 1': a.line1,
    };
    if (type === 'Complaint') item.Individual = a.individual ?? '';
    item['Address Type'] = type === 'PPOB' ? 'Principal Place of Business' : 'Complaints Contact';
    return item;
  });
  return ok('02-02', 'Ok. Firm Address Found', { page: '1', perPage: String(data.length), total: String(data.length) }, data);
}

// ---------------------------------------------------------------------------------------------
// 2.3 Appointed representatives: two buckets paged together, 10 each.

function arRow(ctx: ApiContext, link: ArLink): Json {
  const ar = ctx.dataset.firms.get(link.arFrn)!;
  const principal = ctx.dataset.firms.get(link.principalFrn)!;
  const row: { [key: string]: Json } = { URL: `${ctx.base}/Firm/${ar.frn}` };
  if (link.termination !== null) row['Termination Date'] = link.termination;
  row.RecordSubType = link.subType;
  row['Principal FRN'] = principal.frn;
  row['Principal Firm Name'] = principal.name;
  row['Effective Date'] = link.effective;
  row['EEA Tied Agent'] = String(link.eeaTiedAgent);
  row['Tied Agent'] = String(link.tiedAgent);
  row['[NotinUse] Insurance Distribution'] = String(link.insuranceDistribution);
  row.FRN = ar.frn;
  row.Name = ar.name;
  return row;
}

export function firmAppointedRepresentatives(ctx: ApiContext, frn: string): ApiAnswer {
  if (!FRN_PATTERN.test(frn)) return badInput('05-04', `FRN must be digits, got "${frn}" (sandbox assumption: -21 bad input)`);
  const req = requestedPage(ctx.query);
  if (!req.ok) return badInput('05-04', `pgnp must be a whole number, got "${req.raw}"`);
  const firm = ctx.dataset.firms.get(frn);
  const current = firm?.representatives.current ?? [];
  const previous = firm?.representatives.previous ?? [];
  const pages = pageCount(Math.max(current.length, previous.length), 10);
  const empty = (page: number, note?: string): ApiAnswer => ({
    ...ok(
      '05-04',
      'Ok. Appointed Representative Found',
      { page: String(page), perPage: '0', total: '0' },
      {
        PreviousAppointedRepresentatives: null,
        CurrentAppointedRepresentatives: null,
      },
    ),
    note,
  });
  // A missing firm is "found" with both buckets null (recorded); so is a page past the end (assumed).
  if (pages === 0) return empty(1);
  if (req.page < 1 || req.page > pages) return empty(req.page, `pgnp=${req.page} is outside pages 1-${pages} (sandbox assumption: empty buckets)`);
  const bucket = (links: ArLink[]) => {
    const slice = slicePage(links, req.page, 10);
    return slice.length === 0 ? null : slice.map((l) => arRow(ctx, l));
  };
  return ok(
    '05-04',
    'Ok. Appointed Representative Found',
    { page: String(req.page), perPage: '10', total: String(current.length + previous.length), ...neighbourLinks(ctx.base, `/Firm/${frn}/AR`, [], req.page, pages) },
    { PreviousAppointedRepresentatives: bucket(previous), CurrentAppointedRepresentatives: bucket(current) },
  );
}

// ---------------------------------------------------------------------------------------------
// 2.4 Controlled functions: "(N)name" keys, 10 current + 10 previous per page.

function firmCfRow(ctx: ApiContext, row: CfRow): Json {
  const person = ctx.dataset.individuals.get(row.irn)!;
  const out: { [key: string]: Json } = {};
  if (row.end !== null) out['End Date'] = row.end;
  out['Suspension / Restriction End Date'] = row.restrictionEnd;
  out['Suspension / Restriction Start Date'] = row.restrictionStart;
  out.Restriction = row.restriction;
  out['Effective Date'] = row.effective;
  out['Individual Name'] = person.fullName;
  out.Name = row.function;
  out.URL = `${ctx.base}/Individuals/${row.irn}`;
  return out;
}

export function firmControlledFunctions(ctx: ApiContext, frn: string): ApiAnswer {
  const found = lookup(ctx, frn, '02-12', 'ERROR : Control Function not Found');
  if ('answer' in found) return found.answer;
  const req = requestedPage(ctx.query);
  if (!req.ok) return badInput('02-12', `pgnp must be a whole number, got "${req.raw}"`);
  const current = found.firm.cfRows.filter((r) => r.end === null);
  const previous = found.firm.cfRows.filter((r) => r.end !== null);
  const pages = pageCount(Math.max(current.length, previous.length), 10);
  if (pages === 0) return notFound('02-12', 'ERROR : Control Function not Found');
  if (req.page < 1 || req.page > pages) {
    return notFound('02-12', 'ERROR : Control Function not Found', 'compact', `pgnp=${req.page} is outside pages 1-${pages} (sandbox assumption: answered as not found)`);
  }
  const toJson = (r: CfRow) => firmCfRow(ctx, r);
  return ok(
    '02-12',
    'SUCCESS : Control Function Found',
    { page: String(req.page), perPage: '20', total: String(current.length + previous.length), ...neighbourLinks(ctx.base, `/Firm/${frn}/CF`, [], req.page, pages) },
    [{ Current: numberedBucket(current, req.page, 10, toJson), Previous: numberedBucket(previous, req.page, 10, toJson) }],
  );
}

// ---------------------------------------------------------------------------------------------
// 2.5 Disciplinary history, 2.6 Exclusions, 2.12 Regulators, 2.15 Waivers: plain lists.

export function firmDisciplinaryHistory(ctx: ApiContext, frn: string): ApiAnswer {
  const endpoint = { code: '02-11', okMessage: 'Ok. Disciplinary history information found', notFoundMessage: 'Disciplinary history information not found', perPage: 10 };
  const found = lookup(ctx, frn, endpoint.code, endpoint.notFoundMessage);
  if ('answer' in found) return found.answer;
  return pagedList(ctx, endpoint, `/Firm/${frn}/DisciplinaryHistory`, ctx.dataset.firmDetails(frn).disciplinary, (d) => ({
    TypeofDescription: d.description,
    TypeofAction: d.action,
    EnforcementType: d.enforcement,
    ActionEffectiveFrom: d.effective,
  }));
}

export function firmExclusions(ctx: ApiContext, frn: string): ApiAnswer {
  const endpoint = { code: '02-10', okMessage: 'Ok. Exclusions information found', notFoundMessage: 'Exclusions information not found', perPage: 10 };
  const found = lookup(ctx, frn, endpoint.code, endpoint.notFoundMessage);
  if ('answer' in found) return found.answer;
  return pagedList(ctx, endpoint, `/Firm/${frn}/Exclusions`, ctx.dataset.firmDetails(frn).exclusions, (e) => ({
    PSD2_Exclusion_Type: e.type,
    Particular_Exclusion_relied_upon: e.particular,
    Description_of_services: e.description,
  }));
}

export function firmRegulators(ctx: ApiContext, frn: string): ApiAnswer {
  const endpoint = { code: '02-09', okMessage: 'Ok. Firm Regulator found', notFoundMessage: 'Regulators not found', perPage: 10 };
  const found = lookup(ctx, frn, endpoint.code, endpoint.notFoundMessage);
  if ('answer' in found) return found.answer;
  return pagedList(ctx, endpoint, `/Firm/${frn}/Regulators`, ctx.dataset.firmDetails(frn).regulators, (r) => ({
    'Termination Date': r.termination,
    'Effective Date': r.effective,
    'Regulator Name': r.name,
  }));
}

export function firmWaivers(ctx: ApiContext, frn: string): ApiAnswer {
  const endpoint = { code: '02-14', okMessage: 'Ok. Waiver information found', notFoundMessage: 'Waiver information not found', perPage: 10 };
  const found = lookup(ctx, frn, endpoint.code, endpoint.notFoundMessage);
  if ('answer' in found) return found.answer;
  return pagedList(ctx, endpoint, `/Firm/${frn}/Waivers`, ctx.dataset.firmDetails(frn).waivers, (w) => ({
    Waivers_Discretions_URL: w.url,
    Waivers_Discretions: w.file,
    Rule_ArticleNo: w.rules,
  }));
}

// ---------------------------------------------------------------------------------------------
// 2.7 Individuals: one row per person who has held a function at the firm.

const STATUS_ORDER = ['Approved by regulator', 'Approved by regulator;Certified / assessed by firm', 'Certified / assessed by firm', 'Regulatory approval no longer required'];

export function firmIndividuals(ctx: ApiContext, frn: string): ApiAnswer {
  const endpoint = { code: '02-05', okMessage: 'Ok. Firm Individuals found', notFoundMessage: 'Individual not found', perPage: 20 };
  const found = lookup(ctx, frn, endpoint.code, endpoint.notFoundMessage);
  if ('answer' in found) return found.answer;
  const byPerson = new Map<string, CfRow[]>();
  for (const row of found.firm.cfRows) {
    const list = byPerson.get(row.irn);
    if (list) list.push(row);
    else byPerson.set(row.irn, [row]);
  }
  const people = [...byPerson.entries()].map(([irn, rows], order) => ({ irn, status: approvalStatus(rows), order }));
  people.sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) || a.order - b.order);
  return pagedList(ctx, endpoint, `/Firm/${frn}/Individuals`, people, (p) => ({
    Status: p.status,
    URL: `${ctx.base}/Individuals/${p.irn}`,
    IRN: p.irn,
    Name: ctx.dataset.individuals.get(p.irn)!.fullName,
  }));
}

// ---------------------------------------------------------------------------------------------
// 2.8 Names: current then previous, paged together by 10 and split into two objects.

export function firmNames(ctx: ApiContext, frn: string): ApiAnswer {
  const found = lookup(ctx, frn, '02-04', 'Brand Name not found');
  if ('answer' in found) return found.answer;
  const req = requestedPage(ctx.query);
  if (!req.ok) return badInput('02-04', `pgnp must be a whole number, got "${req.raw}"`);
  const f = found.firm;
  const all = [...f.currentNames.map((n) => ({ current: true, n })), ...f.previousNames.map((n) => ({ current: false, n }))];
  if (all.length === 0) return notFound('02-04', 'Brand Name not found');
  const pages = pageCount(all.length, 10);
  if (req.page < 1 || req.page > pages) {
    return notFound('02-04', 'Brand Name not found', 'compact', `pgnp=${req.page} is outside pages 1-${pages} (sandbox assumption: answered as not found)`);
  }
  const slice = slicePage(all, req.page, 10);
  const current = slice.filter((x) => x.current).map(({ n }) => ({ 'Effective From': n.from, Status: n.status, Name: n.name }));
  const previous = slice.filter((x) => !x.current).map(({ n }) => ({ 'Effective To': n.to ?? '', 'Effective From': n.from, Status: n.status, Name: n.name }));
  return ok(
    '02-04',
    'Ok. Found Trading Names or Brand Names',
    { page: String(req.page), perPage: '10', total: String(all.length), ...neighbourLinks(ctx.base, `/Firm/${frn}/Names`, [], req.page, pages) },
    // Sandbox assumption: an empty list on a page is null, as AR's empty buckets are.
    [{ 'Current Names': current.length > 0 ? current : null }, { 'Previous Names': previous.length > 0 ? previous : null }],
  );
}

// ---------------------------------------------------------------------------------------------
// 2.9 Passports and 2.10 passport permissions.

export function firmPassports(ctx: ApiContext, frn: string): ApiAnswer {
  const found = lookup(ctx, frn, '02-07', 'Passport not found');
  if ('answer' in found) return found.answer;
  const req = requestedPage(ctx.query);
  if (!req.ok) return badInput('02-07', `pgnp must be a whole number, got "${req.raw}"`);
  const passports = ctx.dataset.firmDetails(frn).passports;
  if (passports.length === 0) return notFound('02-07', 'Passport not found');
  const pages = pageCount(passports.length, 20);
  if (req.page < 1 || req.page > pages) {
    return notFound('02-07', 'Passport not found', 'compact', `pgnp=${req.page} is outside pages 1-${pages} (sandbox assumption: answered as not found)`);
  }
  const rows = slicePage(passports, req.page, 20).map((p) => ({
    PassportDirection: p.direction,
    Permissions: `${ctx.base}/Firm/${frn}/Passports/${p.country}/Permission`,
    Country: p.country,
  }));
  return ok(
    '02-07',
    'Ok. Firm Passport found',
    { page: String(req.page), perPage: '20', total: String(passports.length), ...neighbourLinks(ctx.base, `/Firm/${frn}/Passports`, [], req.page, pages) },
    [{ Passports: rows }],
  );
}

export function firmPassportPermissions(ctx: ApiContext, frn: string, country: string): ApiAnswer {
  const found = lookup(ctx, frn, '02-08', 'Passport permission not found');
  if ('answer' in found) return found.answer;
  const wanted = country.trim().toUpperCase();
  const passport = ctx.dataset.firmDetails(frn).passports.find((p) => p.country === wanted);
  if (!passport || passport.directives.length === 0) return notFound('02-08', 'Passport permission not found');
  const data = passport.directives.map((d) => ({
    Permissions: d.permissions.map((p) => ({ Name: p.name, InvestmentTypes: p.investmentTypes })),
    PassportType: d.type,
    PassportDirection: passport.direction,
    Directive: d.directive,
    Country: passport.country,
  }));
  // per_page is "3" whatever the count (recorded).
  return ok('02-08', 'Ok. Passport permission found', { page: '1', perPage: '3', total: String(data.length) }, data);
}

// ---------------------------------------------------------------------------------------------
// 2.11 Permissions: an object keyed by permission, paged 20 keys at a time.

export function firmPermissions(ctx: ApiContext, frn: string): ApiAnswer {
  const found = lookup(ctx, frn, '02-03', 'Firm permission not found');
  if ('answer' in found) return found.answer;
  const req = requestedPage(ctx.query);
  if (!req.ok) return badInput('02-03', `pgnp must be a whole number, got "${req.raw}"`);
  const permissions = ctx.dataset.firmDetails(frn).permissions;
  if (permissions.length === 0) return notFound('02-03', 'Firm permission not found');
  const pages = pageCount(permissions.length, 20);
  if (req.page < 1 || req.page > pages) {
    return notFound('02-03', 'Firm permission not found', 'compact', `pgnp=${req.page} is outside pages 1-${pages} (sandbox assumption: answered as not found)`);
  }
  const data: { [key: string]: Json } = {};
  for (const p of slicePage(permissions, req.page, 20)) data[p.name] = p.entries.map(([key, values]) => ({ [key]: values }));
  return ok(
    '02-03',
    'Ok. Firm permission found',
    { page: String(req.page), perPage: '20', total: String(permissions.length), ...neighbourLinks(ctx.base, `/Firm/${frn}/Permissions`, [], req.page, pages) },
    data,
  );
}

// ---------------------------------------------------------------------------------------------
// 2.13 Requirements (title as a key) and 2.14 their investment types.

export function firmRequirements(ctx: ApiContext, frn: string): ApiAnswer {
  const found = lookup(ctx, frn, '02-06', 'Firm Requirements not found');
  if ('answer' in found) return found.answer;
  const requirements = ctx.dataset.firmDetails(frn).requirements;
  if (requirements.length === 0) return notFound('02-06', 'Firm Requirements not found');
  const data = requirements.map((r) => {
    const item: { [key: string]: Json } = {
      'Effective Date': r.effective,
      [r.title]: r.text,
      'Requirement Reference': r.ref,
      'Financial Promotions Requirement': r.financialPromotion ? 'TRUE' : 'FALSE',
    };
    if (r.investmentTypes.length > 0) item['Financial Promotions Investment Types'] = `${ctx.base}/Firm/${frn}/Requirements/${r.ref}/InvestmentTypes`;
    return item;
  });
  return ok('02-06', 'Ok. Firm Requirements found', { page: '1', perPage: String(data.length), total: String(data.length) }, data);
}

export function firmRequirementInvestmentTypes(ctx: ApiContext, frn: string, ref: string): ApiAnswer {
  const found = lookup(ctx, frn, '02-13', 'Investment Types not found');
  if ('answer' in found) return found.answer;
  const requirement = ctx.dataset.firmDetails(frn).requirements.find((r) => r.ref.toUpperCase() === ref.trim().toUpperCase());
  // A real firm with a reference it does not have is the one recorded bad-input case.
  if (!requirement) return badInput('02-13', `firm ${frn} has no requirement ${ref}`);
  if (requirement.investmentTypes.length === 0) return notFound('02-13', 'Investment Types not found');
  const data = requirement.investmentTypes.map((t) => ({ 'Investment Type Name': t }));
  return ok('02-13', 'Ok. Investment Types found', { page: '1', perPage: String(data.length), total: String(data.length) }, data);
}
