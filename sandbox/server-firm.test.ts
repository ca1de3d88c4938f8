/** /Firm/{FRN} and every sub-resource, over real HTTP, quirk by quirk (reference sections 2.1–2.15). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from './server';
import { apiGet, startTestSandbox } from './test-helpers';
import { SHOWCASE } from './dataset/showcase';
import { ukTimestamp } from './api/uk-time';
import { BANK_PASSPORTS, BANK_PERMISSIONS, BANK_WAIVERS, DISCIPLINARY_ACTIONS, NETWORK_CURRENT_ARS, NETWORK_PREVIOUS_ARS } from './dataset/showcase-records';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => {
  await sb.close();
});
const get = (path: string) => apiGet(sb, path);
const BANK = SHOWCASE.bankFrn;

const FIRM_KEYS = [
  'Name',
  'Individuals',
  'Requirements',
  'Permission',
  'Passport',
  'Regulators',
  'Appointed Representative',
  'Address',
  'Waivers',
  'Exclusions',
  'DisciplinaryHistory',
  'System Timestamp',
  'Exceptional Info Details',
  'Status Effective Date',
  'E-Money Agent Status',
  'PSD / EMD Effective Date',
  'Client Money Permission',
  'Sub Status Effective from',
  'Sub-Status',
  'Mutual Society Number',
  'Companies House Number',
  'MLRs Status Effective Date',
  'MLRs Status',
  'E-Money Agent Effective Date',
  'PSD Agent Effective date',
  'PSD Agent Status',
  'PSD / EMD Status',
  'Status',
  'Business Type',
  'Organisation Name',
  'FRN',
];

describe('GET /Firm/{FRN}', () => {
  it('answers a pretty-printed record of 31 keys in server order, with application/json and no charset', async () => {
    const before = ukTimestamp(new Date());
    const r = await get(`/Firm/${BANK}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.text.startsWith('{\n  "Status" : "FSR-API-02-01-00",\n  "ResultInfo" : {\n    "page" : "1",')).toBe(true);
    expect(r.text).toContain('"Data" : [ {\n    "Name" : ');
    expect(Object.keys(r.json)).toEqual(['Status', 'ResultInfo', 'Message', 'Data']);
    expect(r.json.Message).toBe('Ok. Firm Found');
    const firm = r.json.Data[0];
    expect(Object.keys(firm)).toEqual(FIRM_KEYS);
    expect(firm.Name).toBe(`${sb.baseUrl}/Firm/${BANK}/Names`);
    expect(firm['Appointed Representative']).toBe(`${sb.baseUrl}/Firm/${BANK}/AR`);
    expect(firm['Organisation Name']).toBe('Albion Crown Bank plc');
    expect(firm['Business Type']).toBe('Regulated');
    expect(firm['Exceptional Info Details']).toEqual([]);
    expect(r.text).toContain('"Exceptional Info Details" : [ ]');
    expect(firm['System Timestamp']).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect([before, ukTimestamp(new Date())]).toContain(firm['System Timestamp']);
  });

  it('lists Exceptional Info notices and the sub-status', async () => {
    const firm = (await get(`/Firm/${SHOWCASE.exceptionalInfoFrn}`)).json.Data[0];
    expect(firm['Exceptional Info Details'].length).toBeGreaterThan(0);
    expect(Object.keys(firm['Exceptional Info Details'][0])).toEqual(['Exceptional Info Title', 'Exceptional Info Body']);
    expect(firm['Sub-Status']).toBe('In administration');
    expect(firm['Sub Status Effective from']).toMatch(/^\d\d\/\d\d\/\d{4}$/);
  });

  it('shows appointed representatives, payment institutions and former firms as such', async () => {
    const ar = (await get(`/Firm/${SHOWCASE.appointedRepresentativeFrn}`)).json.Data[0];
    expect([ar['Business Type'], ar.Status]).toEqual(['Appointed Representative', 'Appointed representative']);
    const pi = (await get(`/Firm/${SHOWCASE.paymentInstitutionFrn}`)).json.Data[0];
    expect(pi['PSD / EMD Status']).toBe('Authorised Payment Institution');
    for (const frn of SHOWCASE.noLongerAuthorisedFrns) expect((await get(`/Firm/${frn}`)).json.Data[0].Status).toBe('No longer authorised');
  });

  it('answers not found and a non-numeric FRN pretty-printed too', async () => {
    const nf = await get('/Firm/1234567890');
    expect(nf.text).toBe('{\n  "Status" : "FSR-API-02-01-11",\n  "ResultInfo" : null,\n  "Message" : "Firm not found",\n  "Data" : null\n}');
    expect(nf.status).toBe(200);
    const bad = await get('/Firm/12AB');
    expect(bad.json).toEqual({ Status: 'FSR-API-02-01-21', ResultInfo: null, Message: 'Bad Request : Invalid Input', Data: null });
    expect(bad.headers.get('x-sandbox-note')).toMatch(/FRN must be digits/);
  });
});

describe('Address', () => {
  it('lists the principal place of business and complaints contact with the "Address LIne 3" typo', async () => {
    const r = await get(`/Firm/${BANK}/Address`);
    expect(r.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    expect(r.text).not.toContain('\n');
    expect(r.json.ResultInfo).toEqual({ page: '1', per_page: '2', total_count: '2' });
    const [ppob, complaints] = r.json.Data;
    expect(Object.keys(ppob)).toEqual([
      'URL',
      'Website Address',
      'Phone Number',
      'Country',
      'Postcode',
      'County',
      'Town',
      'Address Line 4',
      'Address LIne 3',
      'Address Line 2',
      'Address Line 1',
      'Address Type',
    ]);
    expect(Object.keys(complaints)).toContain('Individual');
    expect(ppob.URL).toBe(`${sb.baseUrl}/Firm/${BANK}/Address?Type=PPOB`);
    expect(complaints['Address Type']).toBe('Complaints Contact');
  });

  it('filters by ?Type (assumption) and answers "Firm Address not Found"', async () => {
    const r = await get(`/Firm/${BANK}/Address?Type=Complaint`);
    expect(r.json.Data.map((a: any) => a['Address Type'])).toEqual(['Complaints Contact']);
    expect(r.json.ResultInfo.per_page).toBe('1');
    expect((await get(`/Firm/${BANK}/Address?Type=Branch`)).json.Status).toBe('FSR-API-02-02-11');
    expect((await get('/Firm/1234567890/Address')).json).toEqual({ Status: 'FSR-API-02-02-11', ResultInfo: null, Message: 'Firm Address not Found', Data: null });
  });
});

describe('AR (appointed representatives)', () => {
  const NET = SHOWCASE.networkPrincipalFrn;

  it('pages both buckets together, 10 each, pages set by the larger bucket', async () => {
    const p1 = (await get(`/Firm/${NET}/AR`)).json;
    expect(p1.Status).toBe('FSR-API-05-04-00');
    expect(Object.keys(p1.Data)).toEqual(['PreviousAppointedRepresentatives', 'CurrentAppointedRepresentatives']);
    expect(p1.ResultInfo).toEqual({ Next: `${sb.baseUrl}/Firm/${NET}/AR?pgnp=2`, page: '1', per_page: '10', total_count: String(NETWORK_CURRENT_ARS + NETWORK_PREVIOUS_ARS) });
    expect(p1.Data.CurrentAppointedRepresentatives).toHaveLength(10);
    expect(p1.Data.PreviousAppointedRepresentatives).toHaveLength(10);
    const current = p1.Data.CurrentAppointedRepresentatives[0];
    expect(Object.keys(current)).toEqual([
      'URL',
      'RecordSubType',
      'Principal FRN',
      'Principal Firm Name',
      'Effective Date',
      'EEA Tied Agent',
      'Tied Agent',
      '[NotinUse] Insurance Distribution',
      'FRN',
      'Name',
    ]);
    expect(Object.keys(p1.Data.PreviousAppointedRepresentatives[0])[1]).toBe('Termination Date');
    expect(['true', 'false']).toContain(current['Tied Agent']);

    const lastCurrentPage = Math.ceil(NETWORK_CURRENT_ARS / 10);
    const pages = Math.ceil(NETWORK_PREVIOUS_ARS / 10);
    const p72 = (await get(`/Firm/${NET}/AR?pgnp=${lastCurrentPage}`)).json;
    expect(p72.Data.CurrentAppointedRepresentatives).toHaveLength(NETWORK_CURRENT_ARS % 10 || 10);
    expect((await get(`/Firm/${NET}/AR?pgnp=${lastCurrentPage + 1}`)).json.Data.CurrentAppointedRepresentatives).toBeNull();
    const last = (await get(`/Firm/${NET}/AR?pgnp=${pages}`)).json;
    expect(last.ResultInfo).toEqual({ Previous: `${sb.baseUrl}/Firm/${NET}/AR?pgnp=${pages - 1}`, page: String(pages), per_page: '10', total_count: '1544' });
    expect(last.Data.CurrentAppointedRepresentatives).toBeNull();
  });

  it('adds up to every appointment when all pages are walked', async () => {
    let current = 0;
    let previous = 0;
    const pages = Math.ceil(Math.max(NETWORK_CURRENT_ARS, NETWORK_PREVIOUS_ARS) / 10);
    for (let p = 1; p <= pages; p++) {
      const d = (await get(`/Firm/${NET}/AR?pgnp=${p}`)).json.Data;
      current += d.CurrentAppointedRepresentatives?.length ?? 0;
      previous += d.PreviousAppointedRepresentatives?.length ?? 0;
    }
    expect([current, previous]).toEqual([NETWORK_CURRENT_ARS, NETWORK_PREVIOUS_ARS]);
  });

  it('answers "found" with null buckets and per_page "0" for an unknown firm or past the last page', async () => {
    const empty = {
      Status: 'FSR-API-05-04-00',
      ResultInfo: { page: '1', per_page: '0', total_count: '0' },
      Message: 'Ok. Appointed Representative Found',
      Data: { PreviousAppointedRepresentatives: null, CurrentAppointedRepresentatives: null },
    };
    expect((await get('/Firm/1234567890/AR')).json).toEqual(empty);
    expect((await get(`/Firm/${BANK}/AR`)).json).toEqual(empty);
    expect((await get(`/Firm/${NET}/AR?pgnp=84`)).json.Data).toEqual(empty.Data);
    const former = (await get(`/Firm/${SHOWCASE.noLongerAuthorisedFrns[0]}/AR`)).json;
    expect(former.Data.CurrentAppointedRepresentatives).toBeNull();
    expect(former.Data.PreviousAppointedRepresentatives).toHaveLength(6);
    expect(former.ResultInfo).toEqual({ page: '1', per_page: '10', total_count: '6' });
  });

  it('links each representative back to its principal', async () => {
    const row = (await get(`/Firm/${NET}/AR`)).json.Data.CurrentAppointedRepresentatives[3];
    const ar = (await get(new URL(row.URL).pathname.replace('/services/V0.1', ''))).json.Data[0];
    expect(ar['Business Type']).toBe('Appointed Representative');
    expect(row['Principal Firm Name']).toBe('Kingsmere Mortgage Network Limited');
  });
});

describe('CF (controlled functions)', () => {
  it('numbers each bucket and shows 10 current and 10 previous per page, highest first', async () => {
    const p1 = (await get(`/Firm/${BANK}/CF`)).json;
    expect(p1.Message).toBe('SUCCESS : Control Function Found');
    expect(p1.ResultInfo.per_page).toBe('20');
    const total = Number(p1.ResultInfo.total_count);
    const { Current, Previous } = p1.Data[0];
    const currentKeys = Object.keys(Current);
    expect(currentKeys).toHaveLength(10);
    for (const k of [...currentKeys, ...Object.keys(Previous)]) expect(k).toMatch(/^\(\d+\)\S/);
    const numbers = currentKeys.map((k) => Number(/^\((\d+)\)/.exec(k)![1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const row = Current[currentKeys[0]];
    expect(Object.keys(row)).toEqual([
      'Suspension / Restriction End Date',
      'Suspension / Restriction Start Date',
      'Restriction',
      'Effective Date',
      'Individual Name',
      'Name',
      'URL',
    ]);
    expect(currentKeys[0]).toBe(`(${numbers[0]})${row.Name}`);
    expect(Object.keys(Previous[Object.keys(Previous)[0]])[0]).toBe('End Date');

    // Walk every page: the numbers run down to (1) in each bucket and add up to total_count.
    let seen = 0;
    let pageNo = 1;
    let next: string | undefined = `/Firm/${BANK}/CF`;
    const lowest: number[] = [];
    while (next) {
      const page: any = (await get(next)).json;
      for (const bucket of ['Current', 'Previous']) {
        const keys = page.Data[0][bucket] ? Object.keys(page.Data[0][bucket]) : [];
        seen += keys.length;
        if (keys.length > 0) lowest.push(Number(/^\((\d+)\)/.exec(keys[keys.length - 1])![1]));
      }
      next = page.ResultInfo.Next ? new URL(page.ResultInfo.Next).pathname.replace('/services/V0.1', '') + new URL(page.ResultInfo.Next).search : undefined;
      pageNo++;
    }
    expect(seen).toBe(total);
    expect(lowest).toContain(1);
    expect(pageNo - 1).toBeGreaterThan(2);
    expect((await get(`/Firm/${BANK}/CF?pgnp=${pageNo}`)).json.Status).toBe('FSR-API-02-12-11');
    expect((await get('/Firm/1234567890/CF')).json.Message).toBe('ERROR : Control Function not Found');
  });

  it("matches the individuals' own CF lists both ways", async () => {
    const { Current } = (await get(`/Firm/${BANK}/CF`)).json.Data[0];
    for (const row of Object.values<any>(Current).slice(0, 4)) {
      const irn = row.URL.split('/').pop();
      const cf = (await get(`/Individuals/${irn}/CF`)).json.Data[0];
      const mine = Object.values<any>(cf.Current ?? {}).filter((x) => x['Firm Name'] === 'Albion Crown Bank plc');
      expect(mine.map((x) => [x.Name, x['Effective Date']])).toContainEqual([row.Name, row['Effective Date']]);
      const person = (await get(`/Individuals/${irn}`)).json.Data[0].Details;
      expect(person['Full Name']).toBe(row['Individual Name']);
    }
  });
});

describe('paged lists: DisciplinaryHistory, Exclusions, Individuals, Regulators, Waivers', () => {
  it('pages disciplinary history by 10 with Previous/Next only where pages exist', async () => {
    const frn = SHOWCASE.disciplinaryFrn;
    const pages = Math.ceil(DISCIPLINARY_ACTIONS / 10);
    const p2 = (await get(`/Firm/${frn}/DisciplinaryHistory?pgnp=2`)).json;
    expect(p2.ResultInfo).toEqual({
      Previous: `${sb.baseUrl}/Firm/${frn}/DisciplinaryHistory?pgnp=1`,
      Next: `${sb.baseUrl}/Firm/${frn}/DisciplinaryHistory?pgnp=3`,
      page: '2',
      per_page: '10',
      total_count: String(DISCIPLINARY_ACTIONS),
    });
    expect(Object.keys(p2.Data[0])).toEqual(['TypeofDescription', 'TypeofAction', 'EnforcementType', 'ActionEffectiveFrom']);
    const last = (await get(`/Firm/${frn}/DisciplinaryHistory?pgnp=${pages}`)).json;
    expect(last.Data).toHaveLength(DISCIPLINARY_ACTIONS % 10 || 10);
    expect(Object.keys(last.ResultInfo)).toEqual(['Previous', 'page', 'per_page', 'total_count']);
    expect((await get(`/Firm/${BANK}/DisciplinaryHistory`)).json).toEqual({
      Status: 'FSR-API-02-11-11',
      ResultInfo: null,
      Message: 'Disciplinary history information not found',
      Data: null,
    });
  });

  it('lists PSD2 exclusions for the payment institution', async () => {
    const r = (await get(`/Firm/${SHOWCASE.paymentInstitutionFrn}/Exclusions`)).json;
    expect(r.Message).toBe('Ok. Exclusions information found');
    expect(Object.keys(r.Data[0])).toEqual(['PSD2_Exclusion_Type', 'Particular_Exclusion_relied_upon', 'Description_of_services']);
    expect((await get(`/Firm/${BANK}/Exclusions`)).json.Message).toBe('Exclusions information not found');
  });

  it("lists the bank's individuals over several pages of 20 with the register's status wording", async () => {
    const p1 = (await get(`/Firm/${BANK}/Individuals`)).json;
    const total = Number(p1.ResultInfo.total_count);
    expect(total).toBeGreaterThan(40);
    expect(p1.Data).toHaveLength(20);
    expect(Object.keys(p1.Data[0])).toEqual(['Status', 'URL', 'IRN', 'Name']);
    const pages = Math.ceil(total / 20);
    const last = (await get(`/Firm/${BANK}/Individuals?pgnp=${pages}`)).json;
    expect(last.Data).toHaveLength(total % 20 || 20);
    expect(last.ResultInfo.Next).toBeUndefined();
    const statuses = new Set<string>();
    for (let p = 1; p <= pages; p++) for (const x of (await get(`/Firm/${BANK}/Individuals?pgnp=${p}`)).json.Data) statuses.add(x.Status);
    expect([...statuses].sort()).toEqual([
      'Approved by regulator',
      'Approved by regulator;Certified / assessed by firm',
      'Certified / assessed by firm',
      'Regulatory approval no longer required',
    ]);
    expect((await get('/Firm/1234567890/Individuals')).json.Message).toBe('Individual not found');
  });

  it('lists regulators with the Treasury placeholder date', async () => {
    const r = (await get(`/Firm/${BANK}/Regulators`)).json;
    expect(r.Data.map((x: any) => x['Regulator Name'])).toEqual([
      'Financial Conduct Authority',
      'Financial Services Authority',
      "Her Majesty's Treasury",
      'Prudential Regulation Authority',
    ]);
    expect(r.Data[2]['Effective Date']).toBe('01/01/1901');
    expect(Object.keys(r.Data[0])).toEqual(['Termination Date', 'Effective Date', 'Regulator Name']);
    expect((await get(`/Firm/${SHOWCASE.appointedRepresentativeFrn}/Regulators`)).json.Message).toBe('Regulators not found');
  });

  it('pages waivers with null file and URL values, and answers the singular path too', async () => {
    const pages = Math.ceil(BANK_WAIVERS / 10);
    for (let p = 1; p <= pages; p++) {
      const r = (await get(`/Firm/${BANK}/Waivers?pgnp=${p}`)).json;
      expect(r.Data.some((w: any) => w.Waivers_Discretions === null && w.Waivers_Discretions_URL === null)).toBe(true);
      expect(Object.keys(r.Data[0])).toEqual(['Waivers_Discretions_URL', 'Waivers_Discretions', 'Rule_ArticleNo']);
    }
    expect((await get(`/Firm/${BANK}/Waiver?pgnp=2`)).json.Data).toEqual((await get(`/Firm/${BANK}/Waivers?pgnp=2`)).json.Data);
  });

  it('answers a page past the end as not found and a non-numeric pgnp as bad input', async () => {
    const past = await get(`/Firm/${SHOWCASE.disciplinaryFrn}/DisciplinaryHistory?pgnp=99`);
    expect(past.json.Status).toBe('FSR-API-02-11-11');
    expect(past.headers.get('x-sandbox-note')).toMatch(/outside pages 1-4/);
    expect((await get(`/Firm/${SHOWCASE.disciplinaryFrn}/DisciplinaryHistory?pgnp=two`)).json.Status).toBe('FSR-API-02-11-21');
  });
});

describe('Names', () => {
  it('splits current and previous names into two objects', async () => {
    const r = (await get(`/Firm/${SHOWCASE.nonAsciiFrn}/Names`)).json;
    expect(r.Message).toBe('Ok. Found Trading Names or Brand Names');
    expect(r.ResultInfo).toEqual({ page: '1', per_page: '10', total_count: '4' });
    expect(r.Data.map((o: any) => Object.keys(o))).toEqual([['Current Names'], ['Previous Names']]);
    expect(Object.keys(r.Data[0]['Current Names'][0])).toEqual(['Effective From', 'Status', 'Name']);
    expect(Object.keys(r.Data[1]['Previous Names'][0])).toEqual(['Effective To', 'Effective From', 'Status', 'Name']);
    expect(r.Data[0]['Current Names'].map((n: any) => n.Name)).toContain("Zoë's Mortgage Café");
  });

  it('pages more than 10 names across both lists (assumption) and answers "Brand Name not found"', async () => {
    const p1 = (await get(`/Firm/${BANK}/Names`)).json;
    expect(p1.ResultInfo.Next).toBe(`${sb.baseUrl}/Firm/${BANK}/Names?pgnp=2`);
    const p2 = (await get(`/Firm/${BANK}/Names?pgnp=2`)).json;
    expect(p2.Data[0]['Current Names']).toBeNull();
    expect(p1.Data[0]['Current Names'].length + p1.Data[1]['Previous Names'].length + p2.Data[1]['Previous Names'].length).toBe(Number(p1.ResultInfo.total_count));
    expect((await get('/Firm/1234567890/Names')).json.Message).toBe('Brand Name not found');
  });
});

describe('Passports and passport permissions', () => {
  it('lists passports 20 a page inside a single Passports object', async () => {
    const p1 = (await get(`/Firm/${BANK}/Passports`)).json;
    expect(p1.ResultInfo).toMatchObject({ page: '1', per_page: '20', total_count: String(BANK_PASSPORTS) });
    expect(p1.Data).toHaveLength(1);
    expect(p1.Data[0].Passports).toHaveLength(20);
    expect(Object.keys(p1.Data[0].Passports[0])).toEqual(['PassportDirection', 'Permissions', 'Country']);
    expect(p1.Data[0].Passports[0].PassportDirection).toBe('Passporting Out');
    expect((await get(`/Firm/${BANK}/Passports?pgnp=2`)).json.Data[0].Passports).toHaveLength(BANK_PASSPORTS - 20);
    expect((await get(`/Firm/${SHOWCASE.appointedRepresentativeFrn}/Passports`)).json.Message).toBe('Passport not found');
  });

  it('matches the country case-insensitively and keeps per_page at "3"', async () => {
    const mixed = (await get(`/Firm/${BANK}/Passports/Gibraltar/Permission`)).json;
    const upper = (await get(`/Firm/${BANK}/Passports/GIBRALTAR/Permission`)).json;
    expect(mixed).toEqual(upper);
    expect(mixed.Message).toBe('Ok. Passport permission found');
    expect(mixed.ResultInfo).toEqual({ page: '1', per_page: '3', total_count: String(mixed.Data.length) });
    expect(Object.keys(mixed.Data[0])).toEqual(['Permissions', 'PassportType', 'PassportDirection', 'Directive', 'Country']);
    expect(Object.keys(mixed.Data[0].Permissions[0])).toEqual(['Name', 'InvestmentTypes']);
    expect(mixed.Data[0].Country).toBe('GIBRALTAR');
    expect((await get(`/Firm/${SHOWCASE.exceptionalInfoFrn}/Passports/Germany/Permission`)).json).toEqual({
      Status: 'FSR-API-02-08-11',
      ResultInfo: null,
      Message: 'Passport permission not found',
      Data: null,
    });
  });
});

describe('Permissions', () => {
  it('pages an object keyed by permission, 20 keys a page (20/20/2)', async () => {
    const keys: string[][] = [];
    for (let p = 1; p <= 3; p++) {
      const r = (await get(`/Firm/${BANK}/Permissions?pgnp=${p}`)).json;
      expect(r.ResultInfo).toMatchObject({ page: String(p), per_page: '20', total_count: String(BANK_PERMISSIONS) });
      keys.push(Object.keys(r.Data));
      for (const value of Object.values<any>(r.Data)) {
        expect(Array.isArray(value)).toBe(true);
        for (const entry of value) {
          expect(Object.keys(entry)).toHaveLength(1);
          expect(Array.isArray(Object.values(entry)[0])).toBe(true);
        }
      }
    }
    expect(keys.map((k) => k.length)).toEqual([20, 20, BANK_PERMISSIONS - 40]);
    expect(new Set(keys.flat()).size).toBe(BANK_PERMISSIONS);
    const cbtl = (await get(`/Firm/${BANK}/Permissions?pgnp=1`)).json.Data['Consumer buy-to-let mortgage business'];
    expect(cbtl).toContainEqual({ 'CBTL Status': ['Registered'] });
    expect((await get(`/Firm/${SHOWCASE.appointedRepresentativeFrn}/Permissions?pgnp=1`)).json).toEqual({
      Status: 'FSR-API-02-03-11',
      ResultInfo: null,
      Message: 'Firm permission not found',
      Data: null,
    });
  });
});

describe('Requirements and InvestmentTypes', () => {
  it('gives each requirement its title as a key and per_page equal to the count', async () => {
    const r = (await get(`/Firm/${BANK}/Requirements`)).json;
    expect(r.ResultInfo).toEqual({ page: '1', per_page: String(r.Data.length), total_count: String(r.Data.length) });
    const fixed = new Set(['Effective Date', 'Requirement Reference', 'Financial Promotions Requirement', 'Financial Promotions Investment Types']);
    for (const item of r.Data) {
      expect(Object.keys(item).filter((k) => !fixed.has(k))).toHaveLength(1);
      expect(['TRUE', 'FALSE']).toContain(item['Financial Promotions Requirement']);
    }
    const withTypes = r.Data.find((x: any) => x['Requirement Reference'] === SHOWCASE.bankRequirementRef);
    expect(withTypes['Financial Promotions Investment Types']).toBe(`${sb.baseUrl}/Firm/${BANK}/Requirements/${SHOWCASE.bankRequirementRef}/InvestmentTypes`);
  });

  it('lists investment types, and answers a bogus reference on a real firm as bad input (-21)', async () => {
    const r = (await get(`/Firm/${BANK}/Requirements/${SHOWCASE.bankRequirementRef}/InvestmentTypes`)).json;
    expect(r.Message).toBe('Ok. Investment Types found');
    expect(Object.keys(r.Data[0])).toEqual(['Investment Type Name']);
    expect(r.ResultInfo.per_page).toBe(String(r.Data.length));
    expect((await get(`/Firm/${BANK}/Requirements/OR-1234567890/InvestmentTypes`)).json).toEqual({
      Status: 'FSR-API-02-13-21',
      ResultInfo: null,
      Message: 'Bad Request : Invalid Input',
      Data: null,
    });
    expect((await get(`/Firm/1234567890/Requirements/${SHOWCASE.bankRequirementRef}/InvestmentTypes`)).json.Status).toBe('FSR-API-02-13-11');
    expect((await get(`/Firm/${BANK}/Requirements/OR-0200203/InvestmentTypes`)).json.Message).toBe('Investment Types not found');
  });
});

describe('paths', () => {
  it('answers a trailing slash with an all-null envelope (assumption)', async () => {
    const r = await get(`/Firm/${BANK}/`);
    expect(r.json).toEqual({ Status: null, ResultInfo: null, Message: null, Data: null });
    expect(r.headers.get('x-sandbox-note')).toMatch(/trailing slash/);
  });
});
