import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from './connect';

/** The portal's SQLite files are owner-only from their first byte (lib/runtime/private-files.ts does the work). */

const dirs: string[] = [];
function scratch(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'fsr-private-'));
  dirs.push(d);
  return d;
}
const mode = (p: string) => statSync(p).mode & 0o777;

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the SQLite database files', () => {
  it('gives a new SQLite database, its -wal and -shm owner-only modes', async () => {
    const previous = process.umask(0o022);
    try {
      const dir = path.join(scratch(), 'data');
      const handle = openDb({ dialect: 'sqlite', file: path.join(dir, 'portal.db') });
      await handle.db.schema.createTable('t').addColumn('x', 'integer').execute();
      expect(mode(dir)).toBe(0o700);
      for (const f of ['portal.db', 'portal.db-wal', 'portal.db-shm']) expect(mode(path.join(dir, f)), f).toBe(0o600);
      await handle.close();
    } finally {
      process.umask(previous);
    }
  });
});
