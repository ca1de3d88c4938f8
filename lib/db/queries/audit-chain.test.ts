import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { describeWithService } from '@/test/services';
import { type DbConfig, type DbHandle, openDb } from '../connect';
import { migrateToLatest, migrationsFor } from '../migrations';
import type { Db, DialectName } from '../schema';
import { appendAudit, pruneAudit } from './audit';
import { AUDIT_CHAIN_GENESIS, auditEntryHash, describeAuditChain, verifyAuditChain } from './audit-chain';

const pgService = await postgresStatus();
const ROOT = path.resolve(__dirname, '..', '..', '..');
const ann = { id: 'u-ann', email: 'ann@example.com' };

/** What someone with write access to the database does first: drop the guards. */
async function dropGuards(db: Db, dialect: DialectName) {
  if (dialect === 'sqlite') {
    await sql`DROP TRIGGER IF EXISTS audit_log_no_update`.execute(db);
    await sql`DROP TRIGGER IF EXISTS audit_log_no_recent_delete`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS audit_log_no_update ON audit_log`.execute(db);
    await sql`DROP TRIGGER IF EXISTS audit_log_no_recent_delete ON audit_log`.execute(db);
  }
}

async function chainRows(db: Db) {
  return (await db.selectFrom('audit_log').selectAll().orderBy('chain_seq').execute()).map((r) => ({ ...r, id: Number(r.id), chain_seq: Number(r.chain_seq) }));
}

async function configOf(handle: DbHandle, dialect: DialectName): Promise<DbConfig> {
  if (dialect === 'sqlite') return { dialect: 'sqlite', file: handle.location.replace(/^sqlite:/, '') };
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0].schema;
  return { dialect: 'postgres', url: pgService.url, schema, maxConnections: 2 };
}

function runWorker(config: DbConfig, count: number, label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test', 'audit-append-worker.ts'), JSON.stringify(config), String(count), label], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker ${label} exited ${code}: ${err}`))));
  });
}

