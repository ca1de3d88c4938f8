import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '@/lib/auth/totp';
import { checkSecondFactor, confirmEnrolment, pendingEnrolmentSecret } from '@/lib/auth/two-factor';
import { createLocalUser } from '@/lib/auth/user-admin';
import type { BackupManifest } from '@/lib/backup/sqlite-backup';
import { openDb, openMigratedDb } from '@/lib/db/connect';
import { migrateToLatest, migrationsFor } from '@/lib/db/migrations';
import { appendAudit } from '@/lib/db/queries/audit';
import { verifyAuditChain } from '@/lib/db/queries/audit-chain';
import { createSnapshot, getSnapshot } from '@/lib/db/queries/snapshots';
import { createPostgresTestDb, postgresStatus } from '@/test/db-harness';
import { describeWithService } from '@/test/services';
import { runBackupCommand } from './backup';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const pgService = await postgresStatus();
const CLI = { id: null, email: 'cli:backup-test', via: 'cli' as const };
const REPORT_DATA = { firm: { frn: '122702', name: 'Backup Test Bank' }, permissions: [{ activity: 'Accepting deposits', retrievedAt: '2026-11-24T10:00:00.000Z' }] };

const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A portal instance writing audit entries from another process while the backup runs. */
function writerProcess(file: string, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'test', 'audit-append-worker.ts'), JSON.stringify({ dialect: 'sqlite', file }), String(count), 'live'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`writer exited ${code}: ${err}`))));
  });
}

describe('npm run backup / npm run restore (SQLite)', () => {
  const live = tempDir('fsr-backup-live-');
  const out = path.join(tempDir('fsr-backup-out-'), 'nightly');
  const restored = tempDir('fsr-backup-restored-');
  let snapshot: { id: string; sha256: string };
  let manifest: BackupManifest;

  it('copies the database while another process writes to it, and checks the copy', async () => {
    const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(live, 'portal.db') });
    try {
      await createLocalUser(handle.db, CLI, { email: 'analyst@backup.test', role: 'analyst' });
      snapshot = await createSnapshot(handle.db, { frn: '122702', createdBy: { id: null, email: 'analyst@backup.test' }, caseReference: 'BK-1', data: REPORT_DATA });
      for (let i = 0; i < 50; i += 1)
        await appendAudit(handle.db, { action: 'firm.view', outcome: 'success', actor: { id: null, email: 'analyst@backup.test' }, reference: String(i) });
    } finally {
      await handle.close();
    }
    const writing = writerProcess(path.join(live, 'portal.db'), 150);
    const result = await runBackupCommand('backup', ['--out', out], { FSR_DATA_DIR: live });
    await writing;
    expect(result.exitCode).toBe(0);
    expect(result.text).toContain('integrity check: ok');
    expect(result.text).toMatch(/audit chain: intact, [\d,]+ entries \(positions 1-\d+\), head [0-9a-f]{64}/);
    expect(result.text).toContain('evidence snapshots: 1, 1 verify against their SHA-256');
    manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest).toMatchObject({
      format: 'fsr-portal-sqlite-backup',
      file: 'portal.db',
      check: { integrity: 'ok', users: 1, schema: Object.keys(migrationsFor('sqlite')).at(-1), snapshots: { count: 1, intact: 1 } },
    });
    // A consistent state between the seeded entries and everything the writer added.
    expect(manifest.check.auditChain.entries).toBeGreaterThanOrEqual(51);
    expect(manifest.check.auditChain.entries).toBeLessThanOrEqual(51 + 150);
    // One self-contained file: no WAL beside it.
    expect(existsSync(path.join(out, 'portal.db-wal'))).toBe(false);
    const liveHandle = openDb({ dialect: 'sqlite', file: path.join(live, 'portal.db') });
    try {
      expect(await verifyAuditChain(liveHandle.db)).toMatchObject({ intact: true, entries: 51 + 150 });
    } finally {
      await liveHandle.close();
    }
  }, 60_000);

  it('restores into a fresh data folder: the snapshot has the same hash and the audit chain verifies', async () => {
    const result = await runBackupCommand('restore', ['--from', out], { FSR_DATA_DIR: restored });
    expect(result.exitCode).toBe(0);
    expect(result.text).toContain('SHA-256 matches its manifest');
    const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(restored, 'portal.db') });
    try {
      const reopened = await getSnapshot(handle.db, snapshot.id);
      expect(reopened).toMatchObject({ sha256: snapshot.sha256, intact: true, caseReference: 'BK-1', data: REPORT_DATA });
      const chain = await verifyAuditChain(handle.db);
      expect(chain).toMatchObject({ intact: true, entries: manifest.check.auditChain.entries, headHash: manifest.check.auditChain.headHash });
    } finally {
      await handle.close();
    }
  });

  it('refuses to restore over a database, a backup whose bytes changed, and PostgreSQL settings', async () => {
    await expect(runBackupCommand('restore', ['--from', out], { FSR_DATA_DIR: restored })).rejects.toThrow(/portal\.db already exists: stop the portal and move/);
    await expect(runBackupCommand('backup', ['--out', out], { FSR_DATA_DIR: live })).rejects.toThrow(/already holds files/);
    await expect(runBackupCommand('backup', [], { FSR_DATA_DIR: tempDir('fsr-backup-empty-') })).rejects.toThrow(/There is no portal database at .*nothing to back up/);
    await expect(runBackupCommand('backup', [], { DATABASE_URL: 'postgres://u:secret@db/portal' })).rejects.toThrow(/DATABASE_URL is set.*pg_dump/);
    await expect(runBackupCommand('restore', [], { FSR_DATA_DIR: restored })).rejects.toThrow(/restore needs --from DIR/);
    await expect(runBackupCommand('backup', ['--bogus'], {})).rejects.toThrow(/Unknown option '--bogus'/);
    appendFileSync(path.join(out, 'portal.db'), Buffer.from([0]));
    await expect(runBackupCommand('restore', ['--from', out], { FSR_DATA_DIR: tempDir('fsr-backup-other-') })).rejects.toThrow(/no longer matches the SHA-256/);
  });
});

