/** /Individuals/… and /CIS/… over real HTTP (reference sections 2.16–2.21). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from './server';
import { apiGet, startTestSandbox } from './test-helpers';
import { SHOWCASE } from './dataset/showcase';
import { UMBRELLA_SUB_FUNDS } from './dataset/showcase-records';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => {
  await sb.close();
});
const get = (path: string) => apiGet(sb, path);
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname.replace(/^\/services\/(apexrest\/)?V0\.1/, '') + u.search;
};

describe('Individuals', () => {
  it('answers Details in server order and the workplace location', async () => {
    const r = (await get(`/Individuals/${SHOWCASE.bankIndividualIrn}`)).json;
    expect(r).toMatchObject({ Status: 'FSR-API-03-01-00', Message: 'Ok. Individual found', ResultInfo: { page: '1', per_page: '1', total_count: '1' } });
    const item = r.Data[0];
    expect(Object.keys(item)).toEqual(['Details', 'Workplace Location 1']);
    expect(Object.keys(item.Details)).toEqual(['Disciplinary History', 'Current roles & activities', 'IRN', 'Commonly Used Name', 'Status', 'Full Name']);
    expect(item.Details['Current roles & activities']).toBe(`${sb.baseUrl}/Individuals/${SHOWCASE.bankIndividualIrn}/CF`);
    expect(item['Workplace Location 1']).toEqual({ 'Firm Name': 'Albion Crown Bank plc', 'Location 1': 'London' });
    expect(item.Details.Status).toBe('Approved by regulator');
  });

  it('prints "None" for no commonly used name, and keeps accents and apostrophes', async () => {
    const p = (await get(`/Individuals/${SHOWCASE.prohibitedIrn}`)).json.Data[0];
    expect(p.Details['Commonly Used Name']).toBe('None');
    expect(Object.keys(p)).toEqual(['Details']);
    expect(p.Details.Status).toBe('Regulatory approval no longer required');
    expect((await get(`/Individuals/${SHOWCASE.nonAsciiIrn}`)).json.Data[0].Details['Full Name']).toBe("Órla Caitríona M'Naghten");
    expect((await get('/Individuals/1234567890')).json).toEqual({ Status: 'FSR-API-03-01-11', ResultInfo: null, Message: 'Individual not found', Data: null });
  });

  it('lists CF rows with empty page and per_page, Previous before Current, numbering from (1) in each', async () => {
    const r = (await get(`/Individuals/${SHOWCASE.bankIndividualIrn}/CF`)).json;
    expect(r.Message).toBe('Ok. Indiv CF Found');
    expect(r.ResultInfo).toEqual({ page: '', per_page: '', total_count: '5' });
    const { Previous, Current } = r.Data[0];
    expect(Object.keys(r.Data[0])).toEqual(['Previous', 'Current']);
    expect(Object.keys(Current).map((k) => /^\((\d+)\)/.exec(k)![1])).toEqual(['2', '1']);
    expect(Object.keys(Previous).map((k) => /^\((\d+)\)/.exec(k)![1])).toEqual(['3', '2', '1']);
    const previousRow = Object.values<any>(Previous)[0];
    expect(Object.keys(previousRow)).toEqual([
      'Customer Engagement Method',
      'End Date',
      'Suspension / Restriction End Date',
      'Suspension / Restriction Start Date',
      'Restriction',
      'Effective Date',
      'Firm Name',
      'Name',
      'URL',
    ]);
    expect(Object.keys(Object.values<any>(Current)[0])).not.toContain('End Date');
    expect((await get('/Individuals/1234567890/CF')).json.Message).toBe('Individual Control function not found');
  });

  it('lists each CF row on the firm side too', async () => {
    const { Current, Previous } = (await get(`/Individuals/${SHOWCASE.prohibitedIrn}/CF`)).json.Data[0];
    expect(Current).toBeNull();
    for (const row of Object.values<any>(Previous)) {
      const frn = row.URL.split('/').pop();
      const people = [];
      let next: string | undefined = `/Firm/${frn}/Individuals`;
      while (next) {
        const page: any = (await get(next)).json;
        people.push(...page.Data);
        next = page.ResultInfo.Next ? pathOf(page.ResultInfo.Next) : undefined;
      }
      expect(people.find((p) => p.IRN === SHOWCASE.prohibitedIrn)?.Status).toBe('Regulatory approval no longer required');
      expect((await get(`/Firm/${frn}`)).json.Data[0]['Organisation Name']).toBe(row['Firm Name']);
    }
  });

  it('lists disciplinary history, and "not found" for a person without any', async () => {
    const r = (await get(`/Individuals/${SHOWCASE.prohibitedIrn}/DisciplinaryHistory`)).json;
    expect(r.Status).toBe('FSR-API-03-03-00');
    expect(r.Data.map((d: any) => d.TypeofAction)).toContain('Prohibition');
    expect(r.ResultInfo).toEqual({ page: '1', per_page: '10', total_count: String(r.Data.length) });
    expect((await get(`/Individuals/${SHOWCASE.bankIndividualIrn}/DisciplinaryHistory`)).json).toEqual({
      Status: 'FSR-API-03-03-11',
      ResultInfo: null,
      Message: 'Disciplinary history information not found',
      Data: null,
    });
  });
});

describe('CIS (funds)', () => {
  it('answers an umbrella with links to real operator and depositary firms', async () => {
    const r = (await get(`/CIS/${SHOWCASE.umbrellaFundPrn}`)).json;
    expect(r.Message).toBe('Ok. Product Found');
    const f = r.Data[0];
    expect(Object.keys(f)).toEqual([
      'Sub-funds',
      'Other Name',
      'CIS Depositary',
      'CIS Depositary Name',
      'Operator Name',
      'Operator',
      'MMF Term Type',
      'MMF NAV Type',
      'Effective Date',
      'Scheme Type',
      'Product Type',
      'ICVC Registration No',
      'Status',
    ]);
    expect(f['CIS Depositary']).toBe(`${sb.baseUrl}/Firm/${SHOWCASE.bankFrn}`);
    const operator = (await get(pathOf(f.Operator))).json.Data[0];
    expect(operator['Organisation Name']).toBe(f['Operator Name']);
    expect(f['Sub-funds']).toBe(`${sb.baseUrl}/CIS/${SHOWCASE.umbrellaFundPrn}/Subfund`);
  });

  it("blanks every link and name on a sub-fund's own record", async () => {
    const f = (await get(`/CIS/${SHOWCASE.subFundPrn}`)).json.Data[0];
    for (const k of ['Sub-funds', 'Other Name', 'CIS Depositary', 'CIS Depositary Name', 'Operator Name', 'Operator']) expect(f[k]).toBe('');
    expect(f['Scheme Type']).toMatch(/^Sub-Fund \(/);
    expect(f.Status).toBe('Approved');
    expect((await get('/CIS/1234567890')).json).toEqual({ Status: 'FSR-API-05-01-11', ResultInfo: null, Message: 'Product not found', Data: null });
  });

  it('lists other names with per_page "1" and every name on the page', async () => {
    const r = (await get(`/CIS/${SHOWCASE.umbrellaFundPrn}/Names`)).json;
    expect(r.Status).toBe('FSR-API-05-02-00');
    expect(r.ResultInfo).toEqual({ page: '1', per_page: '1', total_count: '2' });
    expect(r.Data).toHaveLength(2);
    expect(Object.keys(r.Data[0])).toEqual(['Effective To', 'Effective From', 'Product Other Name']);
    expect((await get(`/CIS/${SHOWCASE.subFundPrn}/Names`)).json.Message).toBe('Product Other Name not found');
  });

  it('pages sub-funds with Previous=pgnp-1 on page 1 and Next on the last page, rows pointing at the parent', async () => {
    const base = `${sb.baseUrl}/CIS/${SHOWCASE.umbrellaFundPrn}/Subfund`;
    const pages = Math.ceil(UMBRELLA_SUB_FUNDS / 20);
    const p1 = (await get(`/CIS/${SHOWCASE.umbrellaFundPrn}/Subfund`)).json;
    expect(p1.ResultInfo).toEqual({ Previous: `${base}?pgnp=0`, Next: `${base}?pgnp=2`, page: '1', per_page: '20', total_count: String(UMBRELLA_SUB_FUNDS) });
    expect(Object.keys(p1.Data[0])).toEqual(['URL', 'Sub-Fund Type', 'Name']);
    expect(new Set(p1.Data.map((x: any) => x.URL))).toEqual(new Set([`${sb.origin}/services/apexrest/V0.1/CIS/${SHOWCASE.umbrellaFundPrn}`]));
    const last = (await get(`/CIS/${SHOWCASE.umbrellaFundPrn}/Subfund?pgnp=${pages}`)).json;
    expect(last.ResultInfo.Next).toBe(`${base}?pgnp=${pages + 1}`);
    expect(last.Data).toHaveLength(UMBRELLA_SUB_FUNDS % 20 || 20);
    const allNull = { Status: null, ResultInfo: null, Message: null, Data: null };
    expect((await get(`/CIS/${SHOWCASE.umbrellaFundPrn}/Subfund?pgnp=${pages + 1}`)).json).toEqual(allNull);
    expect((await get(`/CIS/${SHOWCASE.subFundPrn}/Subfund`)).json).toEqual(allNull);
    expect((await get('/CIS/1234567890/Subfund')).json).toEqual(allNull);
    // The row URL works: Salesforce's apexrest path serves the same API.
    expect((await apiGet(sb, p1.Data[0].URL)).json.Data[0]['Sub-funds']).toBe(`${sb.baseUrl}/CIS/${SHOWCASE.umbrellaFundPrn}/Subfund`);
  });

  it("names every sub-fund record in its parent's list", async () => {
    const names = new Set<string>();
    for (let p = 1; p <= Math.ceil(UMBRELLA_SUB_FUNDS / 20); p++) for (const x of (await get(`/CIS/${SHOWCASE.umbrellaFundPrn}/Subfund?pgnp=${p}`)).json.Data) names.add(x.Name);
    expect(names.size).toBe(UMBRELLA_SUB_FUNDS);
    const search = (await get(`/Search?q=${SHOWCASE.subFundPrn}&type=fund`)).json.Data[0];
    expect(names.has(search.Name)).toBe(true);
  });
});
