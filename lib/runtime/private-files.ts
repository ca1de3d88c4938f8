import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The portal's files on disk hold password hashes, session records, two-factor secrets, the
 * audit log and the secrets that sign sessions and encrypt TOTP secrets: only the account the
 * portal runs as may read them. Folders are created 0700 and files 0600, whatever the umask;
 * files that already exist with group or other bits are tightened at start (one log line each),
 * because a folder made by an older version, a copy or an unpacked backup may be world-readable.
 */

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** What tightenPrivatePaths changed, for the log. */
export interface Tightened {
  path: string;
  from: number;
  to: number;
}

/** "0644" */
export function octal(mode: number): string {
  return `0${(mode & 0o777).toString(8).padStart(3, '0')}`;
}

/** Creates `dir` (and missing parents) owner-only; an existing folder is left as it is (see tightenPrivatePaths). */
export function makePrivateDir(dir: string): void {
  // recursive: every folder it creates gets the mode (less the umask, which cannot add bits).
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Creates `file` empty and owner-only unless it exists, so a program that opens it next (SQLite)
 * finds it private rather than creating it with its own default mode (0644). SQLite gives its
 * -wal and -shm files the database file's mode, so they follow.
 */
export function ensurePrivateFile(file: string): void {
  makePrivateDir(path.dirname(file));
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
}

/** chmod to `mode` if `p` exists and has group or other bits; returns what changed. */
function tighten(p: string, mode: number): Tightened | undefined {
  let current: number;
  try {
    current = statSync(p).mode & 0o777;
  } catch {
    return undefined;
  }
  if ((current & 0o077) === 0) return undefined;
  chmodSync(p, mode);
  return { path: p, from: current, to: mode };
}

/**
 * Tightens existing folders (to 0700) and files (to 0600) that others could read; with `deep`, a
 * folder's files and sub-folders too (a backups folder). Missing paths are skipped.
 */
export function tightenPrivatePaths(paths: Array<{ path: string; kind: 'dir' | 'file'; deep?: boolean }>): Tightened[] {
  const changed: Tightened[] = [];
  const visit = (p: string, kind: 'dir' | 'file', deep: boolean) => {
    const t = tighten(p, kind === 'dir' ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
    if (t) changed.push(t);
    if (kind !== 'dir' || !deep || !existsSync(p)) return;
    for (const entry of readdirSync(p, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(path.join(p, entry.name), 'dir', true);
      else if (entry.isFile()) visit(path.join(p, entry.name), 'file', false);
    }
  };
  for (const p of paths) visit(p.path, p.kind, p.deep ?? false);
  return changed;
}

/** One line per change: "tightened data/portal.db from 0644 to 0600 (owner only)". */
export function describeTightened(changed: Tightened[]): string[] {
  return changed.map((c) => `tightened ${c.path} from ${octal(c.from)} to ${octal(c.to)} (owner only)`);
}
