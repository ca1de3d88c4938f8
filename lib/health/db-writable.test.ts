import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openMigratedDb } from '@/lib/db/connect';
import type { Database } from '@/lib/db/schema';
import {
  databaseUnwritable,
  failedForStorage,
  isStorageFailure,
  noteDatabaseError,
  noteDatabaseWrite,
  RECHECK_MS,
  registerWriteProbe,
  stillUnwritable,
} from '@/lib/db/db-writable';
import { databaseUnavailableResponse } from './unavailable-response';
import { probeWrite } from './write-probe';

const dir = mkdtempSync(path.join(tmpdir(), 'fsr-writable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function err(code: string, message = 'x'): Error {
  return Object.assign(new Error(message), { code });
}

describe('what counts as a database that cannot write', () => {
  it('recognises storage failures of either engine, and not a constraint or a bug', () => {
    for (const code of [
      'SQLITE_READONLY',
      'SQLITE_READONLY_DBMOVED',
      'SQLITE_FULL',
      'SQLITE_IOERR_WRITE',
      'SQLITE_CANTOPEN',
      '25006',
      '53100',
      '58030',
      '57P01',
      '08006',
      'ECONNREFUSED',
    ]) {
      expect(isStorageFailure(err(code)), code).toBe(true);
    }
    expect(isStorageFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', '23505', '42P01']) expect(isStorageFailure(err(code)), code).toBe(false);
    expect(isStorageFailure(new TypeError('undefined is not a function'))).toBe(false);
  });

  it('proves a write on a real SQLite file, and fails as storage when the file is read-only', async () => {
    const file = path.join(dir, 'portal.db');
    const handle = await openMigratedDb({ dialect: 'sqlite', file });
    expect((await probeWrite(handle.db, 'test:1')).ms).toBeGreaterThanOrEqual(0);
    await probeWrite(handle.db, 'test:1');
    expect(await handle.db.selectFrom('readiness_probe').selectAll().execute()).toEqual([{ instance: 'test:1', written_at: expect.any(String), writes: 2 }]);
    await handle.close();
    // The same file opened read-only: SQLite refuses the write as a read-only database.
    const readOnly = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(file, { readonly: true }) }) });
    const failure = await probeWrite(readOnly, 'test:1').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((failure as { code?: string }).code).toMatch(/^SQLITE_READONLY/);
    expect(isStorageFailure(failure)).toBe(true);
    await readOnly.destroy();
  });
});

describe('the mark the proxy reads', () => {
  it('is set by a storage failure, kept while the probe fails, retried at most every RECHECK_MS, and cleared by a successful probe', async () => {
    noteDatabaseWrite();
    expect(databaseUnwritable()).toBeNull();
    expect(await stillUnwritable()).toBe(false);
    expect(noteDatabaseError(err('SQLITE_CONSTRAINT_UNIQUE'))).toBe(false);
    expect(databaseUnwritable()).toBeNull();

    let writable = false;
    let probes = 0;
    registerWriteProbe(async () => {
      probes += 1;
      if (!writable) throw err('SQLITE_IOERR_WRITE', 'disk I/O error');
    });
    expect(noteDatabaseError(err('SQLITE_FULL'))).toBe(true);
    expect(databaseUnwritable()).toMatchObject({ reason: 'SQLITE_FULL' });

    const t = Date.now() + 10 * RECHECK_MS;
    // Ten requests at once share one probe, which fails.
    expect(await Promise.all(Array.from({ length: 10 }, () => stillUnwritable(t)))).toEqual(Array(10).fill(true));
    expect(probes).toBe(1);
    expect(databaseUnwritable()).toMatchObject({ reason: 'SQLITE_IOERR_WRITE' });
    // Within RECHECK_MS of the last try, no new probe.
    writable = true;
    expect(await stillUnwritable(Date.now() + 1)).toBe(true);
    expect(probes).toBe(1);
    // Once due, the probe succeeds and pages are served again.
    expect(await stillUnwritable(Date.now() + RECHECK_MS + 1)).toBe(false);
    expect(probes).toBe(2);
    expect(databaseUnwritable()).toBeNull();
  });

  it('keeps the mark when a transaction’s commit failed for storage and its rollback threw something else', async () => {
    // As Kysely reports it: the commit's SQLITE_IOERR passes the log hook, then the rollback's own error is thrown.
    const commitThenRollback = async () => {
      noteDatabaseError(err('SQLITE_IOERR_WRITE', 'disk I/O error'));
      throw err('SQLITE_ERROR', 'cannot rollback - no transaction is active');
    };
    noteDatabaseWrite();
    expect(await failedForStorage(commitThenRollback)).toMatchObject({ ok: false, storage: true });
    registerWriteProbe(commitThenRollback);
    expect(await stillUnwritable(Date.now() + 100 * RECHECK_MS)).toBe(true);
    // A probe failing for a reason that is not storage (a bug) does not hold every page at 503.
    registerWriteProbe(async () => {
      throw new TypeError('a bug');
    });
    expect(await stillUnwritable(Date.now() + 200 * RECHECK_MS)).toBe(false);
    expect(await failedForStorage(async () => {})).toEqual({ ok: true });
  });

  it('answers 503 in words: JSON for handlers and programs, a plain page for people, both with Retry-After', async () => {
    const api = databaseUnavailableResponse('/api/bulk', null);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('30');
    expect(await api.json()).toEqual({ error: 'database-unavailable', message: expect.stringContaining('cannot save to its database') });
    expect((await databaseUnavailableResponse('/register-api/services/V0.1/Firm/1', null).json()).error).toBe('database-unavailable');
    const page = databaseUnavailableResponse('/firm/122702', 'text/html,application/xhtml+xml');
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<h1>FSR Portal is temporarily unavailable</h1>');
    expect(html).toContain('comes back by itself');
    expect(html).not.toMatch(/<script|<style|style=/);
  });
});
