/** The comparator must catch every kind of shape drift; each case mutates a known-good answer. */
import { describe, expect, it } from 'vitest';
import { compareShape, endpointKind, type CompareOptions, type Difference, type ShapeSample } from './shape';
import { loadFixtures } from './analogous';
import { compactJson, prettyJson, type Json } from '../api/json-format';

const fixtures = new Map(loadFixtures().map((f) => [f.file.replace(/\.json$/, ''), f]));

function sample(name: string): ShapeSample {
  const f = fixtures.get(name)!;
  return { body: f.body, raw: f.layout === 'pretty' ? prettyJson(f.body) : compactJson(f.body), httpStatus: f.status, contentType: f.contentType, request: f.request };
}

/** A deep copy with `edit` applied, keeping the raw text in step. */
function mutated(name: string, edit: (body: any) => void, extra: Partial<ShapeSample> = {}): ShapeSample {
  const s = sample(name);
  const body = JSON.parse(JSON.stringify(s.body));
  edit(body);
  const f = fixtures.get(name)!;
  return { ...s, body, raw: f.layout === 'pretty' ? prettyJson(body as Json) : compactJson(body as Json), ...extra };
}

function diff(name: string, actual: ShapeSample, options: CompareOptions = { orderMeaningful: true }): Difference[] {
  return compareShape(sample(name), actual, options);
}

function problems(diffs: Difference[]): string[] {
  return diffs.map((d) => `${d.path}: ${d.problem}`);
}

