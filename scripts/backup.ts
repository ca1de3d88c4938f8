// Backup and restore of the portal's state (docs/backup.md).
//   npm run backup [-- --out DIR]        copy the SQLite database while the portal runs, and check the copy
//   npm run restore -- --from DIR        restore a backup into FSR_DATA_DIR (the portal stopped, no portal.db there)
// With DATABASE_URL set the state is in PostgreSQL: use pg_dump / pg_restore as docs/backup.md shows.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backupSqlite, checkPassed, defaultBackupDir, describeCheck, restoreSqlite } from '@/lib/backup/sqlite-backup';
import { dataDir, dbConfigFromEnv, type Env } from '@/lib/db/connect';

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
  const ok = checkPassed(result.check);
  const lines = [
    `Restored ${path.resolve(values.from.trim())}`,
    `      into ${result.target}${result.manifest ? ` (backup of ${result.manifest.createdAt}, SHA-256 matches its manifest)` : ''}`,
    ...describeCheck(result.check).map((l) => `  ${l}`),
    ...(result.migrated.length ? [`  brought up to date: ${result.migrated.join(', ')}`] : []),
    ok ? 'Start the portal on this data folder (npm start).' : 'Restored, but the checks above found problems: investigate before relying on this state.',
  ];
  return { text: lines.join('\n'), exitCode: ok ? 0 : 1 };
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
