import 'server-only';
import { getDbHandle } from '@/lib/db/client';
import { getRegisterClient } from '@/lib/register/client';
import type { RegisterHealth } from '@/lib/register/metrics';
import type { RegisterResult } from '@/lib/register/result';
import { loadScaleOutConfig } from '@/lib/register/scale-out-config';
import { isShuttingDown } from '@/lib/runtime/shutdown';
import { assessDatabase, assessRedis, assessUpstream, overall, type DatabaseCheck, type Readiness } from './assess';
import { failedForStorage, noteDatabaseWrite } from '@/lib/db/db-writable';
import { probeInstance, probeWrite } from './write-probe';

/**
 * Gathers the facts for /api/ready: a write on the database (a small transaction on a table of
 * its own: ready means able to write, since every page view writes to the audit log), the shared
 * stores' state, and the register's last verdict. The register is never asked just for this: a fresh instance reads
 * the regulated-markets list at background priority, which the (shared) cache answers for hours,
 * and even that only when the budget has a slot free at once.
 */

const CHECK_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function checkDatabase(): Promise<{ check: DatabaseCheck; engine: 'SQLite' | 'PostgreSQL' }> {
  const engine = process.env.DATABASE_URL?.trim() ? 'PostgreSQL' : 'SQLite';
  const started = performance.now();
  const attempt = await failedForStorage(async () => {
    const handle = await within(getDbHandle(), CHECK_TIMEOUT_MS, 'the database');
    await within(probeWrite(handle.db, probeInstance()), CHECK_TIMEOUT_MS, 'the database');
  });
  if (attempt.ok) {
    // The same proof the proxy waits for: pages are served again from now on.
    noteDatabaseWrite();
    return { check: { ok: true, ms: performance.now() - started }, engine };
  }
  return { check: { ok: false, reason: (attempt.error as Error).message, unwritable: attempt.storage }, engine };
}

export interface ReadinessDetail {
  readiness: Readiness;
  register: RegisterHealth | null;
}

export async function checkReadiness(): Promise<ReadinessDetail> {
  const database = checkDatabase();
  let register: RegisterHealth | null = null;
  let probe: RegisterResult<unknown> | undefined;
  let upstreamProblem: string | undefined;
  try {
    const client = getRegisterClient();
    register = await within(client.health(), CHECK_TIMEOUT_MS, 'the register client');
    if (!register.lastAnswer && !register.block.active) {
      probe = await within(client.regulatedMarkets({ priority: 'background', onBlock: 'fail', maxWaitMs: 0 }), CHECK_TIMEOUT_MS, 'the register');
    }
  } catch (error) {
    upstreamProblem = (error as Error).message;
  }
  const db = await database;
  const redisConfigured = Boolean(loadScaleOutConfig(process.env).redisUrl);
  const components = {
    database: assessDatabase(db.check, db.engine),
    redis: assessRedis(register?.shared ?? null, redisConfigured),
    upstream: register && !upstreamProblem ? assessUpstream(register, probe) : { status: 'degraded' as const, message: 'The register client could not report its state.' },
  };
  return { readiness: overall(components, isShuttingDown(), new Date()), register };
}