forEachDialect('audit hash chain', pgService, (db, dialect, handle) => {
  it('an empty log is intact', async () => {
    const report = await verifyAuditChain(db());
    expect(report).toEqual({ intact: true, entries: 0, firstSeq: 0, lastSeq: 0, headHash: AUDIT_CHAIN_GENESIS, anchorSeq: 0 });
    expect(describeAuditChain(report)).toBe(`intact: 0 entries; head hash ${AUDIT_CHAIN_GENESIS}`);
  });

  it('chains each entry to the one before, and retention leaves an anchor the rest verifies from', async () => {
    for (let day = 1; day <= 6; day += 1) {
      await appendAudit(db(), { action: 'firm.view', outcome: 'success', actor: ann, reference: String(day), at: `2020-01-0${day}T09:00:00.000Z` });
    }
    const rows = await chainRows(db());
    expect(rows.map((r) => r.chain_seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows[0].prev_hash).toBe(AUDIT_CHAIN_GENESIS);
    for (let i = 1; i < rows.length; i += 1) expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
    expect(rows[5].hash).toBe(auditEntryHash({ ...rows[5], seq: 6, prev: rows[4].hash as string }));

    expect(await pruneAudit(db(), '2020-01-04T00:00:00.000Z')).toBe(3);
    const state = await db().selectFrom('audit_chain').selectAll().executeTakeFirstOrThrow();
    expect({ anchor: Number(state.anchor_seq), hash: state.anchor_hash, head: Number(state.head_seq) }).toEqual({ anchor: 3, hash: rows[2].hash, head: 6 });
    const report = await verifyAuditChain(db());
    expect(report).toMatchObject({ intact: true, entries: 3, firstSeq: 4, lastSeq: 6, anchorSeq: 3 });
    expect(describeAuditChain(report)).toMatch(/^intact: 3 entries \(positions 4-6\); positions up to 3 were removed by retention; head hash [0-9a-f]{64}$/);
  });

  it('appends from several processes and connections at once take distinct, gapless positions', async () => {
    const config = await configOf(handle(), dialect);
    const inProcess = Promise.all(Array.from({ length: 20 }, (_, i) => appendAudit(db(), { action: 'test.concurrent', outcome: 'success', actor: ann, reference: `main-${i}` })));
    await Promise.all([runWorker(config, 25, 'w1'), runWorker(config, 25, 'w2'), runWorker(config, 25, 'w3'), inProcess]);
    const rows = await chainRows(db());
    expect(rows.length).toBe(3 + 95);
    expect(rows.map((r) => r.chain_seq)).toEqual(Array.from({ length: 98 }, (_, i) => i + 4));
    // Every worker's entries made it, interleaved with the others'.
    for (const label of ['w1', 'w2', 'w3']) expect(rows.filter((r) => r.user_email === `${label}@workers.test`).length).toBe(25);
    expect(await verifyAuditChain(db(), { batchSize: 7 })).toMatchObject({ intact: true, entries: 98, firstSeq: 4, lastSeq: 101 });
  }, 60_000);

  it('names an entry whose fields were edited with SQL, and is intact again once it is put back', async () => {
    await dropGuards(db(), dialect);
    const target = (await chainRows(db()))[10];
    await sql`UPDATE audit_log SET reference = 'forged' WHERE id = ${target.id}`.execute(db());
    const report = await verifyAuditChain(db());
    expect(report.intact).toBe(false);
    expect(report.break).toMatchObject({ problem: 'changed', entryId: target.id, seq: target.chain_seq });
    expect(report.entries).toBe(10);
    expect(describeAuditChain(report)).toContain(`broken: changed at entry ${target.id}: Entry ${target.id} (position ${target.chain_seq}) was changed`);
    await sql`UPDATE audit_log SET reference = ${target.reference} WHERE id = ${target.id}`.execute(db());
    expect((await verifyAuditChain(db())).intact).toBe(true);
  });

  it('names an entry that was changed and re-hashed by someone who knows the algorithm', async () => {
    const rows = await chainRows(db());
    const target = rows[20];
    const forged = { ...target, user_email: 'someone-else@example.com' };
    const hash = auditEntryHash({ ...forged, seq: target.chain_seq, prev: target.prev_hash as string });
    await sql`UPDATE audit_log SET user_email = ${forged.user_email}, hash = ${hash} WHERE id = ${target.id}`.execute(db());
    const report = await verifyAuditChain(db());
    expect(report.break).toMatchObject({ problem: 'changed', entryId: target.id, seq: target.chain_seq });
    expect(report.break?.message).toContain(`entry ${rows[21].id} (position ${rows[21].chain_seq}) no longer links to it`);
    await sql`UPDATE audit_log SET user_email = ${target.user_email}, hash = ${target.hash} WHERE id = ${target.id}`.execute(db());
    expect((await verifyAuditChain(db())).intact).toBe(true);
  });

  it('names entries whose order was swapped', async () => {
    const rows = await chainRows(db());
    const [a, b] = [rows[30], rows[31]];
    const swap = async () => {
      await sql`UPDATE audit_log SET id = ${-1} WHERE id = ${a.id}`.execute(db());
      await sql`UPDATE audit_log SET id = ${a.id} WHERE id = ${b.id}`.execute(db());
      await sql`UPDATE audit_log SET id = ${b.id} WHERE id = ${-1}`.execute(db());
    };
    await swap();
    const report = await verifyAuditChain(db());
    expect(report.break).toMatchObject({ problem: 'reordered', entryId: a.id, seq: b.chain_seq });
    await swap();
    expect((await verifyAuditChain(db())).intact).toBe(true);
  });

  it('names an entry written around the chain', async () => {
    const inserted = await db()
      .insertInto('audit_log')
      .values({ at: new Date().toISOString(), user_id: null, user_email: 'x@example.com', action: 'forged', reference: null, detail: null, outcome: 'success' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const report = await verifyAuditChain(db());
    expect(report.break).toMatchObject({ problem: 'unchained', entryId: Number(inserted.id) });
    await sql`DELETE FROM audit_log WHERE id = ${Number(inserted.id)}`.execute(db());
    expect((await verifyAuditChain(db())).intact).toBe(true);
  });

  it('names the newest entries when they are deleted', async () => {
    const rows = await chainRows(db());
    const last = rows.at(-1)!;
    await sql`DELETE FROM audit_log WHERE id = ${last.id}`.execute(db());
    const report = await verifyAuditChain(db());
    expect(report.break).toMatchObject({ problem: 'missing', entryId: null, seq: last.chain_seq });
    expect(report.break?.message).toBe(`The newest 1 entry (position ${last.chain_seq}) missing after entry ${rows.at(-2)!.id} (position ${last.chain_seq - 1}): deleted.`);
    await db().insertInto('audit_log').values(last).execute();
    expect((await verifyAuditChain(db())).intact).toBe(true);
  });

  it('names an entry deleted from the middle, and the first entry after the anchor when that is deleted', async () => {
    const rows = await chainRows(db());
    const [before, gone, after] = [rows[40], rows[41], rows[42]];
    await sql`DELETE FROM audit_log WHERE id = ${gone.id}`.execute(db());
    const report = await verifyAuditChain(db());
    expect(report.break).toMatchObject({ problem: 'missing', entryId: after.id, seq: after.chain_seq });
    expect(report.break?.message).toBe(
      `1 entry (position ${gone.chain_seq}) missing after entry ${before.id} (position ${before.chain_seq}) and before entry ${after.id} (position ${after.chain_seq}): deleted.`,
    );
    expect(report.entries).toBe(41);

    await sql`DELETE FROM audit_log WHERE id = ${rows[0].id}`.execute(db());
    const first = await verifyAuditChain(db());
    expect(first.break).toMatchObject({ problem: 'missing', entryId: rows[1].id, seq: 5 });
    expect(first.break?.message).toContain('missing after the retention anchor (position 3)');
  });
});

/** A database migrated up to (and including) `target` only. */
async function openAt(dialect: DialectName, target: string): Promise<{ handle: DbHandle; cleanup(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'fsr-chain-'));
    const handle = openDb({ dialect: 'sqlite', file: path.join(dir, 'portal.db') });
    await new Migrator({ db: handle.db as Kysely<any>, provider: { getMigrations: async () => migrationsFor('sqlite') } }).migrateTo(target);
    return { handle, cleanup: async () => (await handle.close(), rmSync(dir, { recursive: true, force: true })) };
  }
  const schema = `t_chain_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgService.url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = openDb({ dialect: 'postgres', url: pgService.url, schema, maxConnections: 2 });
  await new Migrator({ db: handle.db as Kysely<any>, provider: { getMigrations: async () => migrationsFor('postgres') }, migrationTableSchema: schema }).migrateTo(target);
  return {
    handle,
    async cleanup() {
      await handle.close();
      const c = new pg.Client({ connectionString: pgService.url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  (dialect === 'sqlite' ? describe : describeWithService(pgService))(`migration 0005_audit_chain (${dialect})`, () => {
    it('chains the entries already in the log, oldest first, and new entries continue the chain', async () => {
      const { handle, cleanup } = await openAt(dialect, '0004_ended_sessions');
      try {
        const db = handle.db as Kysely<any>;
        for (const reference of ['a', 'b', 'c']) {
          await db
            .insertInto('audit_log')
            .values({ at: '2024-05-01T10:00:00.000Z', user_id: null, user_email: 'old@example.com', action: 'firm.view', reference, detail: '{"page":"/"}', outcome: 'success' })
            .execute();
        }
        expect(await migrateToLatest(handle.db, dialect)).toEqual(Object.keys(migrationsFor(dialect)).filter((name) => name > '0004_ended_sessions'));
        const rows = await chainRows(handle.db);
        expect(rows.map((r) => [r.reference, r.chain_seq])).toEqual([
          ['a', 1],
          ['b', 2],
          ['c', 3],
        ]);
        await appendAudit(handle.db, { action: 'firm.view', outcome: 'success', actor: ann, reference: 'd' });
        expect(await verifyAuditChain(handle.db)).toMatchObject({ intact: true, entries: 4, firstSeq: 1, lastSeq: 4 });
        // The guard is back: the backfill was the last permitted change.
        await expect(sql`UPDATE audit_log SET reference = 'x' WHERE reference = 'a'`.execute(db)).rejects.toThrow(/append-only/);
        await expect(sql`DELETE FROM audit_chain`.execute(db)).rejects.toThrow(/audit_chain|append-only/);
      } finally {
        await cleanup();
      }
    });
  });
}
