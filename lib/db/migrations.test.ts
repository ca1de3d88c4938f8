import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createPostgresTestDb, forEachDialect, postgresStatus } from '@/test/db-harness';
import { dbConfigFromEnv, openDb, openMigratedDb } from './connect';
import { Migrator } from 'kysely';
import { migrateToLatest, migrationsFor } from './migrations';
import { appendAudit } from './queries/audit';
import { createSnapshot } from './queries/snapshots';

const pgService = await postgresStatus();

describe('dbConfigFromEnv', () => {
  it('defaults to data/portal.db, or portal.db in FSR_DATA_DIR', () => {
    expect(dbConfigFromEnv({})).toEqual({ dialect: 'sqlite', file: path.resolve('data', 'portal.db') });
    expect(dbConfigFromEnv({ FSR_DATA_DIR: '/var/lib/fsr' })).toEqual({ dialect: 'sqlite', file: '/var/lib/fsr/portal.db' });
  });
  it('uses PostgreSQL for postgres:// and postgresql:// URLs', () => {
    expect(dbConfigFromEnv({ DATABASE_URL: 'postgres://u:p@db/portal' })).toEqual({ dialect: 'postgres', url: 'postgres://u:p@db/portal' });
    expect(dbConfigFromEnv({ DATABASE_URL: 'postgresql://db/portal' }).dialect).toBe('postgres');
  });
  it('refuses any other DATABASE_URL with a message naming the expected form', () => {
    expect(() => dbConfigFromEnv({ DATABASE_URL: 'mysql://db/portal' })).toThrow(/must be a PostgreSQL URL/);
  });
});

