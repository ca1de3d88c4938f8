import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRegisterClient } from './register-client';
import type { RegisterClient } from './register-client-types';
import { envelope, startFixtureServer, type FixtureServer, type Reply } from './test-support/fixture-server';
import { testConfig } from './test-support/test-config';

/**
 * allPages against a stand-in register that pages like the real one, quirks included: AR and CF
 * buckets paged side by side, Subfund's Next link past the end, Permissions paged by key,
 * unstable order repeating rows across pages, CIS Names' wrong per_page.
 */

const B = 'https://register.fca.org.uk/services/V0.1';
let server: FixtureServer;
let handler: (path: string, query: URLSearchParams) => Reply;
const clients: RegisterClient[] = [];

beforeAll(async () => {
  server = await startFixtureServer((path) => {
    const url = new URL(path, 'http://x');
    return handler(url.pathname, url.searchParams);
  });
});
afterAll(() => server.close());
afterEach(() => {
  while (clients.length) clients.pop()!.close();
});

function client(env: Record<string, string> = {}) {
  const c = createRegisterClient({ config: testConfig(server.baseUrl, { FSR_RATE_BUDGET: '1000/1', ...env }), backoffMs: 10 });
  clients.push(c);
  return c;
}

const pageOf = (q: URLSearchParams) => Number(q.get('pgnp') ?? '1');
const requested = (prefix: string) => server.requests.filter((r) => r.path.startsWith(prefix)).map((r) => new URL(r.path, 'http://x').searchParams.get('pgnp') ?? '1');

function resultInfo(base: string, page: number, perPage: number | string, total: number, pages: number, extra: Record<string, string> = {}) {
  return {
    ...(page > 1 ? { Previous: `${base}?pgnp=${page - 1}` } : {}),
    ...(page < pages ? { Next: `${base}?pgnp=${page + 1}` } : {}),
    ...extra,
    page: String(page),
    per_page: String(perPage),
    total_count: String(total),
  };
}

/** Two buckets of sizes c and p, 10 per bucket per page, null when a bucket has run out. */
function bucketPages(c: number, p: number, row: (bucket: 'c' | 'p', i: number) => unknown) {
  const pages = Math.max(1, Math.ceil(Math.max(c, p) / 10));
  const slice = (n: number, page: number, bucket: 'c' | 'p') => {
    const rows = Array.from({ length: Math.max(0, Math.min(10, n - (page - 1) * 10)) }, (_, i) => row(bucket, (page - 1) * 10 + i));
    return rows.length > 0 ? rows : null;
  };
  return { pages, slice };
}

