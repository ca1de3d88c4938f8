import { sql } from 'kysely';
import type { Db } from '@/lib/db/schema';

/**
 * Proves the database takes writes: one small transaction on a table of its own
 * (readiness_probe, one row per instance), upserting the row and reading it back. A read-only
 * file, a full disk, a read-only PostgreSQL or a lost connection makes it throw; nothing else of
 * the portal's state is touched.
 */
export async function probeWrite(db: Db, instance: string, now: number = Date.now()): Promise<{ ms: number }> {
  const started = performance.now();
  const at = new Date(now).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('readiness_probe')
      .values({ instance, written_at: at, writes: 1 })
      .onConflict((oc) => oc.column('instance').doUpdateSet({ written_at: at, writes: sql`readiness_probe.writes + 1` }))
      .execute();
    await trx.selectFrom('readiness_probe').select('writes').where('instance', '=', instance).executeTakeFirstOrThrow();
  });
  return { ms: performance.now() - started };
}

/** This instance's row: FSR_INSTANCE_ID when set (scale-out), else host and port, so a restart reuses its row. */
export function probeInstance(env: NodeJS.ProcessEnv = process.env): string {
  return (env.FSR_INSTANCE_ID?.trim() || `${env.HOSTNAME?.trim() || 'localhost'}:${env.PORT?.trim() || '3000'}`).slice(0, 200);
}
