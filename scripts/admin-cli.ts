import { userInfo } from 'node:os';
import type { AdminActor } from '@/lib/auth/user-admin';
import { openMigratedDb, type DbHandle } from '@/lib/db/connect';

/** One administration command: the words after `npm run <name> --`, answered as text. */
export type AdminCommand = (argv: string[], handle: DbHandle, actor: AdminActor) => Promise<string>;

/**
 * The shell shared by `npm run users` and `npm run tokens`: opens the portal's database (SQLite in
 * FSR_DATA_DIR, or DATABASE_URL), acts as `cli:<os user>` so the audit log says who ran it, and
 * prints the answer. Exit code 2 with the message alone for a usage or input error, 1 otherwise.
 */
export async function runAdminCli(command: AdminCommand, isUsageError: (err: unknown) => boolean): Promise<number> {
  let handle: DbHandle | undefined;
  try {
    handle = await openMigratedDb();
    const actor: AdminActor = { id: null, email: `cli:${userInfo().username}`, via: 'cli' };
    console.log(await command(process.argv.slice(2), handle, actor));
    return 0;
  } catch (err) {
    if (isUsageError(err)) {
      console.error((err as Error).message);
      return 2;
    }
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  } finally {
    await handle?.close();
  }
}

/** Rows as aligned plain-text columns (the first row is the heading), for the commands' listings. */
export function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