describe('compareShape', () => {
  it('finds nothing between an answer and itself, for every fixture', () => {
    for (const name of fixtures.keys()) expect(problems(diff(name, sample(name))), name).toEqual([]);
  });

  it('detects a renamed, a missing and an extra key', () => {
    const renamed = diff(
      'address-found',
      mutated('address-found', (b) => {
        for (const a of b.Data) {
          a['Address Line 3'] = a['Address LIne 3'];
          delete a['Address LIne 3'];
        }
      }),
    );
    expect(problems(renamed)).toEqual(expect.arrayContaining(['Data[].Address Line 3: unexpected key', 'Data[].Address LIne 3: missing key']));
    expect(
      problems(
        diff(
          'cis-found',
          mutated('cis-found', (b) => delete b.Data[0].Status),
        ),
      ),
    ).toContain('Data[].Status: missing key');
    expect(
      problems(
        diff(
          'cis-found',
          mutated('cis-found', (b) => (b.Data[0].Extra = '')),
        ),
      ),
    ).toContain('Data[].Extra: unexpected key');
  });

  it("detects a wrong value type, and merges the reference's items (null or string is fine where both occur)", () => {
    expect(
      problems(
        diff(
          'regulators-found',
          mutated('regulators-found', (b) => (b.Data[0]['Effective Date'] = null)),
        ),
      ),
    ).toContain('Data[].Effective Date: expected string, got null');
    expect(
      problems(
        diff(
          'waivers-first-page',
          mutated('waivers-first-page', (b) => (b.Data[0].Waivers_Discretions = null)),
        ),
      ),
    ).toEqual([]);
    expect(
      problems(
        diff(
          'waivers-first-page',
          mutated('waivers-first-page', (b) => (b.Data[0].Waivers_Discretions = 5)),
        ),
      ),
    ).toContain('Data[].Waivers_Discretions: expected null or string, got number');
    expect(
      problems(
        diff(
          'waivers-first-page',
          mutated('waivers-first-page', (b) => (b.Data[0].Rule_ArticleNo = 'x')),
        ),
      ),
    ).toContain('Data[].Rule_ArticleNo: expected array, got string');
  });

  it('checks ResultInfo: null versus object, missing fields, string values, unknown fields and order', () => {
    expect(
      problems(
        diff(
          'firm-not-found',
          mutated('firm-not-found', (b) => (b.ResultInfo = { page: '1', per_page: '1', total_count: '0' })),
        ),
      ),
    ).toContain('ResultInfo: expected null, got object');
    expect(
      problems(
        diff(
          'regulators-found',
          mutated('regulators-found', (b) => (b.ResultInfo = null)),
        ),
      ),
    ).toContain('ResultInfo: expected an object, got null');
    expect(
      problems(
        diff(
          'regulators-found',
          mutated('regulators-found', (b) => delete b.ResultInfo.total_count),
        ),
      ),
    ).toContain('ResultInfo.total_count: missing ResultInfo field');
    expect(
      problems(
        diff(
          'regulators-found',
          mutated('regulators-found', (b) => (b.ResultInfo.page = 1)),
        ),
      ),
    ).toContain('ResultInfo.page: ResultInfo values are strings, got number');
    expect(
      problems(
        diff(
          'regulators-found',
          mutated('regulators-found', (b) => (b.ResultInfo.Prev = 'x')),
        ),
      ),
    ).toContain('ResultInfo.Prev: unexpected ResultInfo field');
    const swapped = mutated('waivers-middle-page', (b) => {
      const { Previous, Next, ...rest } = b.ResultInfo;
      b.ResultInfo = { Next, Previous, ...rest };
    });
    expect(problems(diff('waivers-middle-page', swapped))).toContain(
      'ResultInfo: key order differs: expected Previous, Next, page, per_page, total_count; got Next, Previous, page, per_page, total_count',
    );
  });

  it('checks the Status pattern and the verdict', () => {
    expect(
      problems(
        diff(
          'regulators-found',
          mutated('regulators-found', (b) => (b.Status = 'FSR-API-2-09-00')),
        ),
      ),
    ).toContain('Status: expected FSR-API-NN-NN-NN, got "FSR-API-2-09-00"');
    expect(
      problems(
        diff(
          'regulators-found',
          mutated('regulators-found', (b) => (b.Status = 'FSR-API-02-09-11')),
        ),
      ),
    ).toContain('Status: expected "FSR-API-02-09-00", got "FSR-API-02-09-11"');
    expect(
      problems(
        diff(
          'regulators-found',
          mutated('regulators-found', (b) => (b.Message = 'Ok. Regulators found')),
        ),
      ),
    ).toContain('Message: expected "Ok. Firm Regulator found", got "Ok. Regulators found"');
    expect(
      problems(
        diff(
          'regulators-found',
          mutated('regulators-found', (b) => (b.Message = 'other')),
          { orderMeaningful: true, exactVerdict: false },
        ),
      ),
    ).toEqual([]);
    expect(
      problems(
        diff(
          'subfund-all-null',
          mutated('subfund-all-null', (b) => (b.Status = 'FSR-API-05-03-11')),
        ),
      ),
    ).toContain('Status: expected null, got "FSR-API-05-03-11"');
  });

  it("checks envelope and object key order only where the reference's order is the server's", () => {
    const envelope = mutated('regulators-found', (b) => {
      const { Status, ResultInfo, Message, Data } = b;
      for (const k of Object.keys(b)) delete b[k];
      Object.assign(b, { Status, Message, ResultInfo, Data });
    });
    expect(problems(diff('regulators-found', envelope)).join('\n')).toMatch(/envelope keys must be Status, ResultInfo, Message, Data in that order/);
    const rows = mutated('regulators-found', (b) => {
      b.Data = b.Data.map((r: any) => ({ 'Regulator Name': r['Regulator Name'], 'Effective Date': r['Effective Date'], 'Termination Date': r['Termination Date'] }));
    });
    expect(problems(diff('regulators-found', rows)).join('\n')).toMatch(/Data\[\]: key order differs/);
    expect(problems(diff('regulators-found', rows, { orderMeaningful: false }))).toEqual([]);
  });

  it('checks dynamic keys: "(N)function", permission names (single-key detail objects), one requirement title', () => {
    const cf = mutated('cf-first-page', (b) => {
      const current = b.Data[0].Current;
      current['SMF9 Chair'] = current['(12)SMF3 Executive Director'];
    });
    expect(problems(diff('cf-first-page', cf))).toContain('Data[].Current.SMF9 Chair: key does not look like a "(N)function" key');
    const perm = mutated('permissions-single-page', (b) => (b.Data['Dealing in investments as agent'][0] = { 'Customer Type': ['All'], 'Investment Type': ['Shares'] }));
    expect(problems(diff('permissions-single-page', perm))).toContain('Data{}[]: expected exactly one permission detail key, got 2');
    const padded = mutated('permissions-single-page', (b) => (b.Data[' Credit broking'] = [{ 'Customer Type': ['All'] }]));
    expect(problems(diff('permissions-single-page', padded))).toContain('Data. Credit broking: key does not look like a permission name');
    const twoTitles = mutated('requirements-found', (b) => (b.Data[0]['Another title'] = 'text'));
    expect(problems(diff('requirements-found', twoTitles)).join('\n')).toMatch(/expected exactly one requirement title key, got 2/);
    const noTitle = mutated('requirements-found', (b) => delete b.Data[0]['Example restriction on new business']);
    expect(problems(diff('requirements-found', noTitle)).join('\n')).toMatch(/expected exactly one requirement title key, got 0/);
    // A different title is fine: titles are data, not schema.
    const otherTitle = mutated('requirements-found', (b) => {
      b.Data[0]['A quite different title'] = b.Data[0]['Example restriction on new business'];
      delete b.Data[0]['Example restriction on new business'];
    });
    expect(problems(diff('requirements-found', otherTitle, { orderMeaningful: false }))).toEqual([]);
  });

  it("checks paging links: presence, the request's own path, pgnp±1 last, values unencoded", () => {
    expect(
      problems(
        diff(
          'waivers-middle-page',
          mutated('waivers-middle-page', (b) => delete b.ResultInfo.Next),
        ),
      ),
    ).toContain('ResultInfo.Next: missing (the reference has it on this page)');
    expect(
      problems(
        diff(
          'waivers-last-page',
          mutated('waivers-last-page', (b) => (b.ResultInfo = { Previous: b.ResultInfo.Previous, Next: b.ResultInfo.Previous.replace('pgnp=2', 'pgnp=4'), ...b.ResultInfo })),
        ),
      ),
    ).toContain('ResultInfo.Next: unexpected (the reference has none on this page)');
    const wrongPath = mutated('waivers-middle-page', (b) => (b.ResultInfo.Next = b.ResultInfo.Next.replace('/Waivers', '/Waiver')));
    expect(problems(diff('waivers-middle-page', wrongPath))).toContain("ResultInfo.Next: points at /Firm/111111/Waiver, not the request's path /Firm/111111/Waivers");
    const encoded = mutated('search-individual-first-page', (b) => (b.ResultInfo.Next = b.ResultInfo.Next.replace('alex example', 'alex%20example')));
    expect(problems(diff('search-individual-first-page', encoded)).join('\n')).toMatch(
      /query "q=alex%20example&type=individual&pgnp=2" is not "q=alex example&type=individual&pgnp=2"/,
    );
    const relative = mutated('waivers-middle-page', (b) => (b.ResultInfo.Previous = '/Firm/111111/Waivers?pgnp=1'));
    expect(problems(diff('waivers-middle-page', relative)).join('\n')).toMatch(/expected an absolute/);
    const subfund = mutated('subfund-first-page', (b) => delete b.ResultInfo.Previous);
    expect(problems(diff('subfund-first-page', subfund))).toContain('ResultInfo.Previous: missing (this endpoint sends Previous and Next on every page)');
  });

  it("checks each endpoint's page-size rule and the requested page", () => {
    expect(
      problems(
        diff(
          'waivers-first-page',
          mutated('waivers-first-page', (b) => (b.ResultInfo.per_page = '20')),
        ),
      ),
    ).toContain('ResultInfo.per_page: expected "10" for this endpoint, got "20"');
    expect(
      problems(
        diff(
          'address-found',
          mutated('address-found', (b) => (b.ResultInfo.per_page = '10')),
        ),
      ),
    ).toContain('ResultInfo.per_page: expected the item count "2", got "10"');
    expect(
      problems(
        diff(
          'individual-cf-found',
          mutated('individual-cf-found', (b) => (b.ResultInfo.page = '1')),
        ),
      ),
    ).toContain('ResultInfo.page: expected "" for this endpoint, got "1"');
    expect(
      problems(
        diff(
          'waivers-middle-page',
          mutated('waivers-middle-page', (b) => (b.ResultInfo.page = '1')),
        ),
      ),
    ).toContain('ResultInfo.page: expected "2" (the requested pgnp), got "1"');
    expect(
      problems(
        diff(
          'passport-permission-found',
          mutated('passport-permission-found', (b) => (b.ResultInfo.per_page = '1')),
        ),
      ),
    ).toContain('ResultInfo.per_page: expected "3" for this endpoint, got "1"');
  });

  it('checks HTTP status, Content-Type and layout when both sides are known', () => {
    const s = sample('firm-found');
    expect(problems(diff('firm-found', { ...s, contentType: 'application/json;charset=UTF-8' }))).toContain(
      '(http): Content-Type "application/json;charset=UTF-8", expected "application/json"',
    );
    expect(problems(diff('firm-found', { ...s, raw: compactJson(s.body as Json) }))).toContain('(layout): body is compact JSON, expected pretty');
    expect(problems(diff('firm-found', { ...s, httpStatus: 401 }))).toContain('(http): HTTP status 401, expected 200');
    // Case and spaces in the media type do not matter.
    expect(problems(diff('regulators-found', { ...sample('regulators-found'), contentType: 'Application/JSON; charset=utf-8' }))).toEqual([]);
  });

  it('compares Names position by position and AR buckets as null or list', () => {
    const swapped = mutated('names-found', (b) => b.Data.reverse());
    expect(problems(diff('names-found', swapped)).join('\n')).toMatch(/Data\[0\]\.Previous Names: unexpected key/);
    expect(
      problems(
        diff(
          'names-found',
          mutated('names-found', (b) => b.Data.pop()),
        ),
      ),
    ).toContain('Data: expected 2 items in this fixed layout, got 1');
    expect(
      problems(
        diff(
          'ar-last-page',
          mutated('ar-last-page', (b) => (b.Data.CurrentAppointedRepresentatives = [])),
        ),
      ),
    ).toContain('Data.CurrentAppointedRepresentatives: expected null, got array');
    expect(
      problems(
        diff(
          'ar-empty',
          mutated('ar-empty', (b) => (b.ResultInfo.per_page = '10')),
        ),
      ),
    ).toEqual([]);
    expect(
      problems(
        diff(
          'ar-empty',
          mutated('ar-empty', (b) => (b.ResultInfo.per_page = '20')),
        ),
      ),
    ).toContain('ResultInfo.per_page: expected "10" or "0" for this endpoint, got "20"');
  });

  it('reports a reference that breaks the rules itself, and a body that is not an envelope', () => {
    const badReference = mutated('cf-first-page', (b) => (b.Data[0].Previous.Director = b.Data[0].Previous['(13)CF1 Director']));
    expect(problems(compareShape(badReference, sample('cf-first-page'), { orderMeaningful: true })).join('\n')).toMatch(
      /expected Data\[\]\.Previous\.Director: key does not look like/,
    );
    expect(problems(diff('regulators-found', { ...sample('regulators-found'), body: [{ errorCode: 'NOT_FOUND' }] })).join('\n')).toMatch(/expected the envelope/);
    const sf = { body: [{ errorCode: 'NOT_FOUND', message: 'Could not find a match for URL' }], request: '/Nope' };
    expect(compareShape(sf, { ...sf, body: [{ errorCode: 'NOT_FOUND' }] }, { orderMeaningful: true }).map((d) => d.problem)).toContain('missing key');
  });

  it('maps request paths to endpoints', () => {
    expect(
      [
        '/Firm/1',
        '/Firm/1/AR?pgnp=2',
        '/Firm/1/Passports/GIBRALTAR/Permission',
        '/Firm/1/Requirements/OR-1/InvestmentTypes',
        '/Firm/1/Waiver',
        '/Individuals/X/CF',
        '/CIS/1/Subfund?pgnp=0',
        '/Search?q=a b&type=firm',
        '/CommonSearch?q=RM',
        '/Firm/1/Unknown',
      ].map(endpointKind),
    ).toEqual(['firm', 'firm-ar', 'firm-passport-permission', 'firm-investment-types', 'firm-waivers', 'individual-cf', 'cis-subfund', 'search', 'common-search', 'unknown']);
  });
});