describe('allPages', () => {
  it('walks AR buckets to ceil(larger bucket / 10) pages: 714 current + 830 previous is 83 pages, not 155', async () => {
    const ar = bucketPages(714, 830, (b, i) => ({
      URL: `${B}/Firm/${b === 'c' ? 1_000_000 + i : 2_000_000 + i}`,
      FRN: String(b === 'c' ? 1_000_000 + i : 2_000_000 + i),
      Name: `AR ${b}${i}`,
    }));
    handler = (path, q) => {
      const page = pageOf(q);
      return {
        body: envelope(
          'FSR-API-05-04-00',
          'Ok. Appointed Representative Found',
          { PreviousAppointedRepresentatives: ar.slice(830, page, 'p'), CurrentAppointedRepresentatives: ar.slice(714, page, 'c') },
          resultInfo(`${B}${path}`, page, 10, 1544, ar.pages),
        ),
      };
    };
    const c = client();
    const progress: Array<number | undefined> = [];
    const result = await c.allPages(c.firmAppointedRepresentatives, ['454811'], { maxPages: 200, onProgress: (p) => progress.push(p.pageCount) });
    expect(result).toMatchObject({ kind: 'ok', pagesFetched: 83, truncated: false });
    if (result.kind !== 'ok') return;
    expect(result.data.current).toHaveLength(714);
    expect(result.data.previous).toHaveLength(830);
    expect(requested('/Firm/454811/AR')).toHaveLength(83);
    // The page count is known from page 72, where the current bucket runs out.
    expect(progress[70]).toBeUndefined();
    expect(progress[71]).toBe(83);
  });

  it('stops when both AR buckets come back null, with no page count known in advance', async () => {
    const ar = bucketPages(20, 20, (b, i) => ({ FRN: String(b === 'c' ? 3_000_000 + i : 4_000_000 + i), Name: `AR ${b}${i}` }));
    handler = (_path, q) => {
      const page = pageOf(q);
      // No total_count: the walker must stop on the first page where both buckets are null.
      return {
        body: envelope(
          'FSR-API-05-04-00',
          'Ok. Appointed Representative Found',
          { PreviousAppointedRepresentatives: ar.slice(20, page, 'p'), CurrentAppointedRepresentatives: ar.slice(20, page, 'c') },
          { page: String(page), per_page: '10' },
        ),
      };
    };
    const c = client();
    const result = await c.allPages(c.firmAppointedRepresentatives, ['700100']);
    expect(result).toMatchObject({ kind: 'ok', pagesFetched: 3, truncated: false });
    if (result.kind === 'ok') expect([result.data.current.length, result.data.previous.length]).toEqual([20, 20]);
    expect(requested('/Firm/700100/AR')).toEqual(['1', '2', '3']);
  });

  it('walks firm CF buckets the same way (41 current + 198 previous = 20 pages)', async () => {
    const cf = bucketPages(41, 198, (b, i) => [
      `(${i + 1})Function ${b}${i}`,
      { Name: `Function ${b}${i}`, 'Individual Name': `Person ${i}`, URL: `${B}/Individuals/ABC${String(10_000 + i).slice(-5)}` },
    ]);
    handler = (path, q) => {
      const page = pageOf(q);
      const toObject = (rows: unknown[] | null) => (rows ? Object.fromEntries(rows as Array<[string, unknown]>) : null);
      return {
        body: envelope(
          'FSR-API-02-12-00',
          'SUCCESS : Control Function Found',
          [{ Current: toObject(cf.slice(41, page, 'c')), Previous: toObject(cf.slice(198, page, 'p')) }],
          resultInfo(`${B}${path}`, page, 20, 239, cf.pages),
        ),
      };
    };
    const c = client();
    const result = await c.allPages(c.firmControlledFunctions, ['113849']);
    expect(result).toMatchObject({ kind: 'ok', pagesFetched: 20, truncated: false });
    if (result.kind === 'ok') expect([result.data.current.length, result.data.previous.length]).toEqual([41, 198]);
    expect(requested('/Firm/113849/CF')).toHaveLength(20);
  });

  it('stops Subfund at ceil(total / per_page) and ignores its Next link past the end', async () => {
    handler = (path, q) => {
      const page = pageOf(q);
      const rows = Array.from({ length: page === 1 ? 20 : 10 }, (_, i) => ({
        Name: `Sub ${page}-${i}`,
        'Sub-Fund Type': 'Other',
        URL: 'https://register.fca.org.uk/services/apexrest/V0.1/CIS/185045',
      }));
      return {
        body: envelope('FSR-API-05-03-00', 'Ok. Product Subfund Found', rows, {
          Next: `${B}${path}?pgnp=${page + 1}`,
          Previous: `${B}${path}?pgnp=${page - 1}`,
          page: String(page),
          per_page: '20',
          total_count: '30',
        }),
      };
    };
    const c = client();
    const result = await c.allPages(c.fundSubfunds, ['185045']);
    expect(result).toMatchObject({ kind: 'ok', pagesFetched: 2 });
    if (result.kind === 'ok') expect(result.data).toHaveLength(30);
    expect(requested('/CIS/185045/Subfund')).toEqual(['1', '2']);
  });

  it('merges Permissions by key across pages (20 keys a page), a key seen twice kept once', async () => {
    const names = Array.from({ length: 42 }, (_, i) => `Permission ${String(i).padStart(2, '0')}`);
    handler = (path, q) => {
      const page = pageOf(q);
      const keys = names.slice((page - 1) * 20, page * 20);
      if (page === 2) keys[0] = names[19]; // unstable order: page 2 repeats page 1's last key
      return {
        body: envelope(
          'FSR-API-02-03-00',
          'Ok. Firm permission found',
          Object.fromEntries(keys.map((k) => [k, [{ 'Customer Type': ['Retail'] }]])),
          resultInfo(`${B}${path}`, page, 20, 42, 3),
        ),
      };
    };
    const c = client();
    const result = await c.allPages(c.firmPermissions, ['122702']);
    expect(result).toMatchObject({ kind: 'ok', pagesFetched: 3 });
    if (result.kind === 'ok') {
      expect(result.data).toHaveLength(41);
      expect(new Set(result.data.map((p) => p.name)).size).toBe(41);
    }
  });

  it('removes rows repeated across pages by unstable ordering, still reading every page', async () => {
    const people = Array.from({ length: 119 }, (_, i) => ({
      IRN: `ABC${String(10_000 + i).slice(-5)}`,
      Name: `Person ${i}`,
      Status: 'Approved by regulator',
      URL: `${B}/Individuals/ABC${String(10_000 + i).slice(-5)}`,
    }));
    handler = (path, q) => {
      const page = pageOf(q);
      const rows = people.slice((page - 1) * 20, page * 20);
      if (page === 3) rows.splice(0, 2, people[38], people[39]); // two rows of page 2 again; two rows never shown
      return { body: envelope('FSR-API-02-05-00', 'Ok. Firm Individuals found', rows, resultInfo(`${B}${path}`, page, 20, 119, 6)) };
    };
    const c = client();
    const result = await c.allPages(c.firmIndividuals, ['552016']);
    expect(result).toMatchObject({ kind: 'ok', pagesFetched: 6, truncated: false, page: { totalCount: 119, pageCount: 6 } });
    if (result.kind === 'ok') expect(result.data).toHaveLength(117);
    expect(requested('/Firm/552016/Individuals').sort()).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('reads CIS Names in one request although per_page says 1', async () => {
    handler = () => ({
      body: envelope('FSR-API-05-02-00', 'Ok. Product Other Name Found', [{ 'Product Other Name': 'A' }, { 'Product Other Name': 'B' }], {
        page: '1',
        per_page: '1',
        total_count: '2',
      }),
    });
    const c = client();
    expect(await c.allPages(c.fundNames, ['185045'])).toMatchObject({ kind: 'ok', pagesFetched: 1, data: [{ name: 'A' }, { name: 'B' }] });
    expect(requested('/CIS/185045/Names')).toEqual(['1']);
  });

  it('stops at the page cap with truncated set, reporting progress with the page count', async () => {
    handler = (path, q) => {
      const page = pageOf(q);
      const rows = Array.from({ length: 20 }, (_, i) => ({
        Name: `Robert ${page}-${i}`,
        'Reference Number': `RXB${String(page * 100 + i).padStart(5, '0')}`,
        URL: `${B}/Individuals/RXB${String(page * 100 + i).padStart(5, '0')}`,
        Status: 'Active',
        'Type of business or Individual': 'Individual',
      }));
      return { body: envelope('FSR-API-04-01-00', 'Ok. Search successful', rows, resultInfo(`${B}${path}`, page, 20, 1124, 57)) };
    };
    const c = client();
    const progress: Array<{ pagesFetched: number; pageCount?: number; items: number }> = [];
    const result = await c.allPages(c.search, ['bob', 'individual'], { maxPages: 10, onProgress: (p) => progress.push(p) });
    expect(result).toMatchObject({ kind: 'ok', pagesFetched: 10, truncated: true, page: { pageCount: 57, hasNext: true } });
    expect(progress.map((p) => p.pagesFetched)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(progress.at(-1)).toEqual({ pagesFetched: 10, pageCount: 57, items: 200 });
    expect(requested('/Search').every((p) => Number(p) <= 10)).toBe(true);
  });

  it('returns what it has, marked truncated, when a later page fails', async () => {
    handler = (path, q) => {
      const page = pageOf(q);
      if (page === 3) return { status: 503, body: 'unavailable' };
      return {
        body: envelope(
          'FSR-API-02-14-00',
          'Ok. Waiver information found',
          [{ Rule_ArticleNo: [`Rule ${page}`], Waivers_Discretions: null, Waivers_Discretions_URL: null }],
          resultInfo(`${B}${path}`, page, 1, 4, 4),
        ),
      };
    };
    const c = client({ FSR_API_RETRIES: '0' });
    const result = await c.allPages(c.firmWaivers, ['122702']);
    expect(result).toMatchObject({ kind: 'ok', truncated: true, interruption: { kind: 'upstream-error', httpStatus: 503 } });
    if (result.kind === 'ok') expect(result.data.map((w) => w.rules[0])).toEqual(['Rule 1', 'Rule 2']);
  });

  it('returns the first page failure as it is, and a single-record endpoint in one request', async () => {
    handler = () => ({ body: envelope('FSR-API-02-11-11', 'Disciplinary history information not found', null) });
    const c = client();
    expect(await c.allPages(c.firmDisciplinaryHistory, ['113849'])).toMatchObject({ kind: 'not-found' });
    handler = () => ({ body: envelope('FSR-API-02-01-00', 'Ok. Firm Found', [{ FRN: '113849', 'Organisation Name': 'X' }], { page: '1', per_page: '1', total_count: '1' }) });
    expect(await c.allPages(c.firm, ['113849'])).toMatchObject({ kind: 'ok', pagesFetched: 1, truncated: false, data: { frn: '113849' } });
  });
});
