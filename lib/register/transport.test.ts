import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegisterCredentials } from './credentials';
import { envelope, startFixtureServer, type FixtureServer, type Reply } from './test-support/fixture-server';
import { buildPath, createTransport, parseRetryAfter, type TransportAnswer } from './transport';

const KEY = 'secret-key-9f8e7d6c5b4a';
let server: FixtureServer;
let reply: Reply;
const messages: string[] = [];

beforeAll(async () => {
  server = await startFixtureServer(() => reply);
});
afterAll(() => server.close());

async function send(r: Reply, path = '/Firm/100001', timeoutMs = 2000): Promise<TransportAnswer> {
  reply = r;
  const transport = createTransport({ baseUrl: server.baseUrl, credentials: new RegisterCredentials('ops@example.com', KEY), timeoutMs });
  const answer = await transport.send(path);
  if ('message' in answer) messages.push(answer.message);
  return answer;
}

describe('transport', () => {
  it('sends GET with the two auth headers and Accept: application/json', async () => {
    await send({ body: envelope('FSR-API-02-01-00', 'Ok. Firm Found', [{ FRN: '100001' }]) }, buildPath(['Search'], { q: 'andrew bailey', type: 'individual', pgnp: 2 }));
    const seen = server.requests.at(-1)!;
    expect(seen.method).toBe('GET');
    expect(seen.path).toBe('/Search?q=andrew%20bailey&type=individual&pgnp=2');
    expect(seen.headers['x-auth-email']).toBe('ops@example.com');
    expect(seen.headers['x-auth-key']).toBe(KEY);
    expect(seen.headers.accept).toBe('application/json');
  });

  it('takes the verdict from the body Status when HTTP is 200', async () => {
    expect(await send({ body: envelope('FSR-API-02-01-00', 'Ok. Firm Found', [{}]) })).toMatchObject({
      kind: 'ok',
      upstreamStatus: 'FSR-API-02-01-00',
      upstreamMessage: 'Ok. Firm Found',
    });
    expect(await send({ body: envelope('FSR-API-02-01-11', 'Firm not found', null) })).toMatchObject({ kind: 'not-found', upstreamMessage: 'Firm not found' });
    expect(await send({ body: envelope('FSR-API-02-13-21', 'Bad Request : Invalid Input', null) })).toMatchObject({ kind: 'bad-input' });
    expect(await send({ body: envelope('FSR-API-02-11-22', 'Page Not found', null) })).toMatchObject({ kind: 'not-found' });
    expect(await send({ body: envelope('FSR-API-02-04-32', 'Something new', null) })).toMatchObject({ kind: 'upstream-error', retryable: false });
  });

  it('reads pretty-printed bodies with a byte-order mark and no charset', async () => {
    const pretty = '\uFEFF{\n  "Status" : "FSR-API-02-01-00",\n  "ResultInfo" : null,\n  "Message" : "Ok. Firm Found",\n  "Data" : [ ]\n}';
    expect(await send({ body: pretty, headers: { 'content-type': 'application/json' } })).toMatchObject({ kind: 'ok' });
  });

  it('treats the all-null envelope (Subfund miss) as not found', async () => {
    expect(await send({ body: { Status: null, ResultInfo: null, Message: null, Data: null } })).toMatchObject({ kind: 'not-found' });
  });

  it('reports every plausible key refusal as unauthorised and says to check the key', async () => {
    const refusals: Reply[] = [
      { body: envelope('FSR-API-01-01-11', 'Unauthorised: Please include a valid API key and Email address', null) },
      { status: 401, body: envelope('FSR-API-01-01-11', 'Unauthorised', null) },
      { status: 403, body: envelope('FSR-API-01-01-21', 'Forbidden: API and Email key not found', null) },
      { status: 401, body: '' },
      { status: 404, body: '<html><body>Not Found</body></html>', headers: { 'content-type': 'text/html' } },
      { status: 200, body: '{"Success":"false", "Value not found"}' },
      { status: 200, body: { Success: 'false' } },
    ];
    for (const r of refusals) {
      const answer = await send(r);
      expect(answer.kind, JSON.stringify(r)).toBe('unauthorised');
      expect((answer as { message: string }).message).toMatch(/Check FSR_API_EMAIL and FSR_API_KEY/);
    }
  });

  it('maps 429 to rate-limited with Retry-After in seconds or as a date', async () => {
    expect(await send({ status: 429, body: { Status: 'FSR-API-02-04-32', Data: [] } })).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: undefined });
    expect(await send({ status: 429, body: '', headers: { 'retry-after': '90' } })).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 90 });
    expect(parseRetryAfter(new Date(Date.UTC(2026, 0, 1, 0, 2, 0)).toUTCString(), Date.UTC(2026, 0, 1, 0, 0, 0))).toBe(120);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });

  it('maps 5xx to a retryable upstream error and a non-JSON 200 to a non-retryable one', async () => {
    expect(await send({ status: 503, body: 'Service Unavailable' })).toMatchObject({ kind: 'upstream-error', httpStatus: 503, retryable: true });
    expect(await send({ status: 200, body: '<html>maintenance</html>' })).toMatchObject({ kind: 'upstream-error', httpStatus: 200, retryable: false });
    expect(await send({ status: 200, body: '[1,2,3]' })).toMatchObject({ kind: 'upstream-error', retryable: false });
  });

  it('times out with a retryable error', async () => {
    const answer = await send({ delayMs: 400, body: envelope('FSR-API-02-01-00', 'Ok', []) }, '/Firm/1', 100);
    expect(answer).toMatchObject({ kind: 'upstream-error', retryable: true });
    expect((answer as { message: string }).message).toMatch(/no answer within 100 ms/);
  });

  it('reports an unreachable register as a retryable error naming the origin', async () => {
    const transport = createTransport({ baseUrl: 'http://127.0.0.1:9/services/V0.1', credentials: new RegisterCredentials('ops@example.com', KEY), timeoutMs: 2000 });
    const answer = await transport.send('/Firm/1');
    expect(answer).toMatchObject({ kind: 'upstream-error', retryable: true });
    messages.push((answer as { message: string }).message);
    expect((answer as { message: string }).message).toMatch(/Could not reach the register at http:\/\/127\.0\.0\.1:9/);
  });

  it('follows a redirect within the register origin, with the key', async () => {
    server.setHandler((path) =>
      path === '/Firm/1'
        ? { status: 301, headers: { location: `${server.baseUrl}/Firm/1/moved` }, body: '' }
        : { body: envelope('FSR-API-02-01-00', 'Ok. Firm Found', [{ FRN: '1' }]) },
    );
    try {
      const before = server.requests.length;
      expect(await send({}, '/Firm/1')).toMatchObject({ kind: 'ok', httpStatus: 200 });
      const seen = server.requests.slice(before);
      expect(seen.map((r) => r.path)).toEqual(['/Firm/1', '/Firm/1/moved']);
      expect(seen[1]!.headers['x-auth-key']).toBe(KEY);
    } finally {
      server.setHandler(() => reply);
    }
  });

  it('never carries the key to another origin a redirect names', async () => {
    const elsewhere = await startFixtureServer(() => ({ body: envelope('FSR-API-02-01-00', 'Ok', []) }));
    server.setHandler(() => ({ status: 302, headers: { location: `${elsewhere.baseUrl}/Firm/1` }, body: '' }));
    try {
      const answer = await send({}, '/Firm/1');
      expect(answer).toMatchObject({ kind: 'upstream-error', httpStatus: 302, retryable: false });
      expect((answer as { message: string }).message).toMatch(/redirected \S.* to another address/);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      server.setHandler(() => reply);
      await elsewhere.close();
    }
  });

  it('stops after three redirects within the origin', async () => {
    let hops = 0;
    server.setHandler(() => ({ status: 302, headers: { location: `${server.baseUrl}/loop/${++hops}` }, body: '' }));
    try {
      const answer = await send({}, '/Firm/1');
      expect(answer).toMatchObject({ kind: 'upstream-error', retryable: false });
      expect((answer as { message: string }).message).toMatch(/more than 3 times/);
      expect(hops).toBe(4);
    } finally {
      server.setHandler(() => reply);
    }
  });

  it('never puts the key in a message', () => {
    expect(messages.length).toBeGreaterThan(10);
    for (const m of messages) expect(m).not.toContain(KEY);
  });
});
