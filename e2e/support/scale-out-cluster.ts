// Several production portal instances as an operator runs them behind a load balancer: one
// register sandbox, one Redis (a redis-server of the spec's own, so it can be killed), one
// PostgreSQL database (a schema of its own in TEST_DATABASE_URL, dropped afterwards), one
// NEXTAUTH_SECRET and one build; each instance on its own port with its own FSR_INSTANCE_ID.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type AdminActor, createLocalUser } from '@/lib/auth/user-admin';
import { openMigratedDb } from '@/lib/db/connect';
import type { Db } from '@/lib/db/schema';
import { startOwnRedis, type OwnRedis } from '@/test/redis-server';
import { freePort, httpAnswers, type SpawnedProcess, spawnNextStart, waitUntilAnswers } from '@/test/spawned-process';
import { distDir } from './portal-instance';

export interface ClusterInstance {
  index: number;
  baseURL: string;
  process: SpawnedProcess;
  output(): string;
  /** SIGTERM and wait for the exit; resolves with the exit code (or signal). */
  terminate(): Promise<string>;
}

export interface Cluster {
  instances: ClusterInstance[];
  redis: OwnRedis;
  /** The shared database URL (with its own search_path). */
  databaseUrl: string;
  redisPrefix: string;
  withDb<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/** Why the cluster cannot run here (PostgreSQL or redis-server missing), or null. */
export async function clusterUnavailable(pgUrl: string): Promise<string | null> {
  const redisServer = spawnSync('redis-server', ['--version']);
  if (redisServer.status !== 0) return 'redis-server cannot be run on this machine';
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${pgUrl.replace(/:[^:@/]*@/, ':***@')} is unreachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

export async function startCluster(options: { count: number; pgUrl: string; sandboxBaseUrl: string; env?: Record<string, string> }): Promise<Cluster> {
  const schema = `scale_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.pgUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const databaseUrl = withSearchPath(options.pgUrl, schema);
  const setup = await openMigratedDb({ dialect: 'postgres', url: databaseUrl });
  await setup.close();

  const redis = await startOwnRedis();
  const redisPrefix = `fsr-e2e-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fsr-scale-e2e-'));
  const secret = randomBytes(48).toString('base64url');
  const dist = distDir();
  const instances: ClusterInstance[] = [];

  for (let index = 0; index < options.count; index += 1) {
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_DIST_DIR: dist,
      NEXT_TELEMETRY_DISABLED: '1',
      FSR_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      FSR_REDIS_PREFIX: redisPrefix,
      FSR_INSTANCES: String(options.count),
      FSR_INSTANCE_ID: `e2e-${index + 1}`,
      NEXTAUTH_SECRET: secret,
      NEXTAUTH_URL: baseURL,
      FSR_API_BASE_URL: options.sandboxBaseUrl,
      PORT: String(port),
      ...options.env,
    };
    delete env.FSR_API_KEY;
    delete env.FSR_API_EMAIL;
    const server = spawnNextStart(port, env);
    instances.push({
      index,
      baseURL,
      process: server,
      output: server.output,
      async terminate() {
        if (server.running()) server.child.kill('SIGTERM');
        return server.exited;
      },
    });
  }

  try {
    await Promise.all(
      instances.map((instance) =>
        waitUntilAnswers(
          `Instance ${instance.index + 1}`,
          instance.process,
          httpAnswers(`${instance.baseURL}/api/ready`, (status) => status === 200),
          {
            timeoutMs: 90_000,
            intervalMs: 250,
          },
        ),
      ),
    );
  } catch (error) {
    await Promise.all(instances.map((i) => i.process.stop()));
    await redis.stop();
    throw error;
  }

  async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const handle = await openMigratedDb({ dialect: 'postgres', url: databaseUrl });
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  }

  return {
    instances,
    redis,
    databaseUrl,
    redisPrefix,
    withDb,
    async stop() {
      await Promise.all(instances.map((i) => i.process.stop(15_000)));
      await redis.stop();
      const c = new pg.Client({ connectionString: options.pgUrl });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A staff account in the cluster's database; returns its one-time password. */
export function createStaffUser(cluster: Cluster, email: string): Promise<string> {
  const actor: AdminActor = { id: null, email: 'cli:e2e-scale', via: 'cli' };
  return cluster.withDb(async (db) => (await createLocalUser(db, actor, { email, role: 'analyst' })).password);
}
