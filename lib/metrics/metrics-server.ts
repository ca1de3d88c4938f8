import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { plainAddress } from '@/lib/runtime/forwarded';
import { handleMetricsRequest, type MetricsDeps } from './metrics-endpoint';

/**
 * `/metrics` for a process without the portal's web server (`npm run worker` with
 * WORKER_METRICS_PORT): the register calls it makes (watch checks, bulk rows at idle priority)
 * are counted in its own register client, so Prometheus scrapes it beside the portal's instances.
 * The same handler and the same rules: a `metrics`-scope token, or a loopback scraper with
 * METRICS_ALLOW_LOOPBACK. The client address is the connection's; no forwarded header is read.
 */
export async function startMetricsServer(deps: MetricsDeps, options: { port: number; host: string }): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (name === 'x-forwarded-for' || value === undefined) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    if (req.socket.remoteAddress) headers.set('x-forwarded-for', plainAddress(req.socket.remoteAddress));
    const request = new Request(`http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${options.port}${req.url ?? '/'}`, { method: req.method, headers });
    const answer =
      (req.url ?? '/').split('?')[0] === '/metrics' ? handleMetricsRequest(request, deps) : Promise.resolve(new Response('Only /metrics is served here.\n', { status: 404 }));
    answer
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
        res.end(req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()));
      })
      .catch(() => {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('The metrics could not be read.\n');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/metrics` };
}
