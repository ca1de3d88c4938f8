// Real backing services for integration tests. A test file probes the service once, then wraps
// its suites with `describeWithService(status)`: they run when the service answers; when it
// does not, they are reported as not run, with the reason in the suite name, unless
// REQUIRE_SERVICES=1 (CI), in which case the unreachable service fails the run.
import { Socket } from 'node:net';
import pg from 'pg';
import { describe } from 'vitest';

export interface ServiceStatus {
  service: 'PostgreSQL' | 'Redis';
  /** The URL probed, password redacted: safe to print. */
  where: string;
  url: string;
  available: boolean;
  reason?: string;
}

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

export function servicesRequired(env: Record<string, string | undefined> = process.env): boolean {
  return env.REQUIRE_SERVICES === '1' || env.REQUIRE_SERVICES === 'true';
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL || DEFAULT_TEST_REDIS_URL;
}

export async function probePostgres(url: string = testDatabaseUrl(), timeoutMs = 3000): Promise<ServiceStatus> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('select 1');
    return { service: 'PostgreSQL', where: redact(url), url, available: true };
  } catch (err) {
    return { service: 'PostgreSQL', where: redact(url), url, available: false, reason: (err as Error).message || String(err) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PING over a raw socket (with AUTH when the URL has a password), so the probe needs no client library. */
export async function probeRedis(url: string = testRedisUrl(), timeoutMs = 3000): Promise<ServiceStatus> {
  const status = (available: boolean, reason?: string): ServiceStatus => ({
    service: 'Redis',
    where: redact(url),
    url,
    available,
    ...(reason ? { reason } : {}),
  });
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return status(false, `not a URL: ${url}`);
  }
  if (u.protocol !== 'redis:') return status(false, `only redis:// URLs are probed (got ${u.protocol})`);
  return new Promise<ServiceStatus>((resolve) => {
    const socket = new Socket();
    let buffer = '';
    const done = (s: ServiceStatus) => {
      socket.destroy();
      resolve(s);
    };
    socket.setTimeout(timeoutMs, () => done(status(false, `no answer within ${timeoutMs} ms`)));
    socket.once('error', (err) => done(status(false, err.message)));
    socket.connect(Number(u.port || 6379), u.hostname, () => {
      const auth = u.password ? `AUTH ${u.username ? decodeURIComponent(u.username) + ' ' : ''}${decodeURIComponent(u.password)}\r\n` : '';
      socket.write(`${auth}PING\r\n`);
    });
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (buffer.includes('+PONG')) done(status(true));
      else if (buffer.startsWith('-')) done(status(false, buffer.trim()));
    });
  });
}

const warned = new Set<string>();

/**
 * `describe` when the service is reachable. Otherwise the suite is reported as skipped with a
 * name that says why, and a warning is printed; with REQUIRE_SERVICES=1 it throws instead, which
 * fails the test file and the run.
 */
export function describeWithService(status: ServiceStatus): typeof describe | typeof describe.skip {
  if (status.available) return describe;
  const message = `${status.service} at ${status.where} is unreachable (${status.reason ?? 'no reason given'})`;
  if (servicesRequired()) {
    throw new Error(`${message}, and REQUIRE_SERVICES=1 requires it.`);
  }
  if (!warned.has(message)) {
    warned.add(message);
    console.warn(`\n[services] ${message}: its tests were NOT RUN. Set REQUIRE_SERVICES=1 to make this an error.\n`);
  }
  const skip = ((name: string, fn?: () => void) => describe.skip(`${name} [NOT RUN: ${message}]`, fn ?? (() => undefined))) as unknown as typeof describe.skip;
  return skip;
}
