// Runs a data-layer suite against both engines: a temporary SQLite file always, and PostgreSQL at
// TEST_DATABASE_URL in a schema of its own (created for the run, dropped after) when reachable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type DbHandle, openMigratedDb } from '@/lib/db/connect';
import type { Db, DialectName } from '@/lib/db/schema';
import { describeWithService, probePostgres, type ServiceStatus } from './services';

export interface TestDb {
  handle: DbHandle;
  cleanup(): Promise<void>;
}

export async function createSqliteTestDb(): Promise<TestDb> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fsr-db-'));
  const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(dir, 'portal.db') });
  return {
    handle,
    async cleanup() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function createPostgresTestDb(url: string): Promise<TestDb> {
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const handle = await openMigratedDb({ dialect: 'postgres', url, schema, maxConnections: 4 });
  return {
    handle,
    async cleanup() {
      await handle.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}

let pgStatus: Promise<ServiceStatus> | undefined;
export function postgresStatus(): Promise<ServiceStatus> {
  return (pgStatus ??= probePostgres());
}

/**
 * Declares `body` once per engine. `db()` returns that engine's migrated database inside tests.
 * Call at the top level of a test file after `const pgStatus = await postgresStatus()`.
 */
export function forEachDialect(title: string, pgStatusValue: ServiceStatus, body: (db: () => Db, dialect: DialectName, handle: () => DbHandle) => void): void {
  const engines: Array<[DialectName, typeof describe | typeof describe.skip, () => Promise<TestDb>]> = [
    ['sqlite', describe, createSqliteTestDb],
    ['postgres', describeWithService(pgStatusValue), () => createPostgresTestDb(pgStatusValue.url)],
  ];
  for (const [dialect, describeFn, create] of engines) {
    describeFn(`${title} (${dialect})`, () => {
      let testDb: TestDb | undefined;
      beforeAll(async () => {
        testDb = await create();
      });
      afterAll(async () => {
        await testDb?.cleanup();
      });
      const handle = () => {
        if (!testDb) throw new Error(`The ${dialect} test database was not created.`);
        return testDb.handle;
      };
      body(() => handle().db, dialect, handle);
    });
  }
}
