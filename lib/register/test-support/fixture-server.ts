import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small register stand-in on 127.0.0.1:0 for unit tests: each request is answered by the
 * handler the test sets, and every request is recorded (path, headers, time).
 */

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** A value is sent as JSON; a string is sent as it is. */
  body?: unknown;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
  /** Drop the connection without answering. */
  destroy?: boolean;
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  at: number;
}

export type Handler = (path: string, seen: SeenRequest) => Reply | Promise<Reply>;

export interface FixtureServer {
  baseUrl: string;
  requests: SeenRequest[];
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

export async function startFixtureServer(handler: Handler): Promise<FixtureServer> {
  let current = handler;
  const requests: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    const fullPath = req.url ?? '/';
    const path = fullPath.replace(/^\/services\/V0\.1/, '');
    const seen: SeenRequest = { method: req.method ?? 'GET', path, headers: req.headers, at: Date.now() };
    requests.push(seen);
    const reply = await current(path, seen);
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (reply.destroy) {
      req.socket.destroy();
      return;
    }
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? null);
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json;charset=UTF-8', ...reply.headers });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/services/V0.1`,
    requests,
    setHandler: (h) => (current = h),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A standard register envelope. */
export function envelope(status: string, message: string, data: unknown, resultInfo: unknown = { page: '1', per_page: '20', total_count: '1' }) {
  return { Status: status, ResultInfo: data === null ? null : resultInfo, Message: message, Data: data };
}
