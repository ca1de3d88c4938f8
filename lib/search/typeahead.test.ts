import { describe, expect, it } from 'vitest';
import type { Firm, Fund, Individual, SearchResult, SearchType } from '@/lib/register/model';
import type { CallOptions, Provenance, RegisterResult } from '@/lib/register/result';
import { typeahead, type TypeaheadClient } from './typeahead';

const provenance: Provenance = { path: '/x', upstream: 'sandbox', source: 'live', retrievedAt: '2026-11-22T10:00:00.000Z', ageSeconds: 0, stale: false };
const ok = <T>(data: T): RegisterResult<T> => ({ kind: 'ok', data, page: { page: 1, hasNext: false }, provenance });
const notFound = { kind: 'not-found', message: 'No search result found', provenance } as const;

function row(name: string, ref: string, entity: SearchType, extra: Partial<SearchResult> = {}): SearchResult {
  return { name, listedName: name, referenceNumber: ref, status: 'Authorised', type: 'Firm', entity, linkable: true, unauthorised: false, extra: {}, ...extra };
}

/** A fake client that records every call and answers from the given tables. */
function fakeClient(answers: {
  search?: Partial<Record<SearchType, RegisterResult<SearchResult[]>>>;
  firm?: RegisterResult<Firm>;
  fund?: RegisterResult<Fund>;
  individual?: RegisterResult<Individual>;
  wait?: number;
}) {
  const calls: string[] = [];
  const options: CallOptions[] = [];
  const client: TypeaheadClient = {
    search: Object.assign(
      async (q: string, type: SearchType, o?: CallOptions) => {
        calls.push(`search ${type} ${q}`);
        options.push(o ?? {});
        return answers.search?.[type] ?? notFound;
      },
      { endpoint: 'search' as const },
    ) as TypeaheadClient['search'],
    firm: Object.assign(
      async (frn: string, o?: CallOptions) => {
        calls.push(`firm ${frn}`);
        options.push(o ?? {});
        return answers.firm ?? { ...notFound, message: 'Firm not found' };
      },
      { endpoint: 'firm' as const },
    ) as TypeaheadClient['firm'],
    fund: Object.assign(
      async (prn: string, o?: CallOptions) => {
        calls.push(`fund ${prn}`);
        options.push(o ?? {});
        return answers.fund ?? { ...notFound, message: 'Product not found' };
      },
      { endpoint: 'fund' as const },
    ) as TypeaheadClient['fund'],
    individual: Object.assign(
      async (irn: string, o?: CallOptions) => {
        calls.push(`individual ${irn}`);
        options.push(o ?? {});
        return answers.individual ?? { ...notFound, message: 'Individual not found' };
      },
      { endpoint: 'individual' as const },
    ) as TypeaheadClient['individual'],
    expectedWait: async () => answers.wait ?? 0,
  };
  return { client, calls, options };
}

describe('typeahead: validation before any register call', () => {
  it.each([
    [null, 'Type at least 3 characters for suggestions.'],
    ['', 'Type at least 3 characters for suggestions.'],
    ['  ab  ', 'Type at least 3 characters for suggestions.'],
  ])('%j is refused with 400', async (q, message) => {
    const { client, calls } = fakeClient({});
    expect(await typeahead(q, client)).toEqual({ status: 400, body: { error: 'bad-input', message } });
    expect(calls).toEqual([]);
  });

  it('refuses disallowed characters and over-long text with the client’s message', async () => {
    const { client, calls } = fakeClient({});
    const star = await typeahead('bank*', client);
    expect(star.status).toBe(400);
    expect(star.body).toMatchObject({ error: 'bad-input', message: expect.stringContaining('cannot contain "*"') });
    expect((await typeahead('x'.repeat(101), client)).body).toEqual({ error: 'bad-input', message: 'Search text is at most 100 characters.' });
    expect(calls).toEqual([]);
  });
});

