import type {
  AddressKind,
  ExceptionalInfo,
  Exclusion,
  Firm,
  FirmAddress,
  FirmName,
  FirmNames,
  FirmPassports,
  Passport,
  Regulator,
  Requirement,
  RequirementInvestmentType,
  Waiver,
} from './model';
import { Fields, MalformedBody, isAbsent, isRecord, requireList, websiteUrl, type NormaliseContext } from './normalise-values';

/** /Firm/{FRN}, /Address, /Names, /Passports, /Regulators, /Requirements, /InvestmentTypes, /Waivers, /Exclusions. */

const FIRM_LINKS = {
  names: 'Name',
  individuals: 'Individuals',
  requirements: 'Requirements',
  permissions: 'Permission',
  passports: 'Passport',
  regulators: 'Regulators',
  appointedRepresentatives: 'Appointed Representative',
  address: 'Address',
  waivers: 'Waivers',
  exclusions: 'Exclusions',
  disciplinaryHistory: 'DisciplinaryHistory',
} as const;

function exceptionalInfo(f: Fields): ExceptionalInfo[] {
  const out: ExceptionalInfo[] = [];
  // Current form: a list of {Exceptional Info Title, Exceptional Info Body}.
  const list = f.obj['Exceptional Info Details'];
  if (Array.isArray(list)) {
    const unreadable: unknown[] = [];
    for (const item of list) {
      if (isRecord(item)) {
        const e = new Fields(item);
        const title = e.text('Exceptional Info Title');
        const body = e.text('Exceptional Info Body');
        const extra = e.extra();
        if (title || body || Object.keys(extra).length > 0) out.push({ title, body, extra });
      } else if (typeof item === 'string' && !isAbsent(item)) {
        out.push({ body: item.trim(), extra: {} });
      } else if (!isAbsent(item)) {
        unreadable.push(item);
      }
    }
    if (unreadable.length === 0) f.consume('Exceptional Info Details');
  } else if (isAbsent(list)) {
    f.consume('Exceptional Info Details');
  }
  // Old flat form (up to mid-2023): two strings on the firm itself.
  if (f.has('Exceptional Info Title') || f.has('Exceptional Info Body')) {
    const title = f.text('Exceptional Info Title');
    const body = f.text('Exceptional Info Body');
    if (title || body) out.push({ title, body, extra: {} });
  }
  return out;
}

export function normaliseFirm(data: unknown, ctx: NormaliseContext): Firm {
  const items = requireList(data);
  if (items.length === 0) throw new MalformedBody('Data holds no firm record');
  const f = new Fields(items[0]);
  const links: Firm['links'] = {};
  for (const [name, key] of Object.entries(FIRM_LINKS)) {
    const v = f.text(key);
    if (v !== undefined) links[name as keyof Firm['links']] = v;
  }
  const firm: Firm = {
    frn: f.text('FRN') ?? ctx.frn ?? '',
    name: f.text('Organisation Name'),
    status: f.text('Status'),
    statusEffectiveDate: f.date('Status Effective Date'),
    businessType: f.text('Business Type'),
    subStatus: f.text('Sub-Status'),
    subStatusEffectiveFrom: f.date('Sub Status Effective from'),
    companiesHouseNumber: f.text('Companies House Number'),
    mutualSocietyNumber: f.text('Mutual Society Number'),
    clientMoneyPermission: f.text('Client Money Permission'),
    psdEmdStatus: f.text('PSD / EMD Status'),
    psdEmdEffectiveDate: f.date('PSD / EMD Effective Date'),
    psdAgentStatus: f.text('PSD Agent Status'),
    psdAgentEffectiveDate: f.date('PSD Agent Effective date'),
    eMoneyAgentStatus: f.text('E-Money Agent Status'),
    eMoneyAgentEffectiveDate: f.date('E-Money Agent Effective Date'),
    mlrsStatus: f.text('MLRs Status'),
    mlrsStatusEffectiveDate: f.date('MLRs Status Effective Date'),
    exceptionalInfo: exceptionalInfo(f),
    systemTimestamp: f.date('System Timestamp'),
    links,
    extra: {},
  };
  firm.extra = f.extra();
  // One record is the norm; any further ones are kept rather than dropped.
  if (items.length > 1) firm.extra['Data (further records)'] = items.slice(1);
  return firm;
}

