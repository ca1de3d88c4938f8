import { createHash } from 'node:crypto';
import { chmodSync, createReadStream, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { openDb } from '@/lib/db/connect';
import { makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '@/lib/runtime/private-files';
import { migrateToLatest } from '@/lib/db/migrations';
import { type AuditChainReport, verifyAuditChain } from '@/lib/db/queries/audit-chain';
import { sha256Hex } from '@/lib/db/queries/snapshots';
import type { Database, Db } from '@/lib/db/schema';

/**
 * Backup and restore of the portal's SQLite database (docs/backup.md). The copy is made with
 * SQLite's online backup API (better-sqlite3's db.backup()) while the portal keeps running: in
 * WAL mode the copy reads one consistent state of the database without blocking the portal's
 * writes. Every copy is checked before it is called a backup: SQLite's integrity_check, the audit
 * log's hash chain, and every evidence snapshot's SHA-256; the figures go into manifest.json
 * beside the copy, with the copy's own SHA-256 so a restore can tell whether it was altered.
 *
 * Plain module (no server-only): the backup and restore commands and the tests use it.
 */

export const BACKUP_FILE = 'portal.db';
export const MANIFEST_FILE = 'manifest.json';

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface DatabaseCheck {
  /** PRAGMA integrity_check: "ok", or the problems it found. */
  integrity: string;
  auditChain: AuditChainReport;
  snapshots: { count: number; intact: number; broken: string[] };
  users: number;
  /** The newest migration applied to the copy. */
  schema: string | null;
}

export interface BackupManifest {
  format: 'fsr-portal-sqlite-backup';
  version: 1;
  createdAt: string;
  source: string;
  file: string;
  bytes: number;
  sha256: string;
  durationMs: number;
  check: DatabaseCheck;
}

export function fileSha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Checks a database file without changing it: integrity, audit chain, snapshot hashes, counts. */
export async function checkDatabaseFile(file: string): Promise<DatabaseCheck> {
  const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  const db: Db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const integrityRows = sqlite.pragma('integrity_check') as Array<{ integrity_check: string }>;
    const integrity = integrityRows.map((r) => r.integrity_check).join('; ');
    const auditChain = await verifyAuditChain(db);
    const snapshots = { count: 0, intact: 0, broken: [] as string[] };
    let after = '';
    for (;;) {
      const rows = await db.selectFrom('snapshots').select(['id', 'sha256', 'data']).where('id', '>', after).orderBy('id').limit(200).execute();
      for (const r of rows) {
        snapshots.count += 1;
        if (sha256Hex(r.data) === r.sha256) snapshots.intact += 1;
        else snapshots.broken.push(r.id);
        after = r.id;
      }
      if (rows.length < 200) break;
    }
    const users = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const last = sqlite.prepare('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1').get() as { name: string } | undefined;
    return { integrity, auditChain, snapshots, users, schema: last?.name ?? null };
  } finally {
    await db.destroy();
  }
}

/** True when the copy can be trusted as a backup of the portal's state. */
export function checkPassed(check: DatabaseCheck): boolean {
  return check.integrity === 'ok' && check.auditChain.intact && check.snapshots.broken.length === 0;
}

function compactStamp(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

/** The default folder of a backup made at `at`: backups/portal-20261124T163000Z. */
export function defaultBackupDir(at: Date = new Date(), base: string = 'backups'): string {
  return path.resolve(base, `portal-${compactStamp(at.toISOString())}`);
}

/**
 * Copies the live database `source` into `outDir` (created; it must not hold anything yet) and
 * checks the copy. The copy is a single self-contained file (rollback journal, not WAL).
 */
export async function backupSqlite(source: string, outDir: string, now: () => number = Date.now): Promise<BackupManifest> {
  if (!existsSync(source)) throw new BackupError(`There is no portal database at ${source}: nothing to back up. Is FSR_DATA_DIR right?`);
  if (existsSync(outDir) && readdirSync(outDir).length > 0) throw new BackupError(`${outDir} already holds files: choose a new folder for the backup (--out).`);
  // A backup holds what the database holds (password hashes, sessions, the audit log): owner-only.
  makePrivateDir(outDir);
  chmodSync(outDir, PRIVATE_DIR_MODE);
  const target = path.join(outDir, BACKUP_FILE);
  const partial = `${target}.partial`;
  const started = now();
  const sqlite = new BetterSqlite3(source, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    // After the first step, copy everything left in one step: one read transaction, so the copy
    // is one state of the database and never restarts because the portal wrote in between.
    await sqlite.backup(partial, { progress: ({ remainingPages }) => Math.max(100, remainingPages) });
  } finally {
    sqlite.close();
  }
  const copy = new BetterSqlite3(partial);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  chmodSync(partial, PRIVATE_FILE_MODE);
  renameSync(partial, target);
  const durationMs = now() - started;
  const check = await checkDatabaseFile(target);
  const manifest: BackupManifest = {
    format: 'fsr-portal-sqlite-backup',
    version: 1,
    createdAt: new Date(started).toISOString(),
    source,
    file: BACKUP_FILE,
    bytes: statSync(target).size,
    sha256: await fileSha256(target),
    durationMs,
    check,
  };
  writeFileSync(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  return manifest;
}

export interface RestoreResult {
  target: string;
  manifest: BackupManifest | null;
  check: DatabaseCheck;
  /** Migrations the restored database needed to reach this version of the portal. */
  migrated: string[];
}

/**
 * Restores a backup folder (or a bare backup file) into `dataDir` as its portal.db. Refuses when
 * the folder already has a database (stop the portal and move it aside first), when the copy no
 * longer matches the SHA-256 in its manifest, or when SQLite finds it damaged. A broken audit
 * chain does not stop the restore (the break is itself evidence), but is reported.
 */
export async function restoreSqlite(from: string, dataDir: string): Promise<RestoreResult> {
  if (!existsSync(from)) throw new BackupError(`There is no backup at ${from}.`);
  const isDir = statSync(from).isDirectory();
  const file = isDir ? path.join(from, BACKUP_FILE) : from;
  if (!existsSync(file)) throw new BackupError(`${from} holds no ${BACKUP_FILE}: is it a folder made by npm run backup?`);
  const manifestPath = isDir ? path.join(from, MANIFEST_FILE) : path.join(path.dirname(from), MANIFEST_FILE);
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as BackupManifest) : null;
  if (manifest && (await fileSha256(file)) !== manifest.sha256) {
    throw new BackupError(`${file} no longer matches the SHA-256 in ${manifestPath}: the backup was altered or damaged; restore another one.`);
  }
  const target = path.join(dataDir, BACKUP_FILE);
  for (const existing of [target, `${target}-wal`, `${target}-shm`]) {
    if (existsSync(existing)) {
      throw new BackupError(`${existing} already exists: stop the portal and move portal.db (with portal.db-wal and portal.db-shm) out of ${dataDir} before restoring into it.`);
    }
  }
  makePrivateDir(dataDir);
  const restoring = `${target}.restoring`;
  copyFileSync(file, restoring);
  chmodSync(restoring, PRIVATE_FILE_MODE);
  const check = await checkDatabaseFile(restoring);
  if (check.integrity !== 'ok') {
    rmSync(restoring, { force: true });
    throw new BackupError(`SQLite finds the backup damaged (${check.integrity.slice(0, 300)}): nothing was restored.`);
  }
  renameSync(restoring, target);
  // A backup from an older version of the portal is brought up to date now, not at first request.
  const handle = openDb({ dialect: 'sqlite', file: target });
  let migrated: string[];
  try {
    migrated = await migrateToLatest(handle.db, 'sqlite');
  } finally {
    await handle.close();
  }
  return { target, manifest, check, migrated };
}

/** The figures people read after a backup or a restore. */
export function describeCheck(check: DatabaseCheck): string[] {
  const chain = check.auditChain;
  return [
    `integrity check: ${check.integrity}`,
    `audit chain: ${
      chain.intact
        ? `intact, ${chain.entries.toLocaleString('en-GB')} entries (positions ${chain.firstSeq}-${chain.lastSeq}), head ${chain.headHash}`
        : `BROKEN: ${chain.break?.problem} ${chain.break?.entryId != null ? `at entry ${chain.break.entryId}` : ''}: ${chain.break?.message}`
    }`,
    `evidence snapshots: ${check.snapshots.count.toLocaleString('en-GB')}, ${check.snapshots.intact.toLocaleString('en-GB')} verify against their SHA-256${
      check.snapshots.broken.length ? `; NOT verifying: ${check.snapshots.broken.join(', ')}` : ''
    }`,
    `users: ${check.users.toLocaleString('en-GB')}`,
    `schema: ${check.schema ?? 'none'}`,
  ];
}
