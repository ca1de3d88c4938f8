import { expect, it } from 'vitest';
import { listAudit } from '@/lib/db/queries/audit';
import { countActiveAdmins, createUser } from '@/lib/db/queries/users';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { type AdminActor, changeUserRole, setUserEnabled } from './user-admin';

/**
 * Administrators on different portal instances act at the same moment: the database must still
 * never be left without an active administrator. On PostgreSQL the concurrent calls run on
 * different pool connections, as two instances' would; SQLite has one writer at a time.
 */

const pg = await postgresStatus();
const cli: AdminActor = { id: null, email: 'cli:ops', via: 'cli' };

forEachDialect('user administration under concurrency', pg, (db) => {
  it('two administrators demoting or disabling each other at once: exactly one succeeds, one administrator remains', async () => {
    for (let round = 0; round < 5; round += 1) {
      const make = (n: number) => createUser(db(), { email: `admin-${round}-${n}@x`, role: 'admin', passwordHash: null, authProvider: 'local' });
      // Only these two are active administrators in this round.
      const others = await db().selectFrom('users').select('id').where('role', '=', 'admin').where('disabled', '=', 0).execute();
      for (const o of others) await db().updateTable('users').set({ disabled: 1 }).where('id', '=', o.id).execute();
      const [a, b] = await Promise.all([make(1), make(2)]);
      const results = await Promise.allSettled(
        round % 2 === 0
          ? [changeUserRole(db(), cli, a.id, 'viewer'), changeUserRole(db(), cli, b.id, 'analyst')]
          : [setUserEnabled(db(), cli, a.id, false), setUserEnabled(db(), cli, b.id, false)],
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(String(refused.reason)).toMatch(/only active administrator/);
      expect(await countActiveAdmins(db())).toBe(1);
    }
    // Every refusal is on record as denied, every change as a success.
    const entries = await listAudit(db(), { userEmail: 'cli:ops' });
    expect(entries.filter((e) => e.outcome === 'denied')).toHaveLength(5);
    expect(entries.filter((e) => e.outcome === 'success')).toHaveLength(5);
  });
});
