/**
 * One timed page request over node:http, so the two instants the benchmark reports are the
 * socket's own: the response head arriving (first byte: the portal has flushed its shell) and
 * the body ending (last byte: every streamed section is in). No compression is asked for, so the
 * byte count is what the server rendered.
 */
import http from 'node:http';

export interface TimedResponse {
  status: number;
  /** Request sent → response head received. */
  ttfbMs: number;
  /** Request sent → last body byte received. */
  totalMs: number;
  bytes: number;
  body: string;
  location?: string;
}

export function timedGet(url: string, options: { cookie?: string; agent?: http.Agent; timeoutMs?: number } = {}): Promise<TimedResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let ttfbMs = 0;
    const req = http.get(url, { agent: options.agent, headers: options.cookie ? { cookie: options.cookie } : {} }, (res) => {
      ttfbMs = performance.now() - started;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          ttfbMs,
          totalMs: performance.now() - started,
          bytes: body.length,
          body: body.toString('utf8'),
          location: typeof res.headers.location === 'string' ? res.headers.location : undefined,
        });
      });
      res.on('error', reject);
    });
    req.setTimeout(options.timeoutMs ?? 300_000, () => req.destroy(new Error(`GET ${url} took longer than ${options.timeoutMs ?? 300_000} ms`)));
    req.on('error', reject);
  });
}
