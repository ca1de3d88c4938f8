// A redis-server of a test's own, on a free port, that the test may kill and restart without
// touching the machine's shared Redis (other people's tests use it). Also a prefix per test run
// for tests that do use the shared Redis, and the clean-up of everything under it. No vitest
// import here: Playwright specs use it too.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import type { ServiceStatus } from './services';
import { freePort, type SpawnedProcess, spawnProcess, waitUntilAnswers } from './spawned-process';

/** True when a Redis server answers PING at `url` within `timeoutMs`. */
export async function redisAnswers(url: string, timeoutMs = 1000): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: timeoutMs, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    if (client.isOpen) client.destroy();
  }
}

export interface OwnRedis {
  url: string;
  port: number;
  /** SIGKILL: the connection drops at once, as when a Redis server dies. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty (no persistence), as a restarted Redis would be. */
  restart(): Promise<void>;
  /** SIGSTOP: connections stay open but nothing is answered, as with a hung server or a black-holed network. */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
  stop(): Promise<void>;
}

/** Whether `redis-server` can be run here (as a ServiceStatus, so describeWithService can report it). */
export function redisServerStatus(): ServiceStatus {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  const available = probe.status === 0;
  return {
    service: 'Redis',
    where: "redis-server (a process of the test's own)",
    url: '',
    available,
    ...(available ? {} : { reason: `redis-server cannot be run: ${probe.error?.message ?? probe.stderr}` }),
  };
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: SpawnedProcess | undefined;

  const launch = async () => {
    server = spawnProcess('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'], {
      quiet: true,
    });
    await waitUntilAnswers(`redis-server on port ${port}`, server, () => redisAnswers(url, 500), { timeoutMs: 10_000, intervalMs: 50 });
  };
  const kill = async () => {
    const s = server;
    server = undefined;
    if (!s?.running()) return;
    s.child.kill('SIGKILL');
    await s.exited;
  };

  const signal = (name: NodeJS.Signals) => {
    if (!server?.child.pid || !server.running()) throw new Error(`redis-server on port ${port} is not running`);
    process.kill(server.child.pid, name);
  };

  await launch();
  return {
    url,
    port,
    kill,
    restart: launch,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    stop: async () => {
      // A paused server would not die on SIGKILL before it is continued on some systems; continue it first.
      if (server?.child.pid && server.running()) process.kill(server.child.pid, 'SIGCONT');
      await kill();
    },
  };
}

/** A key prefix no other test run uses. */
export function uniquePrefix(label: string): string {
  return `fsr-test-${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

/** Deletes every key under `prefix` (and nothing else). */
export async function deleteKeysUnder(url: string, prefix: string): Promise<number> {
  const client = createClient({ url });
  client.on('error', () => undefined);
  await client.connect();
  let deleted = 0;
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) {
      if (keys.length > 0) deleted += await client.del(keys);
    }
  } finally {
    await client.close();
  }
  return deleted;
}
