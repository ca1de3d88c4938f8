/** /Search and /CommonSearch over real HTTP (reference sections 2.22, 2.23 and 4). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from './server';
import { apiGet, startTestSandbox } from './test-helpers';
import { SHOWCASE } from './dataset/showcase';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => {
  await sb.close();
});
const get = (path: string) => apiGet(sb, path);

describe('Search', () => {
  it('finds unauthorised and clone firms with URL null and no reference number, over several pages', async () => {
    const p1 = (await get(`/Search?q=${SHOWCASE.unauthorisedSearch}&type=firm`)).json;
    expect(p1.Message).toBe('Ok. Search successful');
    const total = Number(p1.ResultInfo.total_count);
    expect(total).toBeGreaterThan(40);
    const p2 = (await get(`/Search?q=${SHOWCASE.unauthorisedSearch}&type=firm&pgnp=2`)).json;
    expect(p2.ResultInfo).toEqual({
      Previous: `${sb.baseUrl}/Search?q=revolution&type=firm&pgnp=1`,
      Next: `${sb.baseUrl}/Search?q=revolution&type=firm&pgnp=3`,
      page: '2',
      per_page: '20',
      total_count: String(total),
    });
    const rows = [...p1.Data, ...p2.Data, ...(await get(`/Search?q=revolution&type=firm&pgnp=3`)).json.Data];
    expect(Object.keys(rows[0])).toEqual(['URL', 'Status', 'Reference Number', 'Type of business or Individual', 'Name']);
    const unauthorised = rows.filter((r) => r['Type of business or Individual'] === 'Unauthorised firm');
    expect(unauthorised.length).toBeGreaterThan(3);
    for (const u of unauthorised) expect([u.URL, u['Reference Number'], u.Status]).toEqual([null, '', 'Unauthorised']);
    expect(rows.some((r) => /\(clone of FCA authorised firm\)/.test(r.Name))).toBe(true);
    for (const r of rows) expect(r.Name).toMatch(/ \((Postcode|Region): [^)]+\)$|[^)]$/);
    expect(rows.some((r) => r['Type of business or Individual'] === 'Payment services firm')).toBe(true);
    // Some firms are found through a trading or earlier name that the displayed name lacks.
    expect(rows.some((r) => r.URL !== null && !/revolution/i.test(r.Name))).toBe(true);
  });

  it('matches words by prefix in any order, echoes q unencoded in links, and keeps its order stable', async () => {
    const a = (await get('/Search?q=edward+thornton&type=individual')).json;
    const b = (await get('/Search?q=Thornton%20EDWARD&type=individual')).json;
    expect(Number(a.ResultInfo.total_count)).toBeGreaterThan(20);
    expect(a.ResultInfo.Next).toBe(`${sb.baseUrl}/Search?q=edward thornton&type=individual&pgnp=2`);
    expect(b.ResultInfo.total_count).toBe(a.ResultInfo.total_count);
    expect((await get('/Search?q=edward+thornton&type=individual')).json).toEqual(a);
    expect(a.Data[0]).toMatchObject({ Name: 'Edward Thornton', 'Type of business or Individual': 'Individual' });
    expect(['Active', 'Regulatory approval no longer required']).toContain(a.Data[0].Status);
    const prefix = (await get('/Search?q=edw+thornt&type=individual')).json;
    expect(prefix.ResultInfo.total_count).toBe(a.ResultInfo.total_count);
  });

  it('treats a reference number as the query for exactly that entity', async () => {
    const irn = (await get(`/Search?q=${SHOWCASE.bankIndividualIrn}&type=individual`)).json;
    expect(irn.ResultInfo).toEqual({ page: '1', per_page: '20', total_count: '1' });
    expect(irn.Data[0]).toEqual({
      URL: `${sb.baseUrl}/Individuals/${SHOWCASE.bankIndividualIrn}`,
      Status: 'Active',
      'Reference Number': SHOWCASE.bankIndividualIrn,
      'Type of business or Individual': 'Individual',
      Name: 'Beatrice Katherine Sutcliffe',
    });
    expect((await get(`/Search?q=${SHOWCASE.bankFrn}&type=firm`)).json.Data[0].Name).toBe('Albion Crown Bank plc (Postcode: EC2V 6AA)');
    expect((await get(`/Search?q=${SHOWCASE.prohibitedIrn}&type=individual`)).json.Data[0].Status).toBe('Prohibited');
  });

  it('searches funds, including sub-funds', async () => {
    const r = (await get('/Search?q=wessex+horizon&type=fund')).json;
    expect(Number(r.ResultInfo.total_count)).toBeGreaterThanOrEqual(46);
    expect(r.Data[0]['Type of business or Individual']).toBe('Collective investment scheme');
  });

  it('answers no results with the null envelope', async () => {
    expect((await get('/Search?q=non+existent+firm&type=firm')).json).toEqual({ Status: 'FSR-API-04-01-11', ResultInfo: null, Message: 'No search result found', Data: null });
    expect((await get('/Search?q=revolution&type=firm&pgnp=40')).json.Status).toBe('FSR-API-04-01-11');
  });

  it('refuses bad input with -21 and searches every kind when type is missing (assumptions)', async () => {
    expect((await get('/Search?type=firm')).json.Status).toBe('FSR-API-04-01-21');
    const badType = await get('/Search?q=bank&type=bank');
    expect(badType.json.Status).toBe('FSR-API-04-01-21');
    expect(badType.headers.get('x-sandbox-note')).toMatch(/type must be firm, individual or fund/);
    const star = (await get('/Search?q=revol*&type=firm')).json;
    expect(star).toEqual({ Status: 'FSR-API-04-01-21', ResultInfo: null, Message: "Bad request. Invalid Input – Search Parameter has random string like * or '", Data: null });
    const any = (await get('/Search?q=wessex+horizon')).json;
    const kinds = new Set(any.Data.map((x: any) => x['Type of business or Individual']));
    expect(kinds.has('Collective investment scheme') || kinds.has('Firm')).toBe(true);
    expect(any.ResultInfo.Next ?? '').not.toContain('type=');
    expect((await get("/Search?q=d'arcy&type=firm")).json.Status).toBe('FSR-API-04-01-00');
  });
});

describe('CommonSearch', () => {
  it('lists the five regulated markets with an empty FRN in FirmURL', async () => {
    const r = (await get('/CommonSearch?q=RM')).json;
    expect(r.Status).toBe('FSR-API-06-04-00');
    expect(r.Message).toBe('Ok. Search successful');
    expect(r.ResultInfo).toEqual({ page: '1', per_page: '20', total_count: '5' });
    expect(Object.keys(r.Data[0])).toEqual(['Name', 'TradingName', 'Type of business or Individual', 'Reference Number', 'Status', 'FirmURL']);
    for (const m of r.Data) expect(m).toMatchObject({ 'Type of business or Individual': 'Exchange - RM', 'Reference Number': '', Status: '', FirmURL: `${sb.baseUrl}/Firm/` });
    expect((await get('/CommonSearch?q=MTF')).json.Status).toBe('FSR-API-06-04-11');
    expect((await get('/CommonSearch')).json.Status).toBe('FSR-API-06-04-21');
  });
});
