/**
 * The portal's production server: Next's request handler inside the portal's own HTTP server
 * (lib/server/http-server.ts), which believes forwarded headers only with TRUST_PROXY, gives each
 * request an id, writes one JSON log line per request and observes its duration for /metrics.
 * `npm start` and `npm run instances` run it in place of `next start` (same build, same settings:
 * PORT, HOSTNAME, NEXT_DIST_DIR), and so do the tests that start a portal.
 *
 *   node --import tsx scripts/serve.ts
 *
 * SIGTERM/SIGINT: stops accepting connections, lets the requests in flight finish (10 s at most),
 * then exits through the graceful shutdown (lib/runtime/shutdown.ts: the engine, the register
 * client's Redis locks, the database pool).
 */
import path from 'node:path';
import { format } from 'node:util';
import { loadRouteMatcher } from '@/lib/server/route-patterns';
import { createPortalServer } from '@/lib/server/http-server';
import { trustedProxyHops } from '@/lib/runtime/forwarded';
import { getLogger } from '@/lib/runtime/logger';
import { publicOrigin } from '@/lib/runtime/public-url';
import { observeHttp } from '@/lib/metrics/registry';

const root = path.resolve(__dirname, '..');
const DRAIN_MS = 10_000;

/**
 * What Next and the libraries inside it print with console.* (a render error with its stack, a
 * warning) becomes a line of the JSON log too, at the matching level and through the same scrub,
 * so standard output holds nothing but JSON lines.
 */
function consoleIntoLog(log: ReturnType<typeof getLogger>): void {
  console.log = (...args: unknown[]) => log.info(format(...args));
  console.info = (...args: unknown[]) => log.info(format(...args));
  console.warn = (...args: unknown[]) => log.warn(format(...args));
  console.error = (...args: unknown[]) => log.error(format(...args));
  console.debug = (...args: unknown[]) => log.debug(format(...args));
}

async function main(): Promise<void> {
  const log = getLogger();
  consoleIntoLog(log);
  // As `next start` does, before Next (and React) are loaded: production code paths.
  (process.env as Record<string, string>).NODE_ENV = 'production';
  // Tells the instrumentation hook that forwarded headers were put right before Next saw them.
  process.env.FSR_PORTAL_SERVER = '1';
  const { default: next } = await import('next');
  const port = Number(process.env.PORT || 3000);
  const hostname = process.env.HOSTNAME || '127.0.0.1';
  // next-auth's name for the public address follows the portal's (lib/runtime/public-url.ts).
  process.env.NEXTAUTH_URL ||= publicOrigin();
  const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');

  const app = next({ dev: false, dir: root, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = createPortalServer({ handle, trustedProxies: trustedProxyHops(), routeOf: loadRouteMatcher(distDir), log, observe: observeHttp });
  // Longer than a proxy's idle keep-alive (nginx: 60 s upstream keepalive_timeout), so the proxy closes first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => resolve());
  });
  log.info(
    { address: `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`, publicAddress: publicOrigin(), trustedProxies: trustedProxyHops() },
    'portal listening',
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: finishing the requests in flight');
    const deadline = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    deadline.unref();
    server.close(() => {
      clearTimeout(deadline);
      void app
        .close()
        .catch((error: unknown) => log.error({ err: error }, 'closing Next failed'))
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  getLogger().fatal({ err: error }, 'the portal could not start');
  process.exit(1);
});
