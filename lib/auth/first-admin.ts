import { openMigratedDb, type DbHandle, type Env } from '@/lib/db/connect';
import { appendAudit } from '@/lib/db/queries/audit';
import { countUsers, createUser, normalizeEmail, UserInputError } from '@/lib/db/queries/users';
import { generatePassword, hashPassword } from './password';

export type FirstAdminResult = { created: false } | { created: true; email: string; password: string };

/**
 * On a fresh database (no users at all), creates one administrator, `FSR_ADMIN_EMAIL` or
 * admin@localhost, with a generated password that is returned so the start script can print it
 * once. There is never a default password; with any user present this does nothing.
 */
export async function ensureFirstAdmin(options: { handle?: DbHandle; env?: Env } = {}): Promise<FirstAdminResult> {
  const env = options.env ?? process.env;
  const handle = options.handle ?? (await openMigratedDb());
  try {
    const db = handle.db;
    if ((await countUsers(db)) > 0) return { created: false };
    const email = normalizeEmail(env.FSR_ADMIN_EMAIL?.trim() || 'admin@localhost');
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    try {
      await db.transaction().execute(async (trx) => {
        const user = await createUser(trx, {
          email,
          name: 'Administrator',
          role: 'admin',
          passwordHash,
          authProvider: 'local',
        });
        await appendAudit(trx, {
          action: 'admin.user.create',
          outcome: 'success',
          actor: { id: null, email: 'system:first-run' },
          reference: user.email,
          detail: { role: 'admin', provider: 'local', reason: 'first run: no users existed' },
        });
      });
    } catch (err) {
      // Another instance starting at the same moment created it: not ours to print.
      if (err instanceof UserInputError) return { created: false };
      throw err;
    }
    return { created: true, email, password };
  } finally {
    if (!options.handle) await handle.close();
  }
}