describe('SQLite file', () => {
  it('creates the directory, uses WAL with synchronous=FULL, and migrates idempotently', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fsr-sqlite-'));
    const file = path.join(dir, 'nested', 'state', 'portal.db');
    try {
      const first = await openMigratedDb({ dialect: 'sqlite', file });
      expect(existsSync(file)).toBe(true);
      const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(first.db);
      expect(mode.rows[0].journal_mode).toBe('wal');
      const sync = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(first.db);
      expect(sync.rows[0].synchronous).toBe(2); // FULL
      await first.close();
      // A second start finds nothing to do.
      const second = openDb({ dialect: 'sqlite', file });
      expect(await migrateToLatest(second.db, 'sqlite')).toEqual([]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('0011_token_scopes on SQLite (the table is rebuilt)', () => {
  it('keeps every token row and accepts the watch and metrics scopes, refusing any other word', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fsr-sqlite-0011-'));
    const handle = openDb({ dialect: 'sqlite', file: path.join(dir, 'portal.db') });
    try {
      const all = migrationsFor('sqlite');
      const upTo10 = Object.fromEntries(Object.entries(all).filter(([name]) => name < '0011'));
      const before = await new Migrator({ db: handle.db, provider: { getMigrations: async () => upTo10 } }).migrateToLatest();
      expect(before.error).toBeUndefined();
      const token = {
        id: 'tok_kept',
        name: 'OpenRefine',
        secret_hash: 'h',
        scopes: 'reconcile register-api',
        priority: 'report' as const,
        ceiling_requests: 60,
        ceiling_seconds: 60,
        expires_at: '2027-01-01T00:00:00.000Z',
        created_at: '2026-01-01T00:00:00.000Z',
        created_by: 'admin@example.com',
        rotated_at: null,
        revoked_at: null,
        last_used_at: '2026-02-01T00:00:00.000Z',
      };
      await handle.db.insertInto('api_tokens').values(token).execute();
      expect(await migrateToLatest(handle.db, 'sqlite')).toContain('0011_token_scopes');
      expect(await handle.db.selectFrom('api_tokens').selectAll().execute()).toEqual([token]);
      await handle.db
        .insertInto('api_tokens')
        .values({ ...token, id: 'tok_watch', scopes: 'watch metrics' })
        .execute();
      await expect(
        handle.db
          .insertInto('api_tokens')
          .values({ ...token, id: 'tok_bad', scopes: 'admin' })
          .execute(),
      ).rejects.toThrow(/CHECK constraint/);
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('0013_screening on SQLite (bulk_rows is rebuilt)', () => {
  it('keeps every row, column and index, and accepts the unauthorised and mismatch outcomes, refusing others', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fsr-sqlite-0013-'));
    const handle = openDb({ dialect: 'sqlite', file: path.join(dir, 'portal.db') });
    try {
      const all = migrationsFor('sqlite');
      const before = await new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => Object.fromEntries(Object.entries(all).filter(([name]) => name < '0013')) },
      }).migrateToLatest();
      expect(before.error).toBeUndefined();
      // A column another migration may have added before this one runs is kept.
      await sql`alter table bulk_rows add column added_elsewhere text`.execute(handle.db);
      const row = { bulk_id: 'b1', row_no: 1, input: '200200', input_kind: 'firm', ref: '200200', outcome: 'matched', request_count: 3, added_elsewhere: 'kept' };
      await sql`insert into bulk_rows (bulk_id, row_no, input, input_kind, ref, outcome, request_count, added_elsewhere) values (${row.bulk_id}, ${row.row_no}, ${row.input}, ${row.input_kind}, ${row.ref}, ${row.outcome}, ${row.request_count}, ${row.added_elsewhere})`.execute(
        handle.db,
      );
      expect(await migrateToLatest(handle.db, 'sqlite')).toContain('0013_screening');
      const kept = await sql<Record<string, unknown>>`select * from bulk_rows`.execute(handle.db);
      expect(kept.rows).toHaveLength(1);
      expect(kept.rows[0]).toMatchObject({ ...row, standing: null });
      const indexes = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'bulk_rows'`.execute(handle.db);
      expect(indexes.rows.map((i) => i.name)).toContain('bulk_rows_outcome');
      for (const [n, outcome] of [
        [2, 'unauthorised'],
        [3, 'mismatch'],
      ] as const)
        await sql`insert into bulk_rows (bulk_id, row_no, input, input_kind, outcome) values ('b1', ${n}, 'x', 'name', ${outcome})`.execute(handle.db);
      await expect(sql`insert into bulk_rows (bulk_id, row_no, input, input_kind, outcome) values ('b1', 9, 'x', 'name', 'cleared')`.execute(handle.db)).rejects.toThrow(
        /CHECK constraint/,
      );
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

forEachDialect('schema', pgService, (db, dialect, handle) => {
  it('has run every migration once; running again changes nothing', async () => {
    expect(await migrateToLatest(db(), dialect)).toEqual([]);
    const tables = await db().introspection.getTables();
    const names = tables.map((t) => t.name);
    for (const t of ['users', 'audit_log', 'snapshots', 'login_attempts']) expect(names).toContain(t);
  });

  it('refuses to update an audit entry or delete one younger than a day, but allows retention deletes', async () => {
    const id = await appendAudit(db(), { action: 'test.append-only', outcome: 'success', actor: null });
    await expect(db().updateTable('audit_log').set({ outcome: 'failure' }).where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(db().deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(/younger than a day/);
    const almostDay = await appendAudit(db(), { action: 'test.append-only', outcome: 'success', actor: null, at: new Date(Date.now() - 23 * 3_600_000).toISOString() });
    await expect(db().deleteFrom('audit_log').where('id', '=', almostDay).execute()).rejects.toThrow(/younger than a day/);
    const old = await appendAudit(db(), { action: 'test.append-only', outcome: 'success', actor: null, at: new Date(Date.now() - 25 * 3_600_000).toISOString() });
    const result = await db().deleteFrom('audit_log').where('id', '=', old).executeTakeFirst();
    expect(Number(result.numDeletedRows)).toBe(1);
    expect((await db().selectFrom('audit_log').select('id').where('id', '=', id).execute()).length).toBe(1);
  });

  if (dialect === 'postgres') {
    it('migrates a schema of its own while another schema in the database has Kysely tables', async () => {
      const url = (pgService as { url: string }).url;
      const other = `other_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`CREATE SCHEMA ${other}; CREATE TABLE ${other}.kysely_migration (name text); CREATE TABLE ${other}.kysely_migration_lock (id text)`);
        const fresh = await createPostgresTestDb(url);
        try {
          const names = (await fresh.handle.db.selectFrom('users').select('id').execute()).length;
          expect(names).toBe(0);
        } finally {
          await fresh.cleanup();
        }
      } finally {
        await admin.query(`DROP SCHEMA IF EXISTS ${other} CASCADE`);
        await admin.end();
      }
    });

    it('refuses TRUNCATE of the audit log and the snapshots', async () => {
      await expect(sql`TRUNCATE audit_log`.execute(db())).rejects.toThrow(/append-only: TRUNCATE refused/);
      await expect(sql`TRUNCATE snapshots`.execute(db())).rejects.toThrow(/append-only: TRUNCATE refused/);
    });
  }

  it('refuses to update or delete a snapshot', async () => {
    const s = await createSnapshot(db(), { frn: '100001', createdBy: { id: null, email: 'a@b' }, data: { a: 1 } });
    await expect(db().updateTable('snapshots').set({ data: '{"a":2}' }).where('id', '=', s.id).execute()).rejects.toThrow(/immutable|append-only/);
    await expect(db().deleteFrom('snapshots').where('id', '=', s.id).execute()).rejects.toThrow(/immutable|append-only/);
  });

  it('enforces lower-case unique e-mails and known roles in the engine itself', async () => {
    const row = {
      id: 'x1',
      email: 'Mixed@Example.com',
      name: 'x',
      role: 'viewer' as const,
      password_hash: null,
      auth_provider: 'local' as const,
      created_at: 't',
      updated_at: 't',
      last_sign_in_at: null,
    };
    await expect(db().insertInto('users').values(row).execute()).rejects.toThrow();
    await expect(
      db()
        .insertInto('users')
        .values({ ...row, email: 'ok@example.com', role: 'root' as never })
        .execute(),
    ).rejects.toThrow();
    expect(handle().location).toMatch(dialect === 'sqlite' ? /^sqlite:/ : /^postgres/);
  });
});