describe('typeahead: lookups', () => {
  it('searches the three types once each with interactive priority, no queueing, on the normalised query', async () => {
    const { client, calls, options } = fakeClient({
      search: {
        firm: ok([
          row('Revolution Pay Ltd', '985349', 'firm', { type: 'E-money', status: 'Registered' }),
          row('Revolution Capital Partners', '', 'firm', {
            referenceNumber: undefined,
            linkable: false,
            unauthorised: true,
            type: 'Unauthorised firm',
            status: 'Unauthorised',
            listedName: 'Revolution Capital Partners (clone of FCA authorised firm)',
          }),
          ...['A', 'B', 'C'].map((x, i) => row(`Revolution ${x}`, String(100001 + i), 'firm')),
        ]),
        individual: ok([row('Rev Olution', 'ABC12345', 'individual', { type: 'Individual', status: 'Active' })]),
      },
    });
    const answer = await typeahead('  REVOLUTION  ', client);
    expect(calls).toEqual(['search firm revolution', 'search individual revolution', 'search fund revolution']);
    expect(options.every((o) => o.priority === 'interactive' && o.onBlock === 'fail' && (o.maxWaitMs ?? Infinity) <= 1000)).toBe(true);
    expect(answer.status).toBe(200);
    if (answer.status !== 200) return;
    expect(answer.body.query).toBe('revolution');
    expect(answer.body.results).toHaveLength(5); // 4 firms at most, then the individual; funds had none
    expect(answer.body.results[0]).toEqual({ name: 'Revolution Pay Ltd', referenceNumber: '985349', type: 'E-money', status: 'Registered', href: '/firm/985349', entity: 'firm' });
    expect(answer.body.results[1]).toEqual({
      name: 'Revolution Capital Partners',
      type: 'Unauthorised firm',
      status: 'Unauthorised',
      href: '/search?q=revolution&type=firm',
      entity: 'firm',
      warning: 'Clone of an authorised firm',
    });
    expect(answer.body.results[4]).toMatchObject({ name: 'Rev Olution', href: '/individual/ABC12345', entity: 'individual' });
  });

  it('looks an IRN up directly (one request)', async () => {
    const individual: Individual = { irn: 'PXR00042', fullName: 'Piers Rowntree', status: 'Regulatory approval no longer required', workplaces: [], links: {}, extra: {} };
    const { client, calls } = fakeClient({ individual: ok(individual) });
    const answer = await typeahead('pxr00042', client);
    expect(calls).toEqual(['individual PXR00042']);
    expect(answer).toEqual({
      status: 200,
      body: {
        query: 'pxr00042',
        results: [
          {
            name: 'Piers Rowntree',
            referenceNumber: 'PXR00042',
            type: 'Individual',
            status: 'Regulatory approval no longer required',
            href: '/individual/PXR00042',
            entity: 'individual',
          },
        ],
      },
    });
  });

  it('looks a whole FRN/PRN up as both, and sends nothing for shorter digit strings', async () => {
    const fund: Fund = { prn: '800800', status: 'Authorised', schemeType: 'UCITS (COLL)', links: {}, extra: {} };
    const { client, calls } = fakeClient({ fund: ok(fund) });
    const answer = await typeahead('800800', client);
    expect(calls).toEqual(['firm 800800', 'fund 800800']);
    expect(answer.status === 200 && answer.body.results).toEqual([
      { name: 'Fund PRN 800800 (UCITS (COLL))', referenceNumber: '800800', type: 'Collective investment scheme', status: 'Authorised', href: '/fund/800800', entity: 'fund' },
    ]);
    calls.length = 0;
    expect(await typeahead('8008', client)).toEqual({ status: 200, body: { query: '8008', results: [] } });
    expect(calls).toEqual([]);
  });

  it('offers the portal page for a pasted register URL without any request', async () => {
    const { client, calls } = fakeClient({});
    const answer = await typeahead('https://register.fca.org.uk/services/V0.1/Firm/122702/AR', client);
    expect(answer.status === 200 && answer.body.results[0]).toMatchObject({ href: '/firm/122702/appointed-representatives', entity: 'firm' });
    expect(calls).toEqual([]);
  });
});

describe('typeahead: budget and failures', () => {
  it('answers busy (503, nothing sent) when the pacer cannot send soon', async () => {
    const { client, calls } = fakeClient({ wait: 4_200 });
    const answer = await typeahead('barclays', client);
    expect(answer).toMatchObject({ status: 503, retryAfterSeconds: 5, body: { error: 'rate-limited' } });
    expect(calls).toEqual([]);
  });

  it('keeps the types that answered and says which did not', async () => {
    const { client } = fakeClient({
      search: {
        firm: ok([row('Barclays Bank plc', '122702', 'firm')]),
        fund: { kind: 'upstream-error', message: 'HTTP 503', provenance: null },
      },
    });
    const answer = await typeahead('barclays', client);
    expect(answer.status).toBe(200);
    if (answer.status !== 200) return;
    expect(answer.body.results.map((r) => r.name)).toEqual(['Barclays Bank plc']);
    expect(answer.body.notices).toEqual([expect.stringMatching(/^No fund suggestions: The register is not answering properly/)]);
  });

  it('maps a failure of every lookup to its own status and clear JSON message', async () => {
    const limited = { kind: 'rate-limited', message: 'blocked', retryAt: '2026-11-22T10:01:00.000Z', retryAfterSeconds: 42, fromUpstream: true, provenance: null } as const;
    const refused = { kind: 'unauthorised', message: 'refused', provenance: null } as const;
    const down = { kind: 'upstream-error', message: 'timeout', provenance: null } as const;
    const all = <T>(r: T) => ({ firm: r, individual: r, fund: r });

    const a = await typeahead('barclays', fakeClient({ search: all(limited) }).client);
    expect(a).toMatchObject({ status: 429, retryAfterSeconds: 42, body: { error: 'rate-limited', retryAfterSeconds: 42 } });
    expect(a.body).toMatchObject({ message: expect.stringContaining('42 s') });
    expect(await typeahead('barclays', fakeClient({ search: all(refused) }).client)).toMatchObject({ status: 502, body: { error: 'register-refused-key' } });
    expect(await typeahead('barclays', fakeClient({ search: all(down) }).client)).toMatchObject({ status: 502, body: { error: 'register-unavailable' } });
  });

  it('treats "no results" for every type as an empty list, not an error', async () => {
    expect(await typeahead('zzqxv', fakeClient({}).client)).toEqual({ status: 200, body: { query: 'zzqxv', results: [] } });
  });
});