describe('two-factor through backup and restore (its key is kept out of both)', () => {
  it('keeps two-factor working when the key is in place, says what to do when it is not, and keeps every copy owner-only', async () => {
    const live = tempDir('fsr-backup-2fa-live-');
    const out = path.join(tempDir('fsr-backup-2fa-out-'), 'nightly');
    const T0 = Date.parse('2026-11-24T10:00:00Z');
    let userId: string;
    let secret: string;
    const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(live, 'portal.db') });
    try {
      const created = await createLocalUser(handle.db, CLI, { email: 'twofactor@backup.test', role: 'analyst' });
      userId = created.user.id;
      // Enrolled under the tests' FSR_TOTP_KEY (vitest.config.ts), as a portal on this key would.
      secret = (await pendingEnrolmentSecret(handle.db, userId, T0))!;
      expect((await confirmEnrolment(handle.db, userId, totpCodeAt(secret, T0), T0)).ok).toBe(true);
    } finally {
      await handle.close();
    }
    const backup = await runBackupCommand('backup', ['--out', out], { FSR_DATA_DIR: live });
    expect(backup.exitCode).toBe(0);
    const mode = (p: string) => statSync(p).mode & 0o777;
    expect([mode(out), mode(path.join(out, 'portal.db')), mode(path.join(out, 'manifest.json'))]).toEqual([0o700, 0o600, 0o600]);
    // The backup holds the secret only encrypted.
    expect(readFileSync(path.join(out, 'portal.db')).includes(Buffer.from(secret))).toBe(false);

    // Restored with the same key: the next code signs in.
    const withKey = tempDir('fsr-backup-2fa-key-');
    const restored = await runBackupCommand('restore', ['--from', out], { FSR_DATA_DIR: withKey, FSR_TOTP_KEY: process.env.FSR_TOTP_KEY });
    expect(restored.exitCode).toBe(0);
    expect(restored.text).toMatch(/two-factor secrets: 1, 1 readable with key [0-9a-f]{8} \(FSR_TOTP_KEY\)/);
    expect(mode(path.join(withKey, 'portal.db'))).toBe(0o600);
    const back = openDb({ dialect: 'sqlite', file: path.join(withKey, 'portal.db') });
    try {
      expect(await checkSecondFactor(back.db, userId, totpCodeAt(secret, T0 + 60_000), T0 + 60_000)).toEqual({ ok: true, method: 'totp' });
    } finally {
      await back.close();
    }

    // Restored where no key is: nothing is generated, and the fix is said.
    const noKey = tempDir('fsr-backup-2fa-nokey-');
    const missing = await runBackupCommand('restore', ['--from', out], { FSR_DATA_DIR: noKey });
    expect(missing.exitCode).toBe(1);
    expect(missing.text).toContain(`${path.join(noKey, 'totp-key')} is missing: copy the totp-key file`);
    expect(existsSync(path.join(noKey, 'totp-key'))).toBe(false);

    // Restored beside another key: named as another key, not taken for wrong codes.
    const otherKey = tempDir('fsr-backup-2fa-other-');
    writeFileSync(path.join(otherKey, 'totp-key'), `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    const other = await runBackupCommand('restore', ['--from', out], { FSR_DATA_DIR: otherKey });
    expect(other.exitCode).toBe(1);
    expect(other.text).toMatch(/two-factor secrets: 1, 0 readable with key [0-9a-f]{8} \(file\)/);
    expect(other.text).toMatch(/1 were encrypted with key [0-9a-f]{8}: put that key in place/);
  }, 60_000);
});

const hasPgDump = await run('pg_dump', ['--version']).then(
  () => true,
  () => false,
);

// pg_dump and pg_restore are client tools: without them this is reported as not run, like an
// unreachable server (and fails under REQUIRE_SERVICES=1).
const pgTools = { ...pgService, available: pgService.available && hasPgDump, reason: hasPgDump ? pgService.reason : 'pg_dump is not installed on this machine' };

describeWithService(pgTools)('pg_dump / pg_restore as docs/backup.md describes (PostgreSQL)', () => {
  it('restores into a fresh database: the snapshot has the same hash, the chain verifies and the guards came along', async () => {
    const source = await createPostgresTestDb(pgService.url);
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(source.handle.db)).rows[0].s;
    const dump = path.join(tempDir('fsr-pgdump-'), 'portal.dump');
    const database = `fsr_restore_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgService.url });
    await admin.connect();
    try {
      const saved = await createSnapshot(source.handle.db, { frn: '122702', createdBy: { id: null, email: 'a@backup.test' }, data: REPORT_DATA });
      for (let i = 0; i < 30; i += 1) await appendAudit(source.handle.db, { action: 'firm.view', outcome: 'success', actor: null, reference: String(i) });
      const before = await verifyAuditChain(source.handle.db);
      // The test database holds other runs' schemas too, so the dump names ours (-n); a
      // deployment dumps the whole database.
      await run('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${dump}`, pgService.url]);
      await admin.query(`CREATE DATABASE ${database}`);
      const target = new URL(pgService.url);
      target.pathname = `/${database}`;
      await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target.toString()}`, dump]);

      const handle = openDb({ dialect: 'postgres', url: target.toString(), schema, maxConnections: 2 });
      try {
        expect(await migrateToLatest(handle.db, 'postgres')).toEqual([]);
        expect(await getSnapshot(handle.db, saved.id)).toMatchObject({ sha256: saved.sha256, intact: true, data: REPORT_DATA });
        expect(await verifyAuditChain(handle.db)).toEqual(before);
        expect(before).toMatchObject({ intact: true, entries: 30 });
        await appendAudit(handle.db, { action: 'after.restore', outcome: 'success', actor: null });
        expect(await verifyAuditChain(handle.db)).toMatchObject({ intact: true, entries: 31 });
        await expect(sql`UPDATE audit_log SET outcome = 'failure'`.execute(handle.db)).rejects.toThrow(/append-only/);
      } finally {
        await handle.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${database}`).catch(() => undefined);
      await admin.end();
      await source.cleanup();
    }
  }, 60_000);
});