function addressKind(url: string | undefined, type: string | undefined): AddressKind {
  const q = url ? /[?&]Type=([^&#]+)/i.exec(url)?.[1]?.toLowerCase() : undefined;
  if (q === 'ppob' || /principal/i.test(type ?? '')) return 'principal-place-of-business';
  if (q === 'complaint' || /complaint/i.test(type ?? '')) return 'complaints-contact';
  return 'other';
}

export function normaliseAddresses(data: unknown): FirmAddress[] {
  return requireList(data).map((item) => {
    const f = new Fields(item);
    // "Address LIne 3" is the register's spelling; the corrected spelling is read too in case it is fixed.
    const lines = ['Address Line 1', 'Address Line 2', 'Address LIne 3', 'Address Line 3', 'Address Line 4'].map((k) => f.text(k)).filter((x): x is string => x !== undefined);
    const url = f.text('URL');
    const type = f.text('Address Type');
    const website = f.text('Website Address');
    return {
      type,
      kind: addressKind(url, type),
      lines,
      town: f.text('Town'),
      county: f.text('County'),
      postcode: f.text('Postcode'),
      country: f.text('Country'),
      phone: f.text('Phone Number'),
      website,
      websiteUrl: websiteUrl(website),
      contactName: f.text('Individual'),
      url,
      extra: f.extra(),
    };
  });
}

function firmName(item: unknown): FirmName | undefined {
  if (!isRecord(item)) return undefined;
  const f = new Fields(item);
  return {
    name: f.text('Name'),
    status: f.text('Status'),
    effectiveFrom: f.date('Effective From'),
    effectiveTo: f.date('Effective To'),
    extra: f.extra(),
  };
}

export function normaliseFirmNames(data: unknown): FirmNames {
  const out: FirmNames = { current: [], previous: [], extra: {} };
  for (const group of requireList(data)) {
    for (const [key, value] of Object.entries(group)) {
      const bucket = /^current/i.test(key) ? out.current : /^previous/i.test(key) ? out.previous : undefined;
      const rows = Array.isArray(value) ? value.map(firmName) : undefined;
      if (bucket && rows && rows.every((r) => r !== undefined)) bucket.push(...(rows as FirmName[]));
      else if (bucket && (value === null || value === undefined)) continue;
      else out.extra[key] = value;
    }
  }
  return out;
}

export function normalisePassports(data: unknown): FirmPassports {
  const out: FirmPassports = { passports: [], extra: {} };
  for (const group of requireList(data)) {
    for (const [key, value] of Object.entries(group)) {
      if (key === 'Passports' && Array.isArray(value) && value.every(isRecord)) {
        out.passports.push(
          ...value.map((item): Passport => {
            const f = new Fields(item);
            return {
              country: f.text('Country'),
              direction: f.text('PassportDirection'),
              permissionsUrl: f.text('Permissions'),
              extra: f.extra(),
            };
          }),
        );
      } else if (key === 'Passports' && value === null) {
        continue;
      } else {
        out.extra[key] = value;
      }
    }
  }
  return out;
}

export function normaliseRegulators(data: unknown): Regulator[] {
  return requireList(data).map((item) => {
    const f = new Fields(item);
    const terminationDate = f.date('Termination Date');
    const stillOpen = f.has('Termination Date') ? isAbsent(f.obj['Termination Date']) : true;
    return {
      name: f.text('Regulator Name'),
      effectiveDate: f.date('Effective Date'),
      terminationDate,
      current: stillOpen,
      extra: f.extra(),
    };
  });
}

const REQUIREMENT_KEYS = ['Effective Date', 'Requirement Reference', 'Financial Promotions Requirement', 'Financial Promotions Investment Types'];

export function normaliseRequirements(data: unknown): Requirement[] {
  return requireList(data).map((item) => {
    const f = new Fields(item);
    const req: Requirement = {
      reference: f.text('Requirement Reference'),
      effectiveDate: f.date('Effective Date'),
      financialPromotions: f.flag('Financial Promotions Requirement'),
      investmentTypesUrl: f.text('Financial Promotions Investment Types'),
      extra: {},
    };
    // The one remaining key whose value is text is the requirement's title; its value is the text.
    const titleKey = f.rest().find((k) => !REQUIREMENT_KEYS.includes(k) && (typeof item[k] === 'string' || item[k] === null));
    if (titleKey !== undefined) {
      req.title = titleKey.trim();
      req.text = f.text(titleKey);
    }
    req.extra = f.extra();
    return req;
  });
}

export function normaliseInvestmentTypes(data: unknown): RequirementInvestmentType[] {
  return requireList(data).map((item) => {
    const f = new Fields(item);
    return { name: f.text('Investment Type Name'), extra: f.extra() };
  });
}

export function normaliseWaivers(data: unknown): Waiver[] {
  return requireList(data).map((item) => {
    const f = new Fields(item);
    return {
      rules: f.list('Rule_ArticleNo'),
      documentName: f.text('Waivers_Discretions'),
      documentUrl: f.text('Waivers_Discretions_URL'),
      extra: f.extra(),
    };
  });
}

export function normaliseExclusions(data: unknown): Exclusion[] {
  return requireList(data).map((item) => {
    const f = new Fields(item);
    return {
      exclusionType: f.text('PSD2_Exclusion_Type'),
      exclusionReliedUpon: f.text('Particular_Exclusion_relied_upon'),
      servicesDescription: f.text('Description_of_services'),
      extra: f.extra(),
    };
  });
}
