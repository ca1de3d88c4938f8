import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { probePostgres, probeRedis, servicesRequired } from './services';

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

describe('service probes', () => {
  it('report an unreachable PostgreSQL or Redis with the reason and a redacted URL', async () => {
    const port = await closedPort();
    const pg = await probePostgres(`postgres://user:secret@127.0.0.1:${port}/db`, 1000);
    expect(pg).toMatchObject({ service: 'PostgreSQL', available: false, where: `postgres://user:***@127.0.0.1:${port}/db` });
    expect(pg.reason).toMatch(/ECONNREFUSED/);
    const redis = await probeRedis(`redis://127.0.0.1:${port}`, 1000);
    expect(redis).toMatchObject({ service: 'Redis', available: false });
    expect(redis.reason).toMatch(/ECONNREFUSED/);
    expect((await probeRedis('http://127.0.0.1:1')).reason).toBe('only redis:// URLs are probed (got http:)');
  });

  it('answer true for a server that speaks the protocol (a fake Redis here)', async () => {
    const srv = createServer((socket) => socket.on('data', () => socket.write('+PONG\r\n')));
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
    const { port } = srv.address() as { port: number };
    expect((await probeRedis(`redis://127.0.0.1:${port}`)).available).toBe(true);
    srv.close();
  });

  it('read REQUIRE_SERVICES', () => {
    expect(servicesRequired({ REQUIRE_SERVICES: '1' })).toBe(true);
    expect(servicesRequired({})).toBe(false);
  });
});
