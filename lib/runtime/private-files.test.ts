import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTightened, ensurePrivateFile, makePrivateDir, tightenPrivatePaths } from './private-files';

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

describe('owner-only files', () => {
  it('creates folders 0700 and files 0600 whatever the umask', () => {
    const previous = process.umask(0o022);
    try {
      const base = scratch();
      makePrivateDir(path.join(base, 'a', 'b'));
      expect(mode(path.join(base, 'a'))).toBe(0o700);
      expect(mode(path.join(base, 'a', 'b'))).toBe(0o700);
      ensurePrivateFile(path.join(base, 'c', 'portal.db'));
      expect(mode(path.join(base, 'c'))).toBe(0o700);
      expect(mode(path.join(base, 'c', 'portal.db'))).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it('tightens existing world-readable folders and files, deep for a backups folder, and says what it changed', () => {
    const base = scratch();
    const data = path.join(base, 'data');
    mkdirSync(path.join(base, 'backups', 'portal-1'), { recursive: true });
    mkdirSync(data);
    writeFileSync(path.join(data, 'portal.db'), '');
    writeFileSync(path.join(data, 'auth-secret'), 'x');
    writeFileSync(path.join(base, 'backups', 'portal-1', 'portal.db'), '');
    chmodSync(data, 0o755);
    chmodSync(path.join(data, 'portal.db'), 0o644);
    chmodSync(path.join(data, 'auth-secret'), 0o600);
    chmodSync(path.join(base, 'backups'), 0o755);
    chmodSync(path.join(base, 'backups', 'portal-1'), 0o775);
    chmodSync(path.join(base, 'backups', 'portal-1', 'portal.db'), 0o664);
    const changed = tightenPrivatePaths([
      { path: data, kind: 'dir' },
      { path: path.join(data, 'portal.db'), kind: 'file' },
      { path: path.join(data, 'portal.db-wal'), kind: 'file' },
      { path: path.join(data, 'auth-secret'), kind: 'file' },
      { path: path.join(base, 'backups'), kind: 'dir', deep: true },
    ]);
    expect(describeTightened(changed)).toEqual([
      `tightened ${data} from 0755 to 0700 (owner only)`,
      `tightened ${path.join(data, 'portal.db')} from 0644 to 0600 (owner only)`,
      `tightened ${path.join(base, 'backups')} from 0755 to 0700 (owner only)`,
      `tightened ${path.join(base, 'backups', 'portal-1')} from 0775 to 0700 (owner only)`,
      `tightened ${path.join(base, 'backups', 'portal-1', 'portal.db')} from 0664 to 0600 (owner only)`,
    ]);
    expect(mode(path.join(base, 'backups', 'portal-1', 'portal.db'))).toBe(0o600);
    // Already private: nothing to say the second time.
    expect(tightenPrivatePaths([{ path: data, kind: 'dir', deep: true }])).toEqual([]);
  });
});
