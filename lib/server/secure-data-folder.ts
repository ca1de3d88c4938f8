import path from 'node:path';
import { SECRET_FILE_NAME } from '@/lib/auth/secret';
import { TOTP_KEY_FILE_NAME } from '@/lib/auth/totp-encryption';
import { dataDir, type Env } from '@/lib/db/connect';
import { describeTightened, tightenPrivatePaths } from '@/lib/runtime/private-files';

/**
 * At start: the data folder, the SQLite database with its -wal and -shm, the generated secrets
 * (auth-secret, totp-key) and the default backups folder, made owner-only if an older version, a
 * copy or an unpacked archive left them readable by others. Returns one line per change, for the
 * log; nothing when all is already private.
 */
export function securePortalFiles(env: Env = process.env, cwd: string = process.cwd()): string[] {
  const data = dataDir(env);
  const db = path.join(data, 'portal.db');
  return describeTightened(
    tightenPrivatePaths([
      { path: data, kind: 'dir' },
      { path: db, kind: 'file' },
      { path: `${db}-wal`, kind: 'file' },
      { path: `${db}-shm`, kind: 'file' },
      { path: path.join(data, SECRET_FILE_NAME), kind: 'file' },
      { path: path.join(data, TOTP_KEY_FILE_NAME), kind: 'file' },
      // `npm run backup` writes into backups/ by default (lib/backup/sqlite-backup.ts).
      { path: path.resolve(cwd, 'backups'), kind: 'dir', deep: true },
    ]),
  );
}
