import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { noteDatabaseError } from '@/lib/db/db-writable';
import { ensurePrivateFile } from '@/lib/runtime/private-files';
import { type Env, redactUrl } from '@/lib/runtime/settings-values';
import { migrateToLatest } from './migrations';
import type { Database, Db, DialectName } from './schema';
import { log } from '@/lib/runtime/logger';

export type { Env } from '@/lib/runtime/settings-values';

export type DbConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string; maxConnections?: number };

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  /** Where the data lives, without credentials: safe to print. */
  location: string;
  close(): Promise<void>;
}

/** The directory for the portal's local state (SQLite file, generated auth secret). */
export function dataDir(env: Env = process.env): string {
  // Resolved at run time against the working directory; not something for the bundler to trace.
  return path.resolve(/*turbopackIgnore: true*/ env.FSR_DATA_DIR || 'data');
}

/** SQLite in the data directory unless `DATABASE_URL` names a PostgreSQL server. */
export function dbConfigFromEnv(env: Env = process.env): DbConfig {
  const url = env.DATABASE_URL?.trim();
  if (!url) return { dialect: 'sqlite', file: path.join(dataDir(env), 'portal.db') };
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: 'postgres', url };
  throw new Error('DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database); ' + 'leave it unset to use the SQLite file in the data directory.');
}

// bigserial ids and count(*) are int8, which pg returns as strings by default. The portal's
// counts and ids stay far below 2^53, so numbers are exact; scoped to this pool, not global.
const INT8_OID = 20;
const int8AsNumber: typeof pg.types.getTypeParser = (oid, format) =>
  oid === INT8_OID && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format);

/**
 * Every failed query is looked at: a read-only file, a full disk or a lost server marks the
 * database unwritable for the proxy and /api/ready (lib/health/db-writable.ts). Other errors
 * (a constraint, a bug) are the caller's as before.
 */
const noteStorageFailures = (event: LogEvent): void => {
  if (event.level === 'error') noteDatabaseError(event.error);
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function openDb(config: DbConfig): DbHandle {
  if (config.dialect === 'sqlite') {
    // Owner-only (0700 folder, 0600 file; SQLite gives -wal and -shm the file's mode): it holds
    // password hashes, sessions and the audit log (lib/runtime/private-files.ts).
    ensurePrivateFile(config.file);
    const sqlite = new BetterSqlite3(config.file);
    // WAL with synchronous=FULL: a committed transaction survives a crash or power loss, and
    // readers (other portal processes, the users CLI) do not block the writer.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log: noteStorageFailures });
    return {
      db,
      dialect: 'sqlite',
      location: `sqlite:${config.file}`,
      close: () => db.destroy(),
    };
  }
  if (config.schema !== undefined && !SCHEMA_NAME.test(config.schema)) {
    throw new Error(`Invalid PostgreSQL schema name "${config.schema}": use lower-case letters, digits and _.`);
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.maxConnections ?? 10,
    connectionTimeoutMillis: 10_000,
    types: { getTypeParser: int8AsNumber },
    // A schema other than public (used by tests to isolate a run) is selected per connection.
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that
  // would crash the process. The next query gets a fresh connection.
  pool.on('error', (err) => log.error(`[db] idle PostgreSQL connection failed: ${err.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: noteStorageFailures });
  return {
    db,
    dialect: 'postgres',
    location: redactUrl(config.url) + (config.schema ? ` (schema ${config.schema})` : ''),
    close: () => db.destroy(),
  };
}

/** Opens the database and brings its schema up to date: what scripts and tests use. */
export async function openMigratedDb(config: DbConfig = dbConfigFromEnv()): Promise<DbHandle> {
  const handle = openDb(config);
  try {
    await migrateToLatest(handle.db, handle.dialect);
  } catch (err) {
    await handle.close().catch(() => undefined);
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`Cannot open the portal database at ${handle.location}: ${reason}`);
  }
  return handle;
}
