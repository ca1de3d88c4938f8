/**
 * The portal's HTTP server: Node's own, with Next's request handler inside (scripts/serve.ts puts
 * them together; `npm start`, `npm run instances` and the tests start the portal through it).
 * Before Next sees a request it:
 *
 * - puts the forwarded headers in the state the portal believes (lib/runtime/forwarded.ts): without
 *   TRUST_PROXY, X-Forwarded-For becomes the connection's real peer address, so a forged header
 *   cannot spread sign-in guesses over invented addresses, and X-Forwarded-Host/-Proto go;
 * - gives the request an id (a trusted proxy's X-Request-Id when it sent a usable one), echoed in
 *   the X-Request-Id response header and on every log line written while it runs.
 *
 * When the response is finished it writes one `request` log line (method, route pattern, status,
 * duration; never the path or query, which may hold a name someone searched for) and observes
 * the duration for /metrics.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { normaliseForwardedHeaders } from '@/lib/runtime/forwarded';
import { runWithRequestContext } from '@/lib/runtime/request-context';
import type { HttpObservation } from '@/lib/metrics/registry';

export interface PortalServerOptions {
  /** Next's request handler (or a test's). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void> | void;
  /** TRUST_PROXY: reverse proxies in front whose forwarded headers are believed. */
  trustedProxies: number;
  /** The route pattern a path belongs to (lib/server/route-patterns.ts). */
  routeOf(pathname: string): string;
  log: Logger;
  /** Called once per finished request (lib/metrics). */
  observe?(observation: HttpObservation): void;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
/** Static files are many and say little: their lines are written at debug level. */
const QUIET_ROUTES = new Set(['/_next/static', '/favicon.ico']);

function pathnameOf(url: string | undefined): string {
  const raw = url ?? '/';
  const q = raw.indexOf('?');
  return q >= 0 ? raw.slice(0, q) : raw;
}

/** Handles one request as described above; exported for tests that need no listening socket. */
export function portalRequestListener(options: PortalServerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = process.hrtime.bigint();
    const offered = req.headers['x-request-id'];
    const requestId = options.trustedProxies > 0 && typeof offered === 'string' && REQUEST_ID.test(offered) ? offered : randomUUID();
    normaliseForwardedHeaders(req.headers, req.socket.remoteAddress, options.trustedProxies);
    req.headers['x-request-id'] = requestId;
    res.setHeader('X-Request-Id', requestId);
    const method = (req.method ?? 'GET').toUpperCase();
    let route: string;
    try {
      route = options.routeOf(pathnameOf(req.url));
    } catch {
      route = '(unmatched)';
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // A response the client abandoned before it was sent has no status yet: 499, as nginx says it.
      const status = res.writableFinished ? res.statusCode : 499;
      options.observe?.({ method, route, status, seconds });
      const line = { requestId, method, route, status, durationMs: Math.round(seconds * 10_000) / 10 };
      if (QUIET_ROUTES.has(route)) options.log.debug(line, 'request');
      else if (status >= 500) options.log.error(line, 'request');
      else options.log.info(line, 'request');
    };
    res.once('finish', finish);
    res.once('close', finish);
    runWithRequestContext({ requestId, method, route }, () => {
      Promise.resolve()
        .then(() => options.handle(req, res))
        .catch((error: unknown) => {
          options.log.error({ err: error, requestId, route }, 'request handler failed');
          if (!res.headersSent) {
            res.statusCode = 500;
            res.setHeader('Content-Type', 'text/plain; charset=utf-8');
            res.end(`The portal could not answer this request (request id ${requestId}).`);
          } else res.destroy();
        });
    });
  };
}

export function createPortalServer(options: PortalServerOptions): Server {
  return createServer(portalRequestListener(options));
}
