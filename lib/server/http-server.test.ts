import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress } from '@/lib/auth/client-address';
import type { HttpObservation } from '@/lib/metrics/registry';
import { createPortalServer } from './http-server';
import { createLogger } from '@/lib/runtime/logger';
import { currentRequestContext } from '@/lib/runtime/request-context';
import { routeMatcher } from './route-patterns';

// The portal's own HTTP server, on a real socket: the client address sign-in throttling reads is
// the connection's, whatever X-Forwarded-For a client sends, unless a trusted proxy is configured.
// Requests come from two loopback addresses (127.0.0.1 and 127.0.0.2) to tell them apart.

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const routeOf = routeMatcher({
  staticRoutes: [{ page: '/api/auth/[...nextauth]', regex: '^/api/auth/(.+?)(?:/)?$' }],
  dynamicRoutes: [{ page: '/firm/[frn]', regex: '^/firm/([^/]+?)(?:/)?$' }],
});

async function start(trustedProxies: number) {
  let logged = '';
  const log = createLogger({}, new Writable({ write: (chunk, _e, cb) => ((logged += chunk), cb()) }) as never);
  const observed: HttpObservation[] = [];
  const server = createPortalServer({
    trustedProxies,
    routeOf,
    log,
    observe: (o) => observed.push(o),
    handle(req, res) {
      const headers = new Headers(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : [])));
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ address: clientAddress(headers, trustedProxies), headers: req.headers, context: currentRequestContext() }));
    },
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, logs: () => logged, observed };
}

function get(port: number, path: string, from: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: { address: string; headers: Record<string, string>; context?: { requestId: string; route: string } }; requestId: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, localAddress: from, headers }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), requestId: String(res.headers['x-request-id']) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the portal HTTP server', () => {
  it("without TRUST_PROXY, the client address is the connection's, from 127.0.0.1 and 127.0.0.2 alike, whatever X-Forwarded-* say", async () => {
    const { port } = await start(0);
    const forged = {
      'x-forwarded-for': '203.0.113.7, 198.51.100.1',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      forwarded: 'for=203.0.113.7',
      'x-real-ip': '203.0.113.7',
    };
    for (const from of ['127.0.0.1', '127.0.0.2']) {
      const plain = await get(port, '/api/auth/callback/credentials', from);
      expect(plain.body.address).toBe(from);
      const spoofed = await get(port, '/api/auth/callback/credentials', from, forged);
      expect(spoofed.body.address).toBe(from);
      expect(spoofed.body.headers['x-forwarded-for']).toBe(from);
      for (const name of ['x-forwarded-host', 'x-forwarded-proto', 'forwarded', 'x-real-ip']) expect(spoofed.body.headers[name], name).toBeUndefined();
    }
  });

  it('with TRUST_PROXY=1, believes what the proxy appended', async () => {
    const { port } = await start(1);
    const viaProxy = await get(port, '/firm/700100', '127.0.0.2', { 'x-forwarded-for': '203.0.113.7, 198.51.100.1', 'x-forwarded-host': 'portal.example.org' });
    expect(viaProxy.body.address).toBe('198.51.100.1');
    expect(viaProxy.body.headers['x-forwarded-host']).toBe('portal.example.org');
    expect((await get(port, '/firm/700100', '127.0.0.2')).body.address).toBe('127.0.0.2');
  });

  it('gives each request an id, keeps it during the request, and logs one line with the route pattern, never the path or query', async () => {
    const { port, logs, observed } = await start(0);
    const res = await get(port, '/firm/700100?q=Jane%20Smith', '127.0.0.1', { 'x-request-id': 'forged-id' });
    expect(res.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.context).toMatchObject({ requestId: res.requestId, route: '/firm/[frn]' });
    await new Promise((r) => setTimeout(r, 20));
    const line = JSON.parse(logs().trim().split('\n').pop()!);
    expect(line).toMatchObject({ level: 'info', msg: 'request', requestId: res.requestId, method: 'GET', route: '/firm/[frn]', status: 200 });
    expect(typeof line.durationMs).toBe('number');
    expect(logs()).not.toMatch(/700100|Jane|Smith/);
    expect(observed).toEqual([expect.objectContaining({ route: '/firm/[frn]', method: 'GET', status: 200 })]);
  });
});
