// Backup and restore of the portal's state (docs/backup.md).
//   npm run backup [-- --out DIR]        copy the SQLite database while the portal runs, and check the copy
//   npm run restore -- --from DIR        restore a backup into FSR_DATA_DIR (the portal stopped, no portal.db there)
// With DATABASE_URL set the state is in PostgreSQL: use pg_dump / pg_restore as docs/backup.md shows.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backupSqlite, checkPassed, defaultBackupDir, describeCheck, restoreSqlite } from '@/lib/backup/sqlite-backup';
import { existsSync } from 'node:fs';
import { encryptPlainTotpSecrets, resolveTotpKey, TOTP_KEY_FILE_NAME, unreadableTotpSecrets } from '@/lib/auth/totp-encryption';
import { dataDir, dbConfigFromEnv, type Env, openDb } from '@/lib/db/connect';

const USAGE = `Usage:
  npm run backup [-- --out DIR]     back up FSR_DATA_DIR/portal.db (default data/portal.db) into DIR
                                    (default backups/portal-<UTC time>), while the portal runs
  npm run restore -- --from DIR     restore the backup in DIR into FSR_DATA_DIR (stop the portal first;
                                    FSR_DATA_DIR must not hold a portal.db)
With DATABASE_URL set, use pg_dump and pg_restore instead: see docs/backup.md.`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface CommandResult {
  text: string;
  exitCode: number;
}

function sqliteFile(env: Env, verb: string): string {
  const config = dbConfigFromEnv(env);
  if (config.dialect !== 'sqlite') {
    throw new UsageError(
      `DATABASE_URL is set, so the portal's state is in PostgreSQL, which \`npm run ${verb}\` does not copy. ` +
        'Use pg_dump / pg_restore as docs/backup.md shows (for example: pg_dump --format=custom --file=portal.dump "$DATABASE_URL").',
    );
  }
  return config.file;
}

/** Runs `backup` or `restore` with its arguments; returns what to print. Exported for tests. */
export async function runBackupCommand(command: 'backup' | 'restore', argv: string[], env: Env = process.env): Promise<CommandResult> {
  let values: { out?: string; from?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, from: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n\n${USAGE}`);
  }
  if (values.help) return { text: USAGE, exitCode: 0 };
  if (command === 'backup') {
    if (values.from) throw new UsageError(`--from is for npm run restore.\n\n${USAGE}`);
    const source = sqliteFile(env, 'backup');
    const out = values.out?.trim() ? path.resolve(values.out.trim()) : defaultBackupDir();
    const manifest = await backupSqlite(source, out);
    const ok = checkPassed(manifest.check);
    const lines = [
      `Backed up ${source}`,
      `        to ${path.join(out, manifest.file)} (${manifest.bytes.toLocaleString('en-GB')} bytes, ${manifest.durationMs} ms)`,
      `   sha-256 ${manifest.sha256}`,
      ...describeCheck(manifest.check).map((l) => `  ${l}`),
      ok
        ? `The copy checks out. Figures are in ${path.join(out, 'manifest.json')}; restore with: npm run restore -- --from ${out}`
        : 'The copy was written but does NOT check out (see above): keep it, and investigate the live database before relying on any backup.',
    ];
    return { text: lines.join('\n'), exitCode: ok ? 0 : 1 };
  }
  if (values.out) throw new UsageError(`--out is for npm run backup.\n\n${USAGE}`);
  if (!values.from?.trim()) throw new UsageError(`restore needs --from DIR (a folder made by npm run backup).\n\n${USAGE}`);
  sqliteFile(env, 'restore');
  const result = await restoreSqlite(path.resolve(values.from.trim()), dataDir(env));
  const twoFactor = await twoFactorAfterRestore(result.target, env);
  const ok = checkPassed(result.check) && twoFactor.ok;
  const lines = [
    `Restored ${path.resolve(values.from.trim())}`,
    `      into ${result.target}${result.manifest ? ` (backup of ${result.manifest.createdAt}, SHA-256 matches its manifest)` : ''}`,
    ...describeCheck(result.check).map((l) => `  ${l}`),
    ...(result.migrated.length ? [`  brought up to date: ${result.migrated.join(', ')}`] : []),
    ...twoFactor.lines.map((l) => `  ${l}`),
    ok ? 'Start the portal on this data folder (npm start).' : 'Restored, but the checks above found problems: investigate before relying on this state.',
  ];
  return { text: lines.join('\n'), exitCode: ok ? 0 : 1 };
}

/**
 * Whether the restored two-factor secrets can be read with this data folder's key (they are
 * encrypted under a key kept out of the database and its backups: lib/auth/totp-encryption.ts),
 * encrypting any still stored plain (a backup from before encryption). A missing key file is not
 * generated here: a new key would read none of them, and the fix is to copy the original.
 */
async function twoFactorAfterRestore(file: string, env: Env): Promise<{ ok: boolean; lines: string[] }> {
  const handle = openDb({ dialect: 'sqlite', file });
  try {
    const total = Number(
      (
        await handle.db
          .selectFrom('user_totp')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    if (total === 0) return { ok: true, lines: ['two-factor secrets: none'] };
    const keyFile = path.join(dataDir(env), TOTP_KEY_FILE_NAME);
    if (!env.FSR_TOTP_KEY?.trim() && !env.DATABASE_URL?.trim() && !existsSync(keyFile)) {
      return {
        ok: false,
        lines: [
          `two-factor secrets: ${total}, but ${keyFile} is missing: copy the totp-key file of the data folder this backup was made from (kept out of backups on purpose) into it, or set FSR_TOTP_KEY to that key, before starting the portal; without it those ${total} people must have their two-factor reset (npm run users -- reset-2fa).`,
        ],
      };
    }
    const key = resolveTotpKey(env);
    const encrypted = await encryptPlainTotpSecrets(handle.db, key);
    const check = await unreadableTotpSecrets(handle.db, key);
    const lines = [
      `two-factor secrets: ${check.total}, ${check.total - check.unreadable} readable with key ${key.id} (${key.source})${encrypted ? `; ${encrypted} stored plain were encrypted` : ''}`,
    ];
    if (check.unreadable > 0) {
      lines.push(
        `${check.unreadable} were encrypted with ${check.otherKeys.length ? `key ${check.otherKeys.join(', ')}` : 'another key or are damaged'}: put that key in place (the totp-key file or FSR_TOTP_KEY of the original portal), or reset those people's two-factor.`,
      );
    }
    return { ok: check.unreadable === 0, lines };
  } finally {
    await handle.close();
  }
}

/** The command-line entry of both commands (scripts/restore.ts runs the restore). */
export async function backupMain(command: 'backup' | 'restore'): Promise<number> {
  try {
    const result = await runBackupCommand(command, process.argv.slice(2));
    (result.exitCode === 0 ? console.log : console.error)(result.text);
    return result.exitCode;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return err instanceof UsageError || err instanceof BackupError ? 2 : 1;
  }
}

if (process.argv[1] && /scripts[\\/]backup\.ts$/.test(process.argv[1])) {
  backupMain('backup').then((code) => {
    process.exitCode = code;
  });
}
